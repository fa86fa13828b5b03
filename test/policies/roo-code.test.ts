/** `roo-code`: context-management/index.ts @ 282555df and condense/index.ts @ e5353cf0. */
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { groups, removeOrphans, rooCodePolicy, slidingWindow } from '../../src/policies/roo-code/policy.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';

describe('roo-code pieces', () => {
  it('sliding window keeps the first message and drops an even half of the rest', () => {
    const h: Message[] = [user('task'), ...Array.from({ length: 10 }, (_, i) => (i % 2 ? user(`u${i}`) : assistant(`a${i}`)))];
    const out = slidingWindow(h); // 10 after the first: drop floor(10·0.5) = 5 → 4 (even)
    expect(out[0]).toBe(h[0]);
    expect(out.slice(1)).toEqual(h.slice(5));
  });
  it('removes calls without results and results without calls', () => {
    const h: Message[] = [user('t'), assistant('x', [call('c1', 'Bash', {}), call('c2', 'Bash', {})]), toolResult('c1', 'r'), toolResult('zz', 'orphan')];
    const out = removeOrphans(h);
    expect(out[1]!.tool_calls!.map((c) => c.id)).toEqual(['c1']);
    expect(out.length).toBe(3);
  });
});

describe('roo-code policy', () => {
  const h = history(turn({ resultTokens: 1_000, calls: 8 }, 'a'), turn({ resultTokens: 1_000, calls: 8 }, 'b'));
  const at = (tokens: number, over: Record<string, unknown> = {}) => {
    const p = create(rooCodePolicy, over);
    p.afterStep!(h, usage(tokens - 100, 100), makeCtx());
    const summarizer = recordingSummarizer();
    return { r: p.beforeStep!(h, makeCtx({ summarizer, maxOutputTokens: 32_000 })), summarizer };
  };
  it('allowed = 0.9 × window − max output (200k, 32k → 148k)', () => {
    expect(at(148_000).r).toBeUndefined();
    expect((at(148_001).r as PolicyResult).kind).toBe('summary');
  });
  it('condenses to [first, summary, last 3 messages]', () => {
    const { r, summarizer } = at(150_000);
    const res = r as PolicyResult;
    const g = groups(h);
    expect(res.history[0]).toBe(h[0]);
    expect(res.history[1]!.role).toBe('assistant');
    expect(res.history.slice(2)).toEqual(g.slice(-3).flat());
    expect(summarizer.requests[0]!.messages).toEqual(g.slice(0, -3).flat());
  });
  it('falls back to the sliding window when condensing is off', () => {
    expect((at(150_000, { autoCondenseContext: false }).r as PolicyResult).kind).toBe('sliding-window');
  });
  it('condenses earlier at autoCondenseContextPercent', () => {
    expect((at(100_000, { autoCondenseContextPercent: 50 }).r as PolicyResult).kind).toBe('summary');
  });
});
