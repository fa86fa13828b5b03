/**
 * Hermes' ContextCompressor state machine (agent/context_compressor.py @ 8fa8aabb, NousResearch/
 * hermes-agent): thresholds, `should_compress` with its blocks (summary-failure cooldown, two
 * ineffective compactions, two fallback summaries in a row), the anti-thrash verdict judged on the
 * next real prompt count (`update_from_response`), the preflight deferral after a compaction
 * (`should_defer_preflight_to_real_usage`) and `record_completed_compaction`. `compress` itself lives
 * in compress.ts. Time is injected (simulated seconds), never read from a clock.
 */
import { resolveThresholds, type HermesConfig, type HermesThresholds } from './config.js';
import { ESTIMATOR_0000416B, ESTIMATOR_8FA8AABB, type RoughEstimator } from './current/estimate.js';
import type { SummaryBackend, SummaryState } from './summary-call.js';

/**
 * Which anti-thrash rule runs. `verdict` is current upstream: a compaction whose next real prompt is
 * still over the threshold is a strike. `savings10` is the older rule seed 002 documents: a pass
 * saving under 10% (message-only estimate) is a strike. Two strikes block automatic compaction.
 */
export type AntiThrashRule = 'verdict' | 'savings10';

/**
 * Which upstream `compress()` runs: 8fa8aabb (2026-07-15) or 0000416b (between 2026-07-23 and
 * 2026-08-16: pressure pass, grounded summaries, actionable-user anchors; v0000416b/compress.ts).
 */
export type CompressorVersion = '8fa8aabb' | '0000416b';

export interface CompressorOptions extends HermesConfig {
  compression_count?: number;
  previous_summary?: string | null;
  antiThrash?: AntiThrashRule;
  /** 0000416b on: keep at least this many real user messages in the tail (`compression.min_tail_user_messages`) */
  min_tail_user_messages?: number;
  version?: CompressorVersion;
  /** the token estimators (default: the version's own; current/estimate.ts has today's) */
  estimator?: RoughEstimator;
}

/** `_automatic_compression_blocked` on what it reads (`cooldownLeft`: the cooldown's end minus now). */
export function blockReasonOf(cooldownLeft: number, ineffectiveCount: number, fallbackStreak: number): string | undefined {
  if (cooldownLeft > 0) return 'summary-failure-cooldown';
  if (ineffectiveCount >= 2) return 'anti-thrash';
  if (fallbackStreak >= 2) return 'fallback-streak';
  return undefined;
}

export class HermesCompressor implements SummaryState {
  t: HermesThresholds;
  private readonly config: HermesConfig;
  readonly protectFirstN: number;
  readonly protectLastN: number;
  readonly abortOnSummaryFailure: boolean;
  readonly antiThrash: AntiThrashRule;
  readonly version: CompressorVersion;
  readonly minTailUserMessages: number;
  readonly rough: RoughEstimator;
  compressionCount: number;
  previousSummary: string | null;
  /** 0000416b on: whether the rolling summary's transcript had a real user turn (null: not known yet) */
  summaryHasUserTurn: boolean | null = null;
  // usage tracking (update_from_response)
  lastPromptTokens = 0;
  lastRealPromptTokens = 0;
  lastCompressionRoughTokens = 0;
  lastRoughTokensWhenRealPromptFit = 0;
  awaitingRealUsageAfterCompression = false;
  // anti-thrash and failure state
  ineffectiveCount = 0;
  fallbackStreak = 0;
  verifyClearedThreshold = false;
  lastCompressionMadeProgress = false;
  /** a number, or how to compute it (see `savingsWhenRead`) */
  private savings: number | (() => number) = 100;
  cooldownUntil = 0;
  lastSummaryError: string | null = null;
  lastSummaryAuthFailure = false;
  lastSummaryNetworkFailure = false;
  lastSummaryFallbackUsed = false;
  lastSummaryDroppedCount = 0;
  lastCompressAborted = false;
  /** summary calls made (the current compress call's count is read from the difference) */
  summarizerCalls = 0;

  constructor(
    opts: CompressorOptions,
    readonly backend: SummaryBackend,
    /** simulated seconds, for the failure cooldown */
    readonly now: () => number = () => 0,
  ) {
    this.config = { ...opts };
    this.t = resolveThresholds(opts);
    this.protectFirstN = opts.protect_first_n ?? 3;
    this.protectLastN = opts.protect_last_n ?? 20;
    this.abortOnSummaryFailure = opts.abort_on_summary_failure ?? false;
    this.antiThrash = opts.antiThrash ?? 'verdict';
    this.version = opts.version ?? '8fa8aabb';
    this.minTailUserMessages = opts.min_tail_user_messages ?? 1;
    this.rough = opts.estimator ?? (this.version === '0000416b' ? ESTIMATOR_0000416B : ESTIMATOR_8FA8AABB);
    this.compressionCount = opts.compression_count ?? 0;
    this.previousSummary = opts.previous_summary ?? null;
  }

  /** `_last_compression_savings_pct` (message-only estimate before vs after the last compress). */
  get lastCompressionSavingsPct(): number {
    if (typeof this.savings === 'function') this.savings = this.savings();
    return this.savings;
  }
  set lastCompressionSavingsPct(pct: number) {
    this.savings = pct;
  }

