/**
 * The record of one `compress()` call (record.ts `CompressRecord`) as a class whose reporting-only
 * fields are computed when first read: `rough_tokens_before/after`, `tokens_before` when no count was
 * given, the `should_compress_*` verdicts on them (each a whole-list rough estimate, which upstream's
 * compress() never computes and the simulator never reads) and `params`. What they depend on is
 * captured at call time (a copy of the list, the thresholds object, whether a block was active), so a
 * later read gives what an eager one would.
 *
 * Why a class: a no-op compress() (too few messages) is the whole call here, a few microseconds, and
 * building a 30-key literal and then defining accessors on it (which turns the object into a slow
 * dictionary) was most of it. The computed fields are accessors on the prototype; `toJSON` prints
 * every field, so the record reads and serialises as a plain record does.
 */
import { blockReasonOf, type HermesCompressor } from './compressor.js';
import type { HermesThresholds } from './config.js';
import { estimateMessagesTokensRough } from './estimate.js';
import type { PyMsg } from './msg.js';
import type { PruneDetail } from './prune.js';
import type { CompressRecord, RecordParams } from './record.js';

const NO_INDICES: number[] = Object.freeze([]) as unknown as number[];
const NO_PRUNE: PruneDetail = Object.freeze({
  dedup: NO_INDICES, summarized: NO_INDICES, image_stripped: NO_INDICES, args_truncated: NO_INDICES,
}) as PruneDetail;

/**
 * What a record reads of the compressor when a call starts (a HermesCompressor, or a snapshot of one
 * taken then: too-few.ts builds its record when first read).
 */
export type CompressorAtStart = Pick<HermesCompressor, 'compressionCount' | 'ineffectiveCount' | 't' | 'protectFirstN' | 'protectLastN' | 'now' | 'cooldownUntil' | 'fallbackStreak'>;
/** What a record reads of the compressor when a call ends. */
export type CompressorAtEnd = Pick<HermesCompressor, 'cooldownUntil' | 'ineffectiveCount' | 'fallbackStreak'>;

/** The computed fields, in the order a plain record lists them (for `toJSON`). */
const COMPUTED = ['tokens_before', 'rough_tokens_before', 'rough_tokens_after', 'should_compress_before', 'should_compress_after', 'params'] as const;

export class LazyCompressRecord implements CompressRecord {
  n_before: number;
  n_after: number;
  first_changed_index: number | null = null;
  // shared empty values (frozen): compress() replaces them, never edits them
  pruned_count = 0;
  pruned_indices: number[] = NO_INDICES;
  prune_detail: PruneDetail = NO_PRUNE;
  head_size: number;
  compress_start: number | null = null;
  compress_end: number | null = null;
  summary_inserted = false;
  summary_role: string | null = null;
  summary_merged_into_tail = false;
  summary_index: number | null = null;
  summary_turns: number | null = null;
  summarizer_calls = 0;
  compression_count_before: number;
  compression_count: number;
  ineffective_compression_count: number;
  fallback_summary_used = false;
  aborted = false;
  paths: string[] = [];
  declare orphan_results_removed?: number;
  declare orphan_tool_calls_stripped?: number;
  declare tail_messages?: number;
  declare tail_budget_tokens?: number;

  // what the computed fields read, captured at call time
  readonly #t: HermesThresholds;
  readonly #protectFirstN: number;
  readonly #protectLastN: number;
  readonly #before: readonly PyMsg[];
  /** `tokens_before` as given (0: use the rough estimate) */
  readonly #given: number;
  #after: readonly PyMsg[] = NO_MESSAGES;
  // what the block verdicts read, before and after; the clock is read once (a compress() call happens
  // at one simulated instant), and the verdicts are made only when read: a no-op call is a few tens of
  // nanoseconds, and two clock reads and two verdicts were half of it
  readonly #now: number;
  readonly #cooldownUntilBefore: number;
  readonly #ineffectiveBefore: number;
  readonly #streakBefore: number;
  #cooldownUntilAfter = 0;
  #ineffectiveAfter = 0;
  #streakAfter = 0;
  #roughBefore?: number;
  #roughAfter?: number;
  /** values written over the computed ones */
  #set?: Partial<Record<(typeof COMPUTED)[number], unknown>>;

