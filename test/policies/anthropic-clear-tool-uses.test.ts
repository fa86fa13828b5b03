import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { anthropicClearToolUsesPolicy } from '../../src/policies/anthropic/definitions.js';
import type { CacheKeyedView } from '../../src/policies/shared/cache-view.js';
import type { ViewResult } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';
import { create, history, makeCtx, tokens, toolMessages, turn } from './helpers.js';

const msgs = (v: readonly Message[] | ViewResult): readonly Message[] => ('messages' in v ? v.messages : v);
const h = history(turn({ resultTokens: 2_000, calls: 6 }, 'a'), turn({ tool: 'Read', resultTokens: 2_000, calls: 4 }, 'b'));
const ctx = () => makeCtx({ systemTokens: 1_000 });

describe('anthropic-clear-tool-uses (clear_tool_uses_20250919)', () => {
  it('sends the history itself below the trigger', () => {
    expect(create(anthropicClearToolUsesPolicy).view!(h, ctx())).toBe(h);
  });

  it('above the trigger clears the oldest tool results, all but the last 3, and never touches history', () => {
    const frozen = Object.freeze(h.slice());
    const v = create(anthropicClearToolUsesPolicy, { trigger: 10_000 }).view!(frozen, ctx()) as ViewResult;
    expect(v.kind).toBe('clear-tool-uses');
    const results = toolMessages(v.messages);
    expect(results.slice(0, 7).every((m) => m.content === '[cleared]')).toBe(true);
    expect(results.slice(7)).toEqual(toolMessages(h).slice(7));
    expect(v.messages.filter((m) => m.role === 'assistant')).toEqual(h.filter((m) => m.role === 'assistant'));
  });

  it('does nothing when clear_at_least is more than what is clearable', () => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 10_000, clearAtLeast: 1_000_000 });
    expect(p.view!(h, ctx())).toBe(h);
  });

  it('keeps excluded tools and can clear tool inputs', () => {
    const v = create(anthropicClearToolUsesPolicy, { trigger: 10_000, excludeTools: 'bash', clearToolInputs: true }).view!(h, ctx());
    const m = msgs(v);
    const bashResults = toolMessages(m).slice(0, 6);
    expect(bashResults).toEqual(toolMessages(h).slice(0, 6));
    const readCalls = m.filter((x) => x.tool_calls?.[0]?.function.name === 'Read').map((x) => x.tool_calls![0]!.function.arguments);
    expect(readCalls[0]).toBe('{}');
  });

  it('remembering, keeps what the server cleared: the next request repeats the same cleared blocks (a pure append)', () => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 10_000, serverState: 'remembers' });
    const first = msgs(p.view!(h, ctx())).slice(); // the policy patches the array it returned on its next call
    const longer = [...h, ...turn({ resultTokens: 10, calls: 1 }, 'c')];
    const v = p.view!(longer, ctx()) as ViewResult;
    expect(v.messages.slice(0, first.length).every((m, i) => m === first[i])).toBe(true);
    expect(v.messages.length).toBeGreaterThan(first.length);
    expect(v.changedFrom).toBe(first.length);
  });

  it('marks the view with the unedited history under the after-lookup semantics (seed 000, Hermes issues #525/#526)', () => {
    const v = create(anthropicClearToolUsesPolicy, { trigger: 10_000, cacheSemantics: 'after-lookup' }).view!(h, ctx()) as CacheKeyedView;
    expect(v.cacheAs).toBe(h);
    const d = create(anthropicClearToolUsesPolicy, { trigger: 10_000 }).view!(h, ctx()) as CacheKeyedView;
    expect(d.cacheAs).toBeUndefined();
  });
});

describe('anthropic-clear-tool-uses, stateless (the documented reading, default)', () => {
  it('edits every request afresh: one more tool use leaves keep, one more block is cleared near the end', () => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 10_000 });
    const v1 = p.view!(h, ctx()) as ViewResult;
    expect(v1.changedFrom).toBe(0); // nothing returned before
    const first = v1.messages.slice(); // the policy patches the array it returned on its next call
    const longer = [...h, ...turn({ resultTokens: 10, calls: 1 }, 'c')];
    const v2 = p.view!(longer, ctx()) as ViewResult;
    const second = v2.messages;
    const cleared = (v: readonly Message[]) => toolMessages(v).filter((m) => m.content === '[cleared]').length;
    expect(cleared(first)).toBe(7);
    expect(cleared(second)).toBe(8);
    const firstChange = second.findIndex((m, i) => m !== first[i]);
    expect(firstChange).toBe(h.findIndex((m) => m.role === 'tool' && m.tool_call_id === toolMessages(h)[7]!.tool_call_id));
    expect(v2.changedFrom).toBe(firstChange); // the hint the harness patches its request from
  });

  it('measures the trigger on the unedited request, so it keeps clearing where a remembering server would stop', () => {
    // the full history is ~21k tokens; once cleared, the edited request is ~7k
    const trigger = 15_000;
    const stateless = create(anthropicClearToolUsesPolicy, { trigger });
    const remembers = create(anthropicClearToolUsesPolicy, { trigger, serverState: 'remembers' });
    stateless.view!(h, ctx());
    remembers.view!(h, ctx());
    const longer = [...h, ...turn({ resultTokens: 10, calls: 2 }, 'c')];
    expect((stateless.view!(longer, ctx()) as ViewResult).note).toMatch(/cleared 2 tool uses/);
    expect((remembers.view!(longer, ctx()) as ViewResult).note).toBeUndefined();
  });

  it('weighs clear_at_least against everything it clears in the request', () => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 10_000, clearAtLeast: 5_000 });
    expect(msgs(p.view!(h, ctx()))).not.toBe(h);
    const longer = [...h, ...turn({ resultTokens: 10, calls: 1 }, 'c')]; // frees only ~2k more, but 16k in all
    expect(toolMessages(msgs(p.view!(longer, ctx()))).filter((m) => m.content === '[cleared]')).toHaveLength(8);
  });
});

