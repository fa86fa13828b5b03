/**
 * Compressing a whole file of trajectories: each record through the compressor, the metrics
 * aggregated, and the output records built (with `compression_metrics` on the compressed ones, as
 * upstream's `process_entry` adds them when `metrics_per_trajectory` is on). Seed 002;
 * NousResearch/hermes-agent `trajectory_compressor.py` `process_entry_async`.
 */
import { createTokenCounter, type TokenCounter } from '../core/tokens.js';
import { createMockSummarizer } from '../summarizer/mock.js';
import type { Summarizer } from '../summarizer/types.js';
import { compressTrajectory } from './compress.js';
import { TRAJECTORY_DEFAULTS, type TrajectoryConfig } from './config.js';
import type { TrajectoryRecord } from './jsonl.js';
import { addTrajectoryMetrics, emptyAggregate, metricsToDict, type AggregateMetrics, type TrajectoryMetrics } from './metrics.js';

export interface BatchResult {
  records: Record<string, unknown>[];
  perTrajectory: { line: number; metrics: TrajectoryMetrics }[];
  aggregate: AggregateMetrics;
}

export interface BatchOptions {
  config?: Partial<TrajectoryConfig>;
  /** seed of the mock summarizer @default 0 */
  seed?: number | string;
  tokens?: TokenCounter;
  /** defaults to the mock summarizer, fidelity 1, no failures */
  summarizer?: Summarizer;
}

export function compressRecords(input: readonly TrajectoryRecord[], o: BatchOptions = {}): BatchResult {
  const cfg: TrajectoryConfig = { ...TRAJECTORY_DEFAULTS, ...o.config };
  const tokens = o.tokens ?? createTokenCounter();
  const summarizer = o.summarizer ?? createMockSummarizer({ seed: `trajectories:${o.seed ?? 0}`, tokens });
  const aggregate = emptyAggregate();
  const records: Record<string, unknown>[] = [];
  const perTrajectory: BatchResult['perTrajectory'] = [];
  for (const r of input) {
    const { trajectory, metrics } = compressTrajectory(r.conversations, cfg, { tokens, summarizer });
    addTrajectoryMetrics(aggregate, metrics);
    perTrajectory.push({ line: r.line, metrics });
    const out: Record<string, unknown> = { ...r.record, conversations: trajectory };
    if (cfg.metricsPerTrajectory && metrics.was_compressed) out.compression_metrics = metricsToDict(metrics);
    records.push(out);
  }
  return { records, perTrajectory, aggregate };
}