  /** At the start of compress(): `input` as it is now, the block state, the given token count. */
  constructor(c: CompressorAtStart, input: readonly PyMsg[], given: number, headSize: number) {
    this.n_before = input.length;
    this.n_after = input.length;
    this.head_size = headSize;
    this.compression_count_before = c.compressionCount;
    this.compression_count = c.compressionCount;
    this.ineffective_compression_count = c.ineffectiveCount;
    this.#t = c.t;
    this.#protectFirstN = c.protectFirstN;
    this.#protectLastN = c.protectLastN;
    this.#before = input.slice();
    this.#given = given;
    this.#now = c.now();
    this.#cooldownUntilBefore = c.cooldownUntil;
    this.#ineffectiveBefore = c.ineffectiveCount;
    this.#streakBefore = c.fallbackStreak;
    kept ??= this;
  }

  /** At the end of compress(): the returned list (`input` itself, unchanged, if `same`) and the block state then. */
  finish(c: CompressorAtEnd, out: readonly PyMsg[], same: boolean): void {
    this.#after = same ? this.#before : out.slice();
    this.#cooldownUntilAfter = c.cooldownUntil;
    this.#ineffectiveAfter = c.ineffectiveCount;
    this.#streakAfter = c.fallbackStreak;
  }

  get #blockedBefore(): boolean {
    return blockReasonOf(this.#cooldownUntilBefore - this.#now, this.#ineffectiveBefore, this.#streakBefore) !== undefined;
  }
  get #blockedAfter(): boolean {
    return blockReasonOf(this.#cooldownUntilAfter - this.#now, this.#ineffectiveAfter, this.#streakAfter) !== undefined;
  }

  get rough_tokens_before(): number {
    return (this.#set?.rough_tokens_before as number | undefined) ?? (this.#roughBefore ??= estimateMessagesTokensRough(this.#before));
  }
  set rough_tokens_before(v: number) {
    (this.#set ??= {}).rough_tokens_before = v;
  }
  get tokens_before(): number {
    return (this.#set?.tokens_before as number | undefined) ?? (this.#given || this.#roughBeforeValue());
  }
  set tokens_before(v: number) {
    (this.#set ??= {}).tokens_before = v;
  }
  get should_compress_before(): boolean {
    return (this.#set?.should_compress_before as boolean | undefined) ?? (!this.#blockedBefore && (this.#given || this.#roughBeforeValue()) >= this.#t.thresholdTokens);
  }
  set should_compress_before(v: boolean) {
    (this.#set ??= {}).should_compress_before = v;
  }
  get rough_tokens_after(): number {
    return (this.#set?.rough_tokens_after as number | undefined) ?? this.#roughAfterValue();
  }
  set rough_tokens_after(v: number) {
    (this.#set ??= {}).rough_tokens_after = v;
  }
  get should_compress_after(): boolean {
    return (this.#set?.should_compress_after as boolean | undefined) ?? (!this.#blockedAfter && this.#roughAfterValue() >= this.#t.thresholdTokens);
  }
  set should_compress_after(v: boolean) {
    (this.#set ??= {}).should_compress_after = v;
  }
  get params(): RecordParams {
    return (this.#set?.params as RecordParams | undefined) ?? {
      context_length: this.#t.contextLength,
      threshold_percent_effective: this.#t.thresholdPercent,
      threshold_tokens: this.#t.thresholdTokens,
      tail_token_budget: this.#t.tailTokenBudget,
      max_summary_tokens: this.#t.maxSummaryTokens,
      protect_first_n: this.#protectFirstN,
      protect_last_n: this.#protectLastN,
      summary_target_ratio: this.#t.summaryTargetRatio,
    };
  }
  set params(v: RecordParams) {
    (this.#set ??= {}).params = v;
  }

  #roughBeforeValue(): number {
    return (this.#roughBefore ??= estimateMessagesTokensRough(this.#before));
  }
  #roughAfterValue(): number {
    return (this.#roughAfter ??= estimateMessagesTokensRough(this.#after));
  }

  /** Every field, own and computed, as a plain record. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { ...(this as object) };
    for (const k of COMPUTED) out[k] = this[k];
    return out;
  }
}

const NO_MESSAGES: readonly PyMsg[] = Object.freeze([]);

/**
 * The first record made, held for the process's life. Why: V8 holds the maps (hidden classes) of the
 * record's fields weakly; after a full collection that found no record alive (the simulator drops them,
 * and bench:hermes collects between batches) they died, and the optimized code of the record's
 * constructor and of compress()'s early exits, which embeds them, was thrown away and recompiled
 * (--trace-deopt: "weak objects", ~2.5 per collection). One live record keeps the whole chain of maps.
 */
let kept: LazyCompressRecord | undefined;
