/**
 * What one Hermes `compress()` call did, in the field names of the conformance cases
 * (shared/conformance/hermes/cases/*.json `expected.record`, described in
 * shared/reference/hermes-compressor.md). Fields that a path never reaches are absent, as in the cases.
 */
import type { PruneDetail } from './prune.js';

export interface RecordParams {
  context_length: number;
  threshold_percent_effective: number;
  threshold_tokens: number;
  tail_token_budget: number;
  max_summary_tokens: number;
  protect_first_n: number;
  protect_last_n: number;
  summary_target_ratio: number;
}

export interface CompressRecord {
  n_before: number;
  n_after: number;
  first_changed_index: number | null;
  pruned_count: number;
  pruned_indices: number[];
  prune_detail: PruneDetail;
  head_size: number;
  compress_start: number | null;
  compress_end: number | null;
  summary_inserted: boolean;
  summary_role: string | null;
  summary_merged_into_tail: boolean;
  summary_index: number | null;
  summary_turns: number | null;
  summarizer_calls: number;
  compression_count_before: number;
  compression_count: number;
  tokens_before: number;
  rough_tokens_before: number;
  rough_tokens_after: number;
  should_compress_before: boolean;
  should_compress_after: boolean;
  ineffective_compression_count: number;
  fallback_summary_used: boolean;
  aborted: boolean;
  params: RecordParams;
  orphan_results_removed?: number;
  orphan_tool_calls_stripped?: number;
  tail_messages?: number;
  tail_budget_tokens?: number;
  /** names of the code paths taken (informative; not compared) */
  paths: string[];
}

/** Dedup, summary and image-strip indices, sorted (argument truncation is not a prune). */
export function prunedIndices(d: PruneDetail): number[] {
  return [...new Set([...d.dedup, ...d.summarized, ...d.image_stripped])].sort((a, b) => a - b);
}

export function prunePaths(d: PruneDetail): string[] {
  const out: string[] = [];
  if (d.dedup.length) out.push('prune_dedup');
  if (d.summarized.length) out.push('prune_summarized');
  if (d.image_stripped.length) out.push('prune_image_stripped');
  if (d.args_truncated.length) out.push('prune_args_truncated');
  return out;
}
