import { describe, expect, it } from 'vitest';
import { toolResult, type Message } from '../../src/core/messages.js';
import { PRUNED } from '../../src/policies/opencode/config.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, toolMessages, turn, usage } from './helpers.js';
import { getPolicy } from '../../src/policies/registry.js';

/** The previous port's defaults (prune on, 2 turns / 8k, no reserve without an input limit): these cases test that behaviour. */
const OPENCODE_001 = getPolicy('opencode@001aa6cc');

const prune = (h: Message[], params: Record<string, unknown> = {}) =>
  create(OPENCODE_001, params).afterStep!(h, usage(1_000), makeCtx()) as PolicyResult | undefined;
const contents = (msgs: readonly Message[]) => toolMessages(msgs).map((m) => m.content);

describe('opencode prune', () => {
  it('never prunes inside the last two user turns, however large they are', () => {
    const h = history(turn({ resultTokens: 10_000, calls: 10 }, 'b'), turn({ resultTokens: 10_000, calls: 10 }, 'c'));
    expect(prune(h)).toBeUndefined();
  });

  it('protects the newest 40k tokens before them and prunes the older outputs', () => {
    const a = turn({ resultTokens: 10_000, calls: 10 }, 'a');
    const recent = history(turn({ resultTokens: 10_000, calls: 10 }, 'b'), turn({ resultTokens: 10_000, calls: 10 }, 'c'));
    const r = prune([...a, ...recent])!;
    expect(r.kind).toBe('prune');
    const outA = contents(r.history.slice(0, a.length));
    expect(outA.slice(0, 6)).toEqual(Array(6).fill(PRUNED));
    expect(outA.slice(6)).toEqual(contents(a).slice(6));
    expect(r.history.slice(a.length)).toEqual(recent);
    expect(r.history.filter((m) => m.role === 'assistant')).toEqual([...a, ...recent].filter((m) => m.role === 'assistant'));
  });

  it('prunes only when more than 20k is reclaimable', () => {
    const tail = history(turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    expect(prune([...turn({ resultTokens: 10_000, calls: 6 }, 'a'), ...tail])).toBeUndefined(); // 20k beyond 40k: not > 20k
    expect(prune([...turn({ resultTokens: 10_000, calls: 7 }, 'a'), ...tail])).toBeDefined();
  });

  it('never prunes skill outputs and does not count them', () => {
    const tail = history(turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    expect(prune([...turn({ tool: 'skill', resultTokens: 10_000, calls: 10 }, 'a'), ...tail])).toBeUndefined();
  });

  it('stops at an output an earlier prune already cleared', () => {
    const a = turn({ resultTokens: 10_000, calls: 2 }, 'a');
    const cleared = a.map((m, i) => (i === 4 ? toolResult(m.tool_call_id!, PRUNED) : m)); // the newer of a's two outputs
    const h = [...cleared, ...turn({ resultTokens: 10_000, calls: 7 }, 'b'), ...turn({ resultTokens: 10, calls: 1 }, 'c'), ...turn({ resultTokens: 10, calls: 1 }, 'd')];
    const r = prune(h)!;
    expect(contents(r.history)[0]).toBe(contents(a)[0]); // older than the cleared one: never reached
    expect(contents(r.history).slice(2, 5)).toEqual(Array(3).fill(PRUNED));
  });

  it('runs only when the agent loop has finished, and can be switched off', () => {
    const h = history(turn({ resultTokens: 10_000, calls: 10 }, 'a'), turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    expect(prune(h.slice(0, -2))).toBeUndefined(); // the last message calls a tool: the loop goes on
    expect(prune(h, { prune: false })).toBeUndefined();
  });
});
