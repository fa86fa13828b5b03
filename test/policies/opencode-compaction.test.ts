import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { CONTINUE_TEXT, MARKER_TEXT } from '../../src/policies/opencode/config.js';
import { usable } from '../../src/policies/opencode/overflow.js';
import type { PolicyResult, PolicyVeto } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';
import { getPolicy } from '../../src/policies/registry.js';

/** The previous port's defaults (prune on, 2 turns / 8k, no reserve without an input limit): these cases test that behaviour. */
const OPENCODE_001 = getPolicy('opencode@001aa6cc');

describe('opencode overflow trigger', () => {
  it('usable = context − min(20k, max output) with a declared input limit, else context − max output', () => {
    expect(usable(200_000, 32_000, 200_000, 0)).toBe(180_000);
    expect(usable(200_000, 8_000, 200_000, 0)).toBe(192_000);
    expect(usable(200_000, 32_000, 0, 0)).toBe(168_000);
    expect(usable(200_000, 32_000, 200_000, 50_000)).toBe(150_000);
  });
});

describe('opencode compaction', () => {
  const older = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'), turn({ resultTokens: 3_000, calls: 8 }, 'b'));
  const recent = history(turn({ resultTokens: 200, calls: 2 }, 'c'), turn({ resultTokens: 200, calls: 2 }, 'd'));
  const h = [...older, ...recent];

  function compact(prompt: number, params: Record<string, unknown> = {}, hist: Message[] = h) {
    const summarizer = recordingSummarizer();
    const p = create(OPENCODE_001, params);
    const r = p.beforeStep!(hist, makeCtx({ lastUsage: usage(prompt, 0), summarizer }));
    return { p, r, summarizer };
  }

  it('does nothing below usable', () => {
    expect(compact(179_999).r).toBeUndefined();
  });

  it('summarizes all but the last two user turns and injects the continue message', () => {
    const { r, summarizer } = compact(180_000);
    const res = r as PolicyResult;
    expect(res.kind).toBe('summary');
    expect(res.history[0]).toEqual({ role: 'user', content: MARKER_TEXT });
    expect(res.history[1]!.role).toBe('assistant');
    expect(res.history.slice(2, -1)).toEqual(recent);
    expect(res.history.at(-1)).toEqual({ role: 'user', content: CONTINUE_TEXT });
    expect(summarizer.requests[0]!.messages).toHaveLength(older.length);
    expect(summarizer.requests[0]!.previousSummary).toBeUndefined();
    expect(compact(180_000, { autoContinue: false }).r).toMatchObject({ history: expect.not.arrayContaining([{ role: 'user', content: CONTINUE_TEXT }]) });
  });

  it('truncates tool outputs in the summarizer input to 2,000 characters', () => {
    const { summarizer } = compact(180_000);
    const tools = summarizer.requests[0]!.messages.filter((m) => m.role === 'tool');
    expect(tools.every((m) => String(m.content).length === 2_000)).toBe(true);
  });

  it('keeps only what fits preserve_recent_tokens, splitting a turn at a message that is not a tool result', () => {
    const big = history(turn({ resultTokens: 3_000, calls: 4 }, 'c'), turn({ resultTokens: 1_500, calls: 6 }, 'd'));
    const res = compact(180_000, {}, [...older, ...big]).r as PolicyResult;
    const tail = res.history.slice(2, -1);
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.length).toBeLessThan(big.length);
    expect(tail[0]!.role).not.toBe('tool');
    expect(tail).toEqual(big.slice(big.length - tail.length));
  });

  it('updates the previous summary on the next compaction', () => {
    const first = compact(180_000);
    const after = [...(first.r as PolicyResult).history, ...turn({ resultTokens: 3_000, calls: 8 }, 'e'), ...turn({ resultTokens: 100, calls: 1 }, 'f'), ...turn({ resultTokens: 100, calls: 1 }, 'g')];
    const summarizer = recordingSummarizer();
    first.p.beforeStep!(after, makeCtx({ lastUsage: usage(5_000, 0) }));
    const second = first.p.beforeStep!(after, makeCtx({ lastUsage: usage(181_000, 0), summarizer })) as PolicyResult;
    expect(second.kind).toBe('summary');
    expect(summarizer.requests[0]!.previousSummary).toBe((first.r as PolicyResult).history[1]!.content);
    expect(summarizer.requests[0]!.messages.some((m) => m.content === MARKER_TEXT)).toBe(false);
  });

  it('treats a compaction that left ≥ 95% of the tokens as stalled', () => {
    const stalledAfter = (next: number) => {
      const { p, r } = compact(200_000);
      return p.beforeStep!((r as PolicyResult).history, makeCtx({ lastUsage: usage(next, 0) }));
    };
    expect((stalledAfter(190_000) as PolicyVeto).veto).toMatch(/stalled/);
    expect(stalledAfter(189_000)).toMatchObject({ kind: 'summary' }); // a 5.5% cut is progress
    expect(stalledAfter(10_000)).toBeUndefined();
  });
});
