/**
 * When masking (./mask.ts) would act, kept incrementally. Why: upstream scans the whole history before every
 * request; here the eligible results' token counts are kept as prefix sums over the scanned part, which
 * only grows between rewrites, so a step costs O(appended + log results), and the full `maskToolOutputs`
 * runs only when its outcome can differ from the last run's.
 *
 * The prunable tokens are the sum of the results up to and including the one where the newest-first sum
 * passes `protectTokens`: prefix sums give it by binary search. It changes only when that crossing result
 * moves, so a run that found nothing to mask (every prunable result too small to save tokens) need not be
 * repeated until the crossing result is a newer one.
 */
import type { Message } from '../../core/messages.js';
import { eligible, maskToolOutputs, pendingFrom, resultTokens, scanEnd, type MaskConfig, type Masking } from './mask.js';

export class MaskTrigger {
  /** history index of each eligible result in the scanned part, oldest first */
  private at: number[] = [];
  /** pre[k] = tokens of the first k eligible results */
  private pre: number[] = [0];
  private scanned = 0;
  private last: Message | undefined;
  /** history index up to which prunable results are settled (masked, or too small to save) */
  private settled = 0;

  constructor(private readonly cfg: MaskConfig) {}

  /** The masking of this request, if it masks anything. The caller adopts its history (see `reset`). */
  check(history: readonly Message[]): Masking | undefined {
    const pending = pendingFrom(history);
    const end = scanEnd(history, pending, this.cfg.protectLatestTurn);
    if (this.scanned > end || (this.scanned > 0 && history[this.scanned - 1] !== this.last)) this.reset();
    for (let i = this.scanned; i < end; i++) {
      const m = history[i]!;
      if (!eligible(m)) continue;
      this.at.push(i);
      this.pre.push(this.pre[this.pre.length - 1]! + resultTokens(m));
    }
    this.scanned = end;
    this.last = end > 0 ? history[end - 1] : undefined;
    const crossing = this.crossing();
    if (crossing < 0 || this.pre[crossing + 1]! < this.cfg.minPrunableTokens) return undefined;
    const crossingAt = this.at[crossing]!;
    if (crossingAt < this.settled) return undefined;
    this.settled = crossingAt + 1;
    return maskToolOutputs(history, pending, this.cfg);
  }

  /** Forget the scan: the history was rewritten (by masking, compression or anything else). */
  reset(): void {
    this.at = [];
    this.pre = [0];
    this.scanned = 0;
    this.last = undefined;
    this.settled = 0;
  }

  /** The largest k with pre[n] − pre[k] > protectTokens (the result that crosses), or −1. */
  private crossing(): number {
    const n = this.at.length;
    const limit = this.pre[n]! - this.cfg.protectTokens;
    let lo = 0;
    let hi = n - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.pre[mid]! < limit) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}
