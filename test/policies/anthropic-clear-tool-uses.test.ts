import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { anthropicClearToolUsesPolicy } from '../../src/policies/anthropic/definitions.js';
import type { CacheKeyedView } from '../../src/policies/shared/cache-view.js';
import type { ViewResult } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';
import { create, history, makeCtx, toolMessages, turn } from './helpers.js';

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

  it('keeps what the server cleared: the next request repeats the same cleared blocks (a pure append)', () => {
    const p = create(anthropicClearToolUsesPolicy, { trigger: 10_000 });
    const first = msgs(p.view!(h, ctx()));
    const longer = [...h, ...turn({ resultTokens: 10, calls: 1 }, 'c')];
    const second = msgs(p.view!(longer, ctx()));
    expect(second.slice(0, first.length).every((m, i) => m === first[i])).toBe(true);
  });

  it('marks the view with the unedited history under the PR #1147 after-lookup semantics', () => {
    const v = create(anthropicClearToolUsesPolicy, { trigger: 10_000, cacheSemantics: 'after-lookup' }).view!(h, ctx()) as CacheKeyedView;
    expect(v.cacheAs).toBe(h);
    const d = create(anthropicClearToolUsesPolicy, { trigger: 10_000 }).view!(h, ctx()) as CacheKeyedView;
    expect(d.cacheAs).toBeUndefined();
  });
});

describe('anthropic-clear-tool-uses in a session', () => {
  const run = runFixture(anthropicClearToolUsesPolicy, { turns: 3, stepsPerTurn: 8, resultChars: 8_000 }, { trigger: 25_000 });

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
