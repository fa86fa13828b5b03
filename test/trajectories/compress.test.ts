/** The greedy trajectory compressor (seed 002) on the hand-made fixture. */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { createMockSummarizer } from '../../src/summarizer/mock.js';
import {
  compressTrajectory, ensureSummaryPrefix, extractTurnContent, findProtectedIndices, type Turn,
} from '../../src/trajectories/compress.js';
import { FALLBACK_SUMMARY, TRAJECTORY_DEFAULTS } from '../../src/trajectories/config.js';
import { byId, SMALL } from './helpers.js';

const cfg = { ...TRAJECTORY_DEFAULTS, ...SMALL };
const deps = (failAt: number[] = []) => {
  const tokens = createTokenCounter();
  return { tokens, summarizer: createMockSummarizer({ seed: 't', tokens, failAt }) };
};

describe('protected head and tail', () => {
  it('protects the first system/human/gpt/tool turns and the last 4; the middle lies between', () => {
    const r = findProtectedIndices(byId('long-compressed').conversations, cfg);
    expect([...r.protectedIndices].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 13, 14, 15, 16]);
    expect([r.start, r.end]).toEqual([4, 13]);
  });

  it('leaves no compressible region when every turn is protected', () => {
    const r = findProtectedIndices(byId('stuck-all-protected').conversations, cfg);
    expect(r.start).toBeGreaterThanOrEqual(r.end);
  });
});

describe('compressTrajectory', () => {
  it('skips a trajectory at or under the target, untouched', () => {
    const t = byId('short-under-target').conversations;
    const { trajectory, metrics } = compressTrajectory(t, cfg, deps());
    expect(trajectory).toEqual(t);
    expect(metrics).toMatchObject({ skipped_under_target: true, was_compressed: false, compression_ratio: 1, summarization_api_calls: 0 });
  });

  it('summarizes only as many middle turns as the savings need, then keeps the rest verbatim', () => {
    const t = byId('long-compressed').conversations;
    const d = deps();
    const { trajectory, metrics } = compressTrajectory(t, cfg, d);
    // need (2444 − 1600) + 100 = 944 tokens: turns 4..9 hold 1005, turns 4..8 only 759
    expect([metrics.turns_compressed_start_idx, metrics.turns_compressed_end_idx, metrics.turns_in_compressed_region]).toEqual([4, 10, 6]);
    expect(trajectory.length).toBe(t.length - 6 + 1);
    expect(trajectory[4]).toEqual({ from: 'human', value: expect.stringMatching(/^\[CONTEXT SUMMARY\]: Summary:/) });
    expect(trajectory[0]!.value).toBe(t[0]!.value + cfg.summaryNoticeText);
    expect(trajectory.slice(1, 4)).toEqual(t.slice(1, 4));
    expect(trajectory.slice(5)).toEqual(t.slice(10));
    const recount = trajectory.reduce((s, x) => s + d.tokens.count(x.value), 0);
    expect(metrics).toMatchObject({
      was_compressed: true, still_over_limit: false, original_tokens: 2444, compressed_tokens: recount,
      tokens_saved: 2444 - recount, turns_removed: 5, summarization_api_calls: 1, summarization_errors: 0,
    });
    expect(metrics.compression_ratio).toBeCloseTo(recount / 2444, 12);
    expect(recount).toBeLessThanOrEqual(cfg.targetMaxTokens);
  });

  it('reports still over limit, uncompressed, when nothing lies outside the protected turns', () => {
    const { metrics } = compressTrajectory(byId('stuck-all-protected').conversations, cfg, deps());
    expect(metrics).toMatchObject({ was_compressed: false, still_over_limit: true, skipped_under_target: false, compressed_tokens: 2041 });
  });

  it('compresses the whole middle and still reports over limit when that is not enough', () => {
    const { metrics } = compressTrajectory(byId('partial-still-over').conversations, cfg, deps());
    expect(metrics).toMatchObject({ was_compressed: true, still_over_limit: true, turns_compressed_start_idx: 4, turns_compressed_end_idx: 8 });
    expect(metrics.compressed_tokens).toBeGreaterThan(cfg.targetMaxTokens);
  });

  it('retries a failed summary and falls back to the static summary after the last attempt', () => {
    const t = byId('long-compressed').conversations;
    const once = compressTrajectory(t, cfg, deps([1])).metrics;
    expect([once.summarization_api_calls, once.summarization_errors]).toEqual([2, 1]);
    const all = compressTrajectory(t, cfg, deps([1, 2, 3]));
    expect([all.metrics.summarization_api_calls, all.metrics.summarization_errors]).toEqual([3, 3]);
    expect(all.trajectory[4]!.value).toBe(FALLBACK_SUMMARY);
  });

  it('is deterministic and does not modify its input', () => {
    const t = byId('long-compressed').conversations;
    const before = JSON.stringify(t);
    expect(JSON.stringify(compressTrajectory(t, cfg, deps()))).toBe(JSON.stringify(compressTrajectory(t, cfg, deps())));
    expect(JSON.stringify(t)).toBe(before);
  });
});

describe('summarizer input and prefix', () => {
  it('labels each turn and cuts values over 3000 characters to 1500 head + 500 tail', () => {
    const long = 'a'.repeat(1500) + 'b'.repeat(2000) + 'c'.repeat(500);
    const t: Turn[] = [{ from: 'gpt', value: 'hi' }, { from: 'tool', value: long }];
    expect(extractTurnContent(t, 0, 2)).toBe(`[Turn 0 - GPT]:\nhi\n\n[Turn 1 - TOOL]:\n${'a'.repeat(1500)}\n...[truncated]...\n${'c'.repeat(500)}`);
    expect(extractTurnContent([{ from: 'tool', value: 'x'.repeat(3000) }], 0, 1)).toBe(`[Turn 0 - TOOL]:\n${'x'.repeat(3000)}`);
  });

  it('puts the [CONTEXT SUMMARY]: prefix on exactly once', () => {
    expect(ensureSummaryPrefix('  did things ')).toBe('[CONTEXT SUMMARY]: did things');
    expect(ensureSummaryPrefix('[CONTEXT SUMMARY]: x')).toBe('[CONTEXT SUMMARY]: x');
    expect(ensureSummaryPrefix('')).toBe('[CONTEXT SUMMARY]:');
  });
});