/** A direct recomputation of the edit for one request, to check the incremental tracker against. */
function naive(history: readonly Message[], keep: number, trigger: number, remembered: Set<string> | undefined): Message[] | undefined {
  const count = (v: readonly Message[]) => 1_000 + v.reduce((n, m) => n + tokens.message(m), 0);
  const apply = (ids: Set<string>) => history.map((m) => (m.role === 'tool' && ids.has(m.tool_call_id!) ? { ...m, content: '[cleared]' } : m));
  const base = remembered ? apply(remembered) : history.slice();
  if (count(base) <= trigger) return remembered && remembered.size ? base : undefined;
  const uses = history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((tc) => tc.id) : []));
  const ids = new Set(remembered ?? []);
  for (const id of uses.slice(0, Math.max(0, uses.length - keep))) ids.add(id);
  if (remembered) for (const id of ids) remembered.add(id);
  return apply(ids);
}

describe('anthropic-clear-tool-uses, incremental tracker', () => {
  it.each(['stateless', 'remembers'])('%s: every step equals a direct recomputation', (serverState) => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 12_000, serverState });
    const full = history(...Array.from({ length: 12 }, (_, i) => turn({ resultTokens: 300 + 97 * (i % 5), calls: 1 + (i % 4) }, `t${i}`)));
    const remembered = serverState === 'remembers' ? new Set<string>() : undefined;
    let checked = 0;
    let prev: readonly Message[] = [];
    for (let n = 1; n <= full.length; n++) {
      const hist = full.slice(0, n);
      const v = p.view!(hist, ctx());
      const got = msgs(v);
      const want = naive(hist, 3, 12_000, remembered) ?? hist;
      expect(got.map((m) => m.content), `prefix ${n}`).toEqual(want.map((m) => m.content));
      if (got !== hist) {
        checked++;
        // the hint holds: every position before changedFrom is the object the previous request had there
        const from = (v as ViewResult).changedFrom!;
        expect(from, `prefix ${n}`).toBeLessThanOrEqual(prev.length);
        expect(got.slice(0, from).every((m, i) => m === prev[i]), `prefix ${n}`).toBe(true);
      }
      prev = got.slice();
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('anthropic-clear-tool-uses in a session', () => {
  const run = runFixture(anthropicClearToolUsesPolicy, { turns: 3, stepsPerTurn: 8, resultChars: 8_000 }, { trigger: 25_000, serverState: 'remembers' });

  it('leaves history untouched and moves the cache break to the first cleared block', () => {
    expect(run.events.length).toBeGreaterThan(0);
    expect(run.events.every((e) => e.phase === 'view' && e.kind === 'clear-tool-uses')).toBe(true);
    const first = run.events[0]!;
    // request = [system, user, call_0, result_0, ...]: the first cleared block is the oldest result, index 3
    expect(first.earliestChangedIndex).toBe(3);
    expect(run.steps[first.step]!.breakCause).toBe('view-change');
    expect(run.violations).toHaveLength(0);
  });

  it('between two clearings the request is a pure append that reads the cache', () => {
    const [a, b] = run.events;
    for (let s = a!.step + 1; s < b!.step; s++) {
      expect(run.steps[s]!.breakCause).toBeNull();
      expect(run.steps[s]!.cacheReadTokens).toBeGreaterThan(0);
    }
  });
});

describe('anthropic-clear-tool-uses in a session, stateless', () => {
  const run = runFixture(anthropicClearToolUsesPolicy, { turns: 3, stepsPerTurn: 8, resultChars: 8_000 }, { trigger: 25_000 });

  it('once above the trigger, the request changes near its end on every new tool use', () => {
    expect(run.events.length).toBeGreaterThan(3);
    expect(run.events.every((e) => e.phase === 'view' && e.kind === 'clear-tool-uses')).toBe(true);
    const later = run.events.slice(1);
    expect(later.every((e) => e.earliestChangedIndex > run.events[0]!.earliestChangedIndex)).toBe(true);
    expect(run.violations).toHaveLength(0);
  });
});
