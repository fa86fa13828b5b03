/** Aggregate metrics and output records over the whole fixture (upstream's layout). */
import { describe, expect, it } from 'vitest';
import { compressRecords } from '../../src/trajectories/batch.js';
import { aggregateToDict } from '../../src/trajectories/metrics.js';
import { loadFixture, SMALL } from './helpers.js';

describe('compressRecords on the fixture', () => {
  const r = compressRecords(loadFixture(), { config: SMALL });
  const d = aggregateToDict(r.aggregate);

  it('counts compressed, skipped under target and still over limit', () => {
    expect(d.summary).toEqual({
      total_trajectories: 4, trajectories_compressed: 2, trajectories_skipped_under_target: 1,
      trajectories_still_over_limit: 2, trajectories_failed: 0, compression_rate: 0.5,
    });
    expect(r.perTrajectory.map((p) => p.line)).toEqual([1, 2, 3, 4]);
  });

  it('sums tokens and turns, and averages the ratio over compressed trajectories only', () => {
    const m = r.perTrajectory.map((p) => p.metrics);
    const before = m.reduce((s, x) => s + x.original_tokens, 0);
    const after = m.reduce((s, x) => s + x.compressed_tokens, 0);
    expect(d.tokens).toEqual({ total_before: before, total_after: after, total_saved: before - after, overall_compression_ratio: Number((after / before).toFixed(4)) });
    const ratios = m.filter((x) => x.was_compressed).map((x) => x.compression_ratio);
    expect(d.averages!.avg_compression_ratio).toBe(Number(((ratios[0]! + ratios[1]!) / 2).toFixed(4)));
    expect(d.turns).toEqual({ total_before: 39, total_after: 39 - 5 - 3, total_removed: 8 });
    expect(d.summarization).toEqual({ total_api_calls: 2, total_errors: 0, success_rate: 1 });
  });

  it('keeps each record\'s other fields and attaches compression_metrics to compressed ones only', () => {
    expect(r.records.map((x) => x.id)).toEqual(['short-under-target', 'long-compressed', 'stuck-all-protected', 'partial-still-over']);
    expect(r.records.map((x) => 'compression_metrics' in x)).toEqual([false, true, false, true]);
    expect(r.records[1]!.compression_metrics).toMatchObject({ compression_region: { start_idx: 4, end_idx: 10, turns_count: 6 }, was_compressed: true });
  });

  it('skips everything at the Hermes defaults (15,250-token target)', () => {
    const dflt = aggregateToDict(compressRecords(loadFixture()).aggregate);
    expect(dflt.summary!.trajectories_skipped_under_target).toBe(4);
    expect(dflt.tokens!.overall_compression_ratio).toBe(1);
  });
});
