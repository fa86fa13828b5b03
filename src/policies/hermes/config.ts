/**
 * Hermes' compressor configuration and the thresholds derived from it
 * (agent/context_compressor.py `__init__`, `_effective_threshold_percent`, `_compute_threshold_tokens`
 * @ 8fa8aabb; MINIMUM_CONTEXT_LENGTH from agent/model_metadata.py):
 * - windows under 512K trigger at no less than 75% (so the default 50% becomes 75% at 32K–200K);
 * - threshold = max(int(input_window × pct), 64,000), or 85% of the input window when that floor
 *   would reach the window itself (a 32K window triggers at 27,200);
 * - tail budget = threshold × summary_target_ratio (clamped to [0.10, 0.80]) — relative to the
 *   threshold, not the window; summary cap = min(5% of the window, 10,000).
 */

export const MINIMUM_CONTEXT_LENGTH = 64_000;
const SMALL_CTX_WINDOW_LIMIT = 512_000;
const SMALL_CTX_THRESHOLD_PERCENT = 0.75;
const MIN_CTX_TRIGGER_RATIO = 0.85;
const SUMMARY_TOKENS_CEILING = 10_000;

/** What a conformance case's `config` (and the policy's params) may set. */
export interface HermesConfig {
  context_length: number;
  threshold_percent?: number;
  protect_first_n?: number;
  protect_last_n?: number;
  summary_target_ratio?: number;
  max_tokens?: number | null;
  abort_on_summary_failure?: boolean;
  /** 0000416b on: the model name `model_thresholds` is matched against */
  model?: string;
  /** 0000416b on: per-model threshold_percent overrides (longest substring key of `model` wins) */
  model_thresholds?: Readonly<Record<string, number>>;
  /** 0000416b on (`compression.threshold_tokens`): an absolute cap on the trigger, at most the window */
  threshold_tokens_cap?: number | null;
  /**
   * `compression.tail_mode` (PR #87326, opt-in 2026-08-16; the default since PR #95571, 2026-08-26):
   * `legacy` keeps threshold × summary_target_ratio verbatim; `lean` keeps 2.5% of the window,
   * clamped to 10,000–25,000 tokens. Absent: legacy (what 8fa8aabb and 0000416b do).
   */
  tail_mode?: 'legacy' | 'lean';
}

/** The lean tail (`LEAN_TAIL_*`): 2.5% of the window, at least 10,000 and at most 25,000 tokens. */
export const LEAN_TAIL = { ratio: 0.025, floor: 10_000, ceiling: 25_000 } as const;

export function leanTailBudget(contextLength: number): number {
  return Math.min(LEAN_TAIL.ceiling, Math.max(LEAN_TAIL.floor, Math.trunc(contextLength * LEAN_TAIL.ratio)));
}

export interface HermesThresholds {
  contextLength: number;
  configuredThresholdPercent: number;
  thresholdPercent: number;
  maxTokens: number | null;
  thresholdTokens: number;
  tailTokenBudget: number;
  maxSummaryTokens: number;
  summaryTargetRatio: number;
}

/** `_coerce_max_tokens`: only a positive integer is an output reservation. */
export function coerceMaxTokens(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const i = Math.trunc(v);
  return i > 0 ? i : null;
}

export function effectiveThresholdPercent(contextLength: number, pct: number): number {
  return contextLength && contextLength < SMALL_CTX_WINDOW_LIMIT ? Math.max(pct, SMALL_CTX_THRESHOLD_PERCENT) : pct;
}

export function computeThresholdTokens(contextLength: number, pct: number, maxTokens: number | null): number {
  let window = contextLength - (maxTokens ?? 0);
  if (window <= 0) window = contextLength;
  const floored = Math.max(Math.trunc(window * pct), MINIMUM_CONTEXT_LENGTH);
  if (window > 0 && floored >= window) return Math.max(1, Math.min(Math.trunc(window * MIN_CTX_TRIGGER_RATIO), window - 1));
  return floored;
}

export function clampSummaryRatio(r: number): number {
  return Math.max(0.1, Math.min(r, 0.8));
}

/** `resolve_model_threshold`: the longest key contained in the model name overrides the percent. */
export function resolveModelThreshold(model: string | undefined, overrides: Readonly<Record<string, number>> | undefined, pct: number): number {
  if (!overrides || !model) return pct;
  let best = '';
  for (const key of Object.keys(overrides)) if (model.includes(key) && key.length > best.length) best = key;
  return best ? overrides[best]! : pct;
}

export function resolveThresholds(cfg: HermesConfig): HermesThresholds {
  const contextLength = cfg.context_length;
  const configured = resolveModelThreshold(cfg.model, cfg.model_thresholds, cfg.threshold_percent ?? 0.5);
  const thresholdPercent = effectiveThresholdPercent(contextLength, configured);
  const maxTokens = coerceMaxTokens(cfg.max_tokens);
  let thresholdTokens = computeThresholdTokens(contextLength, thresholdPercent, maxTokens);
  // `_apply_threshold_tokens_cap`: the cap (clamped to the window) only ever lowers the trigger
  const cap = coerceMaxTokens(cfg.threshold_tokens_cap);
  if (cap !== null) thresholdTokens = Math.min(thresholdTokens, Math.min(cap, contextLength));
  const summaryTargetRatio = clampSummaryRatio(cfg.summary_target_ratio ?? 0.2);
  return {
    contextLength,
    configuredThresholdPercent: configured,
    thresholdPercent,
    maxTokens,
    thresholdTokens,
    tailTokenBudget: cfg.tail_mode === 'lean' ? leanTailBudget(contextLength) : Math.trunc(thresholdTokens * summaryTargetRatio),
    maxSummaryTokens: Math.min(Math.trunc(contextLength * 0.05), SUMMARY_TOKENS_CEILING),
    summaryTargetRatio,
  };
}
