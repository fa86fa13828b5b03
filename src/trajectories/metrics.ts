/**
 * Per-trajectory and aggregate metrics of the trajectory compressor, with upstream's field names
 * and JSON layout (so downstream tooling that reads Hermes' `compression_metrics.json` reads ours).
 *
 * Source: seed 002 (`TrajectoryMetrics`: compressed, skipped_under_target, still_over_limit,
 * compression_ratio) and NousResearch/hermes-agent `trajectory_compressor.py` `TrajectoryMetrics.to_dict`,
 * `AggregateMetrics.add_trajectory_metrics` / `to_dict`. The aggregate's wall-clock `processing`
 * section is left out: compactbench output never depends on the clock.
 */

export interface TrajectoryMetrics {
  original_tokens: number;
  compressed_tokens: number;
  tokens_saved: number;
  compression_ratio: number;
  original_turns: number;
  compressed_turns: number;
  turns_removed: number;
  turns_compressed_start_idx: number;
  turns_compressed_end_idx: number;
  turns_in_compressed_region: number;
  was_compressed: boolean;
  still_over_limit: boolean;
  skipped_under_target: boolean;
  summarization_api_calls: number;
  summarization_errors: number;
}

export function emptyMetrics(): TrajectoryMetrics {
  return {
    original_tokens: 0, compressed_tokens: 0, tokens_saved: 0, compression_ratio: 1,
    original_turns: 0, compressed_turns: 0, turns_removed: 0,
    turns_compressed_start_idx: -1, turns_compressed_end_idx: -1, turns_in_compressed_region: 0,
    was_compressed: false, still_over_limit: false, skipped_under_target: false,
    summarization_api_calls: 0, summarization_errors: 0,
  };
}

/** Python's round(x, n) for the values here (ties are not a concern at 4 decimals of a ratio). */
const round = (x: number, digits: number): number => Number(x.toFixed(digits));

export function metricsToDict(m: TrajectoryMetrics): Record<string, unknown> {
  return {
    original_tokens: m.original_tokens,
    compressed_tokens: m.compressed_tokens,
    tokens_saved: m.tokens_saved,
    compression_ratio: round(m.compression_ratio, 4),
    original_turns: m.original_turns,
    compressed_turns: m.compressed_turns,
    turns_removed: m.turns_removed,
    compression_region: { start_idx: m.turns_compressed_start_idx, end_idx: m.turns_compressed_end_idx, turns_count: m.turns_in_compressed_region },
    was_compressed: m.was_compressed,
    still_over_limit: m.still_over_limit,
    skipped_under_target: m.skipped_under_target,
    summarization_api_calls: m.summarization_api_calls,
    summarization_errors: m.summarization_errors,
  };
}

export interface AggregateMetrics {
  total_trajectories: number;
  trajectories_compressed: number;
  trajectories_skipped_under_target: number;
  trajectories_still_over_limit: number;
  trajectories_failed: number;
  total_tokens_before: number;
  total_tokens_after: number;
  total_tokens_saved: number;
  total_turns_before: number;
  total_turns_after: number;
  total_turns_removed: number;
  total_summarization_calls: number;
  total_summarization_errors: number;
  compression_ratios: number[];
  tokens_saved_list: number[];
  turns_removed_list: number[];
}

export function emptyAggregate(): AggregateMetrics {
  return {
    total_trajectories: 0, trajectories_compressed: 0, trajectories_skipped_under_target: 0,
    trajectories_still_over_limit: 0, trajectories_failed: 0,
    total_tokens_before: 0, total_tokens_after: 0, total_tokens_saved: 0,
    total_turns_before: 0, total_turns_after: 0, total_turns_removed: 0,
    total_summarization_calls: 0, total_summarization_errors: 0,
    compression_ratios: [], tokens_saved_list: [], turns_removed_list: [],
  };
}

export function addTrajectoryMetrics(a: AggregateMetrics, m: TrajectoryMetrics): void {
  a.total_trajectories++;
  a.total_tokens_before += m.original_tokens;
  a.total_tokens_after += m.compressed_tokens;
  a.total_tokens_saved += m.tokens_saved;
  a.total_turns_before += m.original_turns;
  a.total_turns_after += m.compressed_turns;
  a.total_turns_removed += m.turns_removed;
  a.total_summarization_calls += m.summarization_api_calls;
  a.total_summarization_errors += m.summarization_errors;
  if (m.was_compressed) {
    a.trajectories_compressed++;
    a.compression_ratios.push(m.compression_ratio);
    a.tokens_saved_list.push(m.tokens_saved);
    a.turns_removed_list.push(m.turns_removed);
  }
  if (m.skipped_under_target) a.trajectories_skipped_under_target++;
  if (m.still_over_limit) a.trajectories_still_over_limit++;
}

const mean = (xs: readonly number[], fallback: number): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : fallback);

export function aggregateToDict(a: AggregateMetrics): Record<string, Record<string, number>> {
  return {
    summary: {
      total_trajectories: a.total_trajectories,
      trajectories_compressed: a.trajectories_compressed,
      trajectories_skipped_under_target: a.trajectories_skipped_under_target,
      trajectories_still_over_limit: a.trajectories_still_over_limit,
      trajectories_failed: a.trajectories_failed,
      compression_rate: round(a.trajectories_compressed / Math.max(a.total_trajectories, 1), 4),
    },
    tokens: {
      total_before: a.total_tokens_before,
      total_after: a.total_tokens_after,
      total_saved: a.total_tokens_saved,
      overall_compression_ratio: round(a.total_tokens_after / Math.max(a.total_tokens_before, 1), 4),
    },
    turns: { total_before: a.total_turns_before, total_after: a.total_turns_after, total_removed: a.total_turns_removed },
    averages: {
      avg_compression_ratio: round(mean(a.compression_ratios, 1), 4),
      avg_tokens_saved_per_compressed: round(mean(a.tokens_saved_list, 0), 1),
      avg_turns_removed_per_compressed: round(mean(a.turns_removed_list, 0), 2),
    },
    summarization: {
      total_api_calls: a.total_summarization_calls,
      total_errors: a.total_summarization_errors,
      success_rate: round(1 - a.total_summarization_errors / Math.max(a.total_summarization_calls, 1), 4),
    },
  };
}
