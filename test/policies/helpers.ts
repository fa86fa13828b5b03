/** Hand-built histories and contexts for calling policy hooks directly. */
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter, type TokenCounter } from '../../src/core/tokens.js';
import type { Usage } from '../../src/core/usage.js';
import { resolveParams } from '../../src/policies/params.js';
import type { ContextPolicy, PolicyContext, PolicyDefinition } from '../../src/policies/types.js';
import { createMockSummarizer } from '../../src/summarizer/mock.js';
import type { SummaryRequest, SummaryResult } from '../../src/summarizer/types.js';

export const tokens: TokenCounter = createTokenCounter();

/** A summarizer that records its requests and fails on the listed 1-based call numbers. */
export function recordingSummarizer(failAt: number[] = []) {
  const inner = createMockSummarizer({ seed: 'test', tokens, failAt });
  const requests: SummaryRequest[] = [];
  return {
    requests,
    summarize(req: SummaryRequest): SummaryResult {
      requests.push(req);
      return inner.summarize(req);
    },
  };
}

export function makeCtx(over: Partial<PolicyContext> = {}): PolicyContext {
  return {
    contextWindow: 200_000, maxOutputTokens: 32_000, step: 0, userTurn: 0, turnStart: false, now: 0,
    systemTokens: 1_000, systemPrompt: 'system', tokens, summarizer: recordingSummarizer(), rng: () => 0.5,
    model: 'claude-sonnet-4.5', ...over,
  };
}

export const create = (def: PolicyDefinition, params: Record<string, unknown> = {}): ContextPolicy =>
  def.create(resolveParams(def, params));

export function usage(promptTokens: number, outputTokens = 100): Usage {
  return { promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: promptTokens, outputTokens, cost: null, breakCause: null };
}

/** ~`tokens` chars/4-tokens of text (distinct per `seed`, so no two results are equal). */
export const text = (approxTokens: number, seed: string | number = 0): string =>
  `${seed}:`.padEnd(approxTokens * 4, ' abc');

export interface LoopSpec {
  tool?: string;
  /** chars/4 tokens of each result */
  resultTokens: number;
  calls: number;
}

let nextId = 0;

/** One user turn: a user message, `calls` single-call steps with results, and a final answer. */
export function turn(spec: LoopSpec, label = 'task'): Message[] {
  const out: Message[] = [user(`Please work on ${label}.`)];
  for (let i = 0; i < spec.calls; i++) {
    const id = `call_${nextId++}`;
    out.push(assistant(null, [call(id, spec.tool ?? 'Bash', { command: `step ${i}`, file_path: `/src/f${nextId}.ts` })]));
    out.push(toolResult(id, text(spec.resultTokens, id)));
  }
  out.push(assistant(`Done with ${label}.`));
  return out;
}

export function history(...turns: Message[][]): Message[] {
  return turns.flat();
}

export const toolMessages = (h: readonly Message[]): Message[] => h.filter((m) => m.role === 'tool');

export { sys };
