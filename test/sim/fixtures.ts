/** Hand-made workloads for simulator tests: small, exact, no generator involved. */
import { assistant, call, sys, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../../src/core/tokens.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup, type SimSettings } from '../../src/sim/setup.js';
import type { ScriptStep, Workload } from '../../src/workload/types.js';

export interface FixtureOptions {
  turns?: number;
  stepsPerTurn?: number;
  /** characters of each tool result */
  resultChars?: number;
  model?: string;
  contextWindow?: number;
  /** seconds of user think time before each turn */
  thinkTime?: number;
  events?: Record<number, ScriptStep['events']>;
}

/** A deterministic coding-agent-like session: each turn = user message, tool steps, final answer. */
export function fixtureWorkload(tokens: TokenCounter, o: FixtureOptions = {}): Workload {
  const turns = o.turns ?? 3;
  const per = o.stepsPerTurn ?? 4;
  const steps: ScriptStep[] = [];
  let id = 0;
  let pending: Message[] = [];
  for (let t = 0; t < turns; t++) {
    for (let s = 0; s < per; s++) {
      const last = s === per - 1;
      const append = s === 0 ? [user(`Turn ${t}: please fix issue number ${t} in the parser.`)] : pending;
      const c = call(`call_${id++}`, 'bash', { command: `cat src/file_${t}_${s}.ts` });
      const response = last ? assistant(`Done with turn ${t}.`) : assistant(`Step ${s}`, [c]);
      pending = last ? [] : [toolResult(c.id, `line ${t}.${s} `.repeat(Math.ceil((o.resultChars ?? 400) / 10)).slice(0, o.resultChars ?? 400))];
      steps.push({
        userTurn: t, append, response,
        outputTokens: tokens.message(response) - MESSAGE_OVERHEAD_TOKENS,
        gapBefore: s === 0 ? (o.thinkTime ?? 30) : 2, latency: 3,
        ...(o.events?.[steps.length] ? { events: o.events[steps.length] } : {}),
      });
    }
  }
  return {
    id: 'fixture', system: sys('You are a coding agent. '.repeat(300)), steps,
    model: o.model ?? 'claude-sonnet-4.5', contextWindow: o.contextWindow ?? 200_000, maxOutputTokens: 8_000,
  };
}

export const SETTINGS: SimSettings = { breakpoints: 'auto', summarizer: { fidelity: 1, failureRate: 0, failAt: [] } };

export function runFixture(def: PolicyDefinition, o: FixtureOptions = {}, params: Record<string, unknown> = {}, settings: SimSettings = SETTINGS) {
  const tokens = createTokenCounter();
  const workload = fixtureWorkload(tokens, o);
  return runSession(makeSetup({ scenario: 'fixture', seed: 1, workload, policy: resolvePolicy(def, params), settings, tokens, checked: true }));
}
