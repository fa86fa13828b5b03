/**
 * PolicyResult.tail: a rewrite given as an edit of the hook's input, which the harness applies to its own
 * array in place. Its records must equal the copying path's (the same rewrite returned as a full new
 * array without hints), checked or not; the tail is validated at the edge, and checked runs verify it
 * against `history`, so a malformed or inconsistent tail is a policy failure, never a crash.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import { tailResult } from '../../src/policies/shared/tail-result.js';
import { withContent } from '../../src/policies/shared/tool-results.js';
import type { ContextPolicy, HookResult, PolicyDefinition, PolicyResult } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { fixtureWorkload, SETTINGS, type FixtureOptions } from './fixtures.js';

type Mode = 'tail' | 'copy' | 'bad-message' | 'no-hint' | 'past-end' | 'wrong-history';

/**
 * Rewrites near the end on most steps: a result cleared, a message dropped, one inserted, a call dropped
 * (an orphan: the invariants' full check), a rewrite from 0, nothing changed; as a tail or as a full copy.
 */
function scripted(mode: Mode, seen?: Set<readonly Message[]>): PolicyDefinition {
  const rewrite = (history: readonly Message[], step: number, phase: string): HookResult => {
    seen?.add(history);
    const kind = step % 7;
    if (kind === 6 || history.length < 8) return undefined;
    const from = kind === 4 ? 0 : history.length - 6;
    const tail = history.slice(from);
    const lastTool = tail.map((m) => m.role).lastIndexOf('tool', tail.length - 3);
    if (kind === 0 && lastTool >= 0) tail[lastTool] = withContent(tail[lastTool]!, `[cleared ${phase} ${step}]`);
    if (kind === 1) tail.splice(1, 1);
    if (kind === 2) tail.splice(2, 0, { role: 'user', content: `[note ${phase} ${step}]` });
    if (kind === 3 && phase === 'before') {
      const call = tail.findIndex((m) => m.role === 'assistant' && m.tool_calls);
      if (call >= 0) tail.splice(call, 1);
    }
    if (kind === 4) tail[0] = withContent(tail[0]!, `[task ${step}]`);
    const fields = { kind: `k${kind}`, note: `${phase} ${step}`, detail: { step } };
    if (mode === 'copy') return { history: history.slice(0, from).concat(tail), ...fields } satisfies PolicyResult;
    if (mode === 'bad-message') tail.push({ role: 'robot', content: 'x' } as unknown as Message);
    if (mode === 'no-hint') return { ...tailResult(history, from, tail, fields), changedFrom: undefined };
    if (mode === 'past-end') return tailResult(history, history.length + 1, tail, fields);
    if (mode === 'wrong-history') return { ...tailResult(history, from, tail, fields), history: history.slice() };
    return tailResult(history, from, tail, fields);
  };
  return {
    id: 'tail-policy', description: 'test', source: 'test', params: [],
    create: (params): ContextPolicy => ({
      id: 'tail-policy', params,
      beforeStep: (h, ctx) => rewrite(h, ctx.step, 'before'),
      afterStep: (h, _u, ctx) => (ctx.step % 3 === 0 ? rewrite(h, ctx.step, 'after') : undefined),
    }),
  };
}

const run = (def: PolicyDefinition, checked: boolean, o: FixtureOptions = { turns: 6, stepsPerTurn: 8, resultChars: 600 }) => {
  const tokens = createTokenCounter();
  const r = runSession(makeSetup({ scenario: 'fixture', seed: 1, workload: fixtureWorkload(tokens, o), policy: resolvePolicy(def), settings: SETTINGS, tokens, checked }));
  return { steps: r.steps, events: r.events, vetoes: r.vetoes, violations: r.violations, failure: r.failure };
};

describe('PolicyResult.tail', () => {
  it('gives the same records as the copying path, checked or not', () => {
    const want = run(scripted('copy'), true);
    expect(want.failure).toBeNull();
    expect(want.events.length).toBeGreaterThan(20);
    expect(want.violations.some((v) => v.code === 'orphan-result')).toBe(true);
    expect(run(scripted('tail'), true)).toEqual(want);
    expect(run(scripted('tail'), false)).toEqual(want);
  });

  it('is applied to the harness array in place: every hook of an unchecked run gets the same array', () => {
    const seen = new Set<readonly Message[]>();
    expect(run(scripted('tail', seen), false).failure).toBeNull();
    expect(seen.size).toBe(1);
  });

  it('builds history only when read, as the input prefix and the tail', () => {
    const input: Message[] = [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }, { role: 'user', content: 'c' }];
    const tail: Message[] = [{ role: 'user', content: 'd' }];
    const r = tailResult(input, 2, tail, { kind: 'x' });
    expect(r.history).toEqual([input[0], input[1], tail[0]]);
    expect(r.history[0]).toBe(input[0]);
    expect(r.history).toBe(r.history);
  });

  it.each([
    ['bad-message', false, /invalid message/],
    ['bad-message', true, /invalid message/],
    ['no-hint', false, /tail needs changedFrom/],
    ['past-end', false, /tail needs changedFrom/],
    ['past-end', true, /tail needs changedFrom/],
    ['wrong-history', true, /tail is not history/],
  ] as const)('%s (checked %s) is a policy failure', (mode, checked, error) => {
    const r = run(scripted(mode), checked);
    expect(r.failure).not.toBeNull();
    expect(r.failure!.error).toMatch(error);
  });
});
