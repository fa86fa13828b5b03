/**
 * Configuration of the offline trajectory compressor, with Hermes Agent's defaults.
 *
 * Source: seed 002 (`002_1a111ab0b34283e5.txt`, "Trajectory-Level Compression",
 * `trajectory_compressor.py`) and NousResearch/hermes-agent `trajectory_compressor.py`
 * `CompressionConfig` (target_max_tokens 15250, summary_target_tokens 750, protect first
 * system/human/gpt/tool, protect_last_n_turns 4, max_retries 3, add_summary_notice with its
 * notice text). Only the fields the algorithm reads are modelled; the tokenizer is compactbench's
 * exact o200k counter (upstream loads a Hugging Face tokenizer) and the summarizer is the mock.
 */

export interface TrajectoryConfig {
  /** a trajectory above this many tokens is compressed @default 15250 */
  targetMaxTokens: number;
  /** tokens the summary is asked for, and reserved for it in the savings target @default 750 */
  summaryTargetTokens: number;
  protectFirstSystem: boolean;
  protectFirstHuman: boolean;
  protectFirstGpt: boolean;
  protectFirstTool: boolean;
  /** the last N turns are never compressed @default 4 */
  protectLastNTurns: number;
  /** summary attempts before the static fallback summary @default 3 */
  maxRetries: number;
  /** append `summaryNoticeText` to the system turn of a compressed trajectory @default true */
  addSummaryNotice: boolean;
  summaryNoticeText: string;
  /** attach `compression_metrics` to each compressed record in the output @default true */
  metricsPerTrajectory: boolean;
}

export const TRAJECTORY_DEFAULTS: Readonly<TrajectoryConfig> = {
  targetMaxTokens: 15250,
  summaryTargetTokens: 750,
  protectFirstSystem: true,
  protectFirstHuman: true,
  protectFirstGpt: true,
  protectFirstTool: true,
  protectLastNTurns: 4,
  maxRetries: 3,
  addSummaryNotice: true,
  summaryNoticeText: '\n\nSome of your previous tool responses may be summarized to preserve context.',
  metricsPerTrajectory: true,
};

/** Prefix every trajectory summary carries (upstream ensures it exactly once). */
export const SUMMARY_PREFIX = '[CONTEXT SUMMARY]:';

/** Upstream's summary after the last failed attempt. */
export const FALLBACK_SUMMARY =
  '[CONTEXT SUMMARY]: [Summary generation failed - previous turns contained tool calls and responses that have been compressed to save context space.]';

/**
 * Tokens of upstream's summarization prompt template around the turns (o200k count of the
 * template at the seed's version, target number filled in). Charged as the mock call's overhead.
 */
export const SUMMARY_PROMPT_OVERHEAD_TOKENS = 122;

/** Turn values longer than this (characters) are shortened in the summarizer input. */
export const SUMMARY_INPUT_MAX_CHARS = 3000;
export const SUMMARY_INPUT_HEAD_CHARS = 1500;
export const SUMMARY_INPUT_TAIL_CHARS = 500;
export const SUMMARY_INPUT_MARKER = '\n...[truncated]...\n';
