/**
 * Synthetic PolicyContexts and usages, for tests that call a policy's hooks directly instead of
 * driving it through the simulator (`drive`). The context carries an exact token counter, the mock
 * summarizer and a seeded rng, like the harness's own.
 */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { createTokenCounter, type TokenCounter } from '../core/tokens.js';
import type { Usage } from '../core/usage.js';
import type { PolicyContext } from '../policies/types.js';
import { createMockSummarizer } from '../summarizer/mock.js';
import { DEFAULT_MODELS, DEFAULT_WINDOWS } from './arbitraries.js';

/** The plain-data part of a PolicyContext (derived from the contract, so the two cannot drift apart). */
export interface ContextSpecForHooks
  extends Pick<PolicyContext, 'contextWindow' | 'maxOutputTokens' | 'step' | 'userTurn' | 'turnStart' | 'now' | 'systemPrompt' | 'model'> {
  seed: number;
  /** the previous step's prompt tokens, as a fraction of the window (absent: no previous step) */
  lastPromptFraction?: number;
}

/** A usage with `promptTokens` prompt tokens, all uncached, unpriced. */
export function usageOf(promptTokens: number, outputTokens = 500): Usage {
  return { promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: promptTokens, outputTokens, cost: null, breakCause: null };
}

/** A PolicyContext as the harness builds it, from a spec. */
export function syntheticContext(spec: ContextSpecForHooks, tokens: TokenCounter = createTokenCounter()): PolicyContext {
  return {
    contextWindow: spec.contextWindow, maxOutputTokens: spec.maxOutputTokens, step: spec.step, userTurn: spec.userTurn,
    turnStart: spec.turnStart, now: spec.now, systemPrompt: spec.systemPrompt, systemTokens: tokens.message({ role: 'system', content: spec.systemPrompt }),
    ...(spec.lastPromptFraction !== undefined ? { lastUsage: usageOf(Math.round(spec.lastPromptFraction * spec.contextWindow)) } : {}),
    tokens, summarizer: createMockSummarizer({ seed: spec.seed, tokens }), rng: seedrandom.alea(`${spec.seed}:policy`), model: spec.model,
  };
}

/** Specs of contexts: windows, the step and turn, time, and how full the last prompt was (0–150%). */
export function contextSpecArb(o: { windows?: readonly number[]; models?: readonly string[] } = {}): fc.Arbitrary<ContextSpecForHooks> {
  return fc.record({
    contextWindow: fc.constantFrom(...(o.windows ?? DEFAULT_WINDOWS)),
    maxOutputTokens: fc.constantFrom(4096, 8192, 32_000),
    step: fc.nat({ max: 200 }),
    userTurn: fc.nat({ max: 40 }),
    turnStart: fc.boolean(),
    now: fc.nat({ max: 86_400 }),
    systemPrompt: fc.constantFrom('You are a coding agent.', 'You are Hermes, a helpful assistant with tools.'),
    model: fc.constantFrom(...(o.models ?? DEFAULT_MODELS)),
    seed: fc.nat(),
    lastPromptFraction: fc.integer({ min: 0, max: 150 }).map((p) => p / 100),
  }, { requiredKeys: ['contextWindow', 'maxOutputTokens', 'step', 'userTurn', 'turnStart', 'now', 'systemPrompt', 'model', 'seed'] });
}

/** A usage for a window: prompt tokens from 0 to 150% of it. */
export function usageArb(contextWindow: number): fc.Arbitrary<Usage> {
  return fc.integer({ min: 0, max: Math.round(contextWindow * 1.5) }).map((n) => usageOf(n));
}
