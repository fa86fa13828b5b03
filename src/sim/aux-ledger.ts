/**
 * Records every auxiliary call a policy makes through the summarizer: tokens, dollars on the
 * auxiliary model's profile, and latency on the simulated clock. Policies never price their own calls.
 */
import { priceTokens } from '../cache/pricing.js';
import type { CacheProfile } from '../cache/profiles.js';
import { tokenScaleFor, toProvider } from '../cache/token-scale.js';
import type { AuxCall, Summarizer, SummaryRequest, SummaryResult } from '../summarizer/types.js';

/** Seconds an auxiliary call takes: a fixed overhead plus generation at a typical speed. */
export const AUX_BASE_LATENCY_S = 1.5;
export const AUX_OUTPUT_TOKENS_PER_S = 60;

export class AuxLedger {
  private pending: AuxCall[] = [];
  total = 0;
  /** the auxiliary model's token scale: the summarizer counts o200k tokens, the provider bills its own */
  private readonly scale: number;

  constructor(
    private readonly inner: Summarizer,
    private readonly profile: CacheProfile | undefined,
  ) {
    this.scale = profile ? tokenScaleFor(profile).scale : 1;
  }

  /** The summarizer policies see: the mock, with every call recorded. */
  readonly summarizer: Summarizer = {
    summarize: (req: SummaryRequest): SummaryResult => {
      const res = this.inner.summarize(req);
      const inputTokens = toProvider(res.ok ? res.inputTokens : req.inputTokens ?? 0, this.scale);
      const outputTokens = toProvider(res.ok ? res.outputTokens : 0, this.scale);
      const cacheRead = req.reusesMainCache ? inputTokens : 0;
      const cost = this.profile
        ? priceTokens(this.profile, { uncached: inputTokens - cacheRead, cacheWrite: 0, cacheRead, output: outputTokens })
        : null;
      this.pending.push({
        purpose: req.purpose ?? 'summary',
        ok: res.ok,
        inputTokens,
        outputTokens,
        cacheReadTokens: cacheRead,
        cost: cost ? cost.total : null,
        latency: AUX_BASE_LATENCY_S + outputTokens / AUX_OUTPUT_TOKENS_PER_S,
      });
      this.total++;
      return res;
    },
  };

  /** Calls made since the last drain (they are charged to the step being recorded). */
  drain(): AuxCall[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  get pendingCount(): number {
    return this.pending.length;
  }
}
