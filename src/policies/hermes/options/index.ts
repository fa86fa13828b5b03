/**
 * The Hermes options a user can switch on, as one set of hooks the agent loop (policy.ts) calls:
 * background compression (background.ts), Anthropic native compaction (anthropic-native.ts) and the
 * proactive prune (proactive-prune.ts). Each is off unless its variant turns it on (definitions.ts).
 */
import type { Summarizer } from '../../../summarizer/types.js';
import type { HermesCompressor } from '../compressor.js';
import type { PyMsg } from '../msg.js';
import type { SummaryBackend } from '../summary-call.js';
import { CompactionSeed } from './anthropic-native.js';
import { BackgroundCompression, type AppliedCandidate } from './background.js';
import { MicroCompaction, type MicroPass } from './micro-compaction.js';
import { ProactivePrune, type ProactivePruneOptions, type ProactivePruneOutcome } from './proactive-prune.js';

export interface HermesOptions {
  /** `compression.background` enabled, not shadow-only */
  background?: boolean;
  /** `compression.anthropic_native` */
  anthropicNative?: boolean;
  /** `compression.proactive_prune_*` */
  proactivePrune?: ProactivePruneOptions;
  /** `compression.micro_compact` */
  microCompact?: boolean;
}

export class HermesOptionHooks {
  private readonly background?: BackgroundCompression;
  private readonly seed?: CompactionSeed;
  private readonly prune?: ProactivePrune;
  private readonly micro?: MicroCompaction;

  constructor(opts: HermesOptions) {
    if (opts.background) this.background = new BackgroundCompression();
    if (opts.anthropicNative) this.seed = new CompactionSeed();
    if (opts.proactivePrune) this.prune = new ProactivePrune(opts.proactivePrune);
    if (opts.microCompact) this.micro = new MicroCompaction();
  }

  /** Between turns: one micro-compaction pass, if one absorbs or defrags something. */
  microCompact(c: HermesCompressor, history: readonly PyMsg[], summarizer: Summarizer): MicroPass | undefined {
    return this.micro?.run(c, history, summarizer);
  }

  /** The summary backend: native over the last answered request when eligible, else `aux`. */
  backend(aux: SummaryBackend, summarizer: () => Summarizer): SummaryBackend {
    return this.seed ? this.seed.backend(aux, summarizer) : aux;
  }

  /** A response arrived for a request made of the first `length` messages of `history`. */
  answered(history: readonly PyMsg[], length: number, model: string): void {
    this.seed?.record(history, length, model);
  }

  /** Before a compaction of `history`. */
  beforeCompaction(history: readonly PyMsg[]): void {
    this.seed?.arm(history);
  }

  /** Turn start, before the preflight: a background candidate applied, if one is due. */
  applyCandidate(c: HermesCompressor, history: readonly PyMsg[], tokens: number, turn: number): AppliedCandidate | undefined {
    return this.background?.maybeApply(c, history, tokens, turn);
  }

  /** Turn start, after a preflight that did not compact: start a background candidate if due. */
  prepareCandidate(c: HermesCompressor, history: readonly PyMsg[], tokens: number, turn: number): void {
    this.background?.maybePrepare(c, history, tokens, turn);
  }

  /** When full compression does not fire: the proactive prune, if it commits. */
  proactivePrune(c: HermesCompressor, history: readonly PyMsg[], tokens: number): ProactivePruneOutcome | undefined {
    return this.prune?.run(c, history, tokens);
  }

  telemetry(): Record<string, number> {
    const b = this.background;
    return {
      ...(b ? { background_prepared: b.prepared, background_applied: b.applied, background_discarded: b.discarded } : {}),
      ...(this.micro ? { micro_passes: this.micro.passes } : {}),
    };
  }
}