  /**
   * The savings of a finished compress, computed when first read. Why: under the `verdict` rule the
   * figure is diagnostic only (upstream logs it), and its two whole-list estimates were the largest
   * part of a compress call; the `savings10` rule scores it at once, so it is computed then.
   */
  savingsWhenRead(pct: () => number): void {
    this.savings = pct;
    if (this.antiThrash === 'savings10') this.applySavingsRule(this.lastCompressionSavingsPct);
  }

  get thresholdTokens(): number {
    return this.t.thresholdTokens;
  }
  get tailTokenBudget(): number {
    return this.t.tailTokenBudget;
  }
  get maxSummaryTokens(): number {
    return this.t.maxSummaryTokens;
  }

  /** `_effective_protect_first_n`: head protection decays to 0 after the first compaction. */
  effectiveProtectFirstN(): number {
    return this.compressionCount >= 1 || this.previousSummary ? 0 : this.protectFirstN;
  }

  cooldownActive(): boolean {
    return this.cooldownUntil - this.now() > 0;
  }

  /** `_automatic_compression_blocked`: why automatic compaction is refused, or undefined. */
  blockReason(): string | undefined {
    return blockReasonOf(this.cooldownUntil - this.now(), this.ineffectiveCount, this.fallbackStreak);
  }

  /** `should_compress(prompt_tokens)`. */
  shouldCompress(promptTokens?: number): boolean {
    const tokens = promptTokens ?? this.lastPromptTokens;
    return tokens >= this.t.thresholdTokens && this.blockReason() === undefined;
  }

  /** `update_from_response(usage)`: track real usage and deliver the anti-thrash verdict. */
  updateFromResponse(promptTokens: number): void {
    this.lastPromptTokens = promptTokens;
    if (promptTokens > 0) {
      this.lastRealPromptTokens = promptTokens;
      if (promptTokens < this.t.thresholdTokens) {
        if (this.awaitingRealUsageAfterCompression && this.lastCompressionRoughTokens > 0) {
          this.lastRoughTokensWhenRealPromptFit = this.lastCompressionRoughTokens;
        }
        if (this.antiThrash === 'verdict') this.ineffectiveCount = 0;
      } else this.lastRoughTokensWhenRealPromptFit = 0;
      if (this.verifyClearedThreshold && this.antiThrash === 'verdict') {
        this.ineffectiveCount = promptTokens >= this.t.thresholdTokens ? this.ineffectiveCount + 1 : 0;
      }
    }
    this.verifyClearedThreshold = false;
    this.awaitingRealUsageAfterCompression = false;
  }

  /** `should_defer_preflight_to_real_usage(rough)`: trust a recent fitting real reading over the estimate. */
  shouldDeferPreflight(roughTokens: number): boolean {
    if (roughTokens < this.t.thresholdTokens) return false;
    if (this.awaitingRealUsageAfterCompression) return true;
    if (this.lastRealPromptTokens <= 0 || this.lastRealPromptTokens >= this.t.thresholdTokens) return false;
    const baseline = this.lastRoughTokensWhenRealPromptFit || this.lastCompressionRoughTokens;
    if (baseline <= 0) return false;
    const growth = Math.max(0, roughTokens - baseline);
    if (growth > Math.max(4096, Math.trunc(this.t.thresholdTokens * 0.05))) return false;
    this.lastRoughTokensWhenRealPromptFit = Math.max(baseline, roughTokens);
    return true;
  }

  /** `record_completed_compaction(used_fallback)`: arm the verdict; track fallback summaries in a row. */
  recordCompletedCompaction(usedFallback: boolean): void {
    this.verifyClearedThreshold = true;
    this.fallbackStreak = usedFallback ? this.fallbackStreak + 1 : 0;
  }

  /** What the agent path does after a completed compaction (conversation_compression.py). */
  markCompactionBoundary(roughAfter: number): void {
    this.lastCompressionRoughTokens = roughAfter;
    this.lastPromptTokens = -1;
    this.awaitingRealUsageAfterCompression = true;
    if (this.lastCompressionMadeProgress) this.recordCompletedCompaction(this.lastSummaryFallbackUsed);
  }

  /**
   * `update_model`: a model switch re-derives the thresholds for the new window (from the configured
   * percent) and drops the usage calibration and anti-thrash state of the previous model.
   */
  updateModel(contextLength: number, maxTokens?: number | null): void {
    if (maxTokens !== undefined) this.config.max_tokens = maxTokens;
    this.config.context_length = contextLength;
    this.t = resolveThresholds(this.config);
    this.lastPromptTokens = 0;
    this.lastRealPromptTokens = 0;
    this.lastRoughTokensWhenRealPromptFit = 0;
    this.lastCompressionRoughTokens = 0;
    this.awaitingRealUsageAfterCompression = false;
    this.ineffectiveCount = 0;
    this.fallbackStreak = 0;
    this.verifyClearedThreshold = false;
    this.lastCompressionMadeProgress = false;
  }

  /** The older anti-thrash rule: score a finished pass by its message-only savings. */
  applySavingsRule(savingsPct: number): void {
    if (this.antiThrash !== 'savings10') return;
    this.ineffectiveCount = savingsPct < 10 ? this.ineffectiveCount + 1 : 0;
  }
}
