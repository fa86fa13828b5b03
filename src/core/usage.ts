/** What one model request cost, as the provider cache model prices it. */

/**
 * Why a request read less of the cache than a pure append would have. Beyond the design's five causes:
 * `lookback-miss` (Anthropic: the breakpoints moved more than 20 blocks past the last entry, nothing
 * edited) and `best-effort-miss` (Gemini implicit: the provider simply did not hit).
 */
export type BreakCause =
  | 'cold-start' | 'compaction' | 'view-change' | 'ttl-expiry' | 'model-switch' | 'lookback-miss' | 'best-effort-miss';
export const BREAK_CAUSES: readonly BreakCause[] = [
  'cold-start', 'compaction', 'view-change', 'ttl-expiry', 'model-switch', 'lookback-miss', 'best-effort-miss',
];

/** Dollars by token class; `null` everywhere a price is unknown (never 0). */
export interface CostBreakdown {
  uncached: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
  total: number;
}

export interface Usage {
  promptTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** prompt tokens neither read from nor written to the cache */
  uncachedTokens: number;
  outputTokens: number;
  /** null when the profile lacks a price (reported as unpriced) */
  cost: CostBreakdown | null;
  /** set when this request read less of the cache than the previous request's prompt */
  breakCause: BreakCause | null;
}
