/**
 * Which old tool results are still live, from their past use alone (the harness's use log,
 * src/policies/use-log.ts): a result is live while its last activity — its arrival, or the last step
 * that used it — is within the reuse horizon; after that it is dead and a prune may clear it. The horizon
 * is learned from the session's own uses: the `quantile` of the gaps between a content's activity and its
 * next use (before `minSamples` uses, `priorSteps`). A content used again and again stays; one nobody has
 * looked at for longer than nearly every reuse so far goes.
 *
 * Cost: arrivals are noted over appended messages only (O(appended) per step, O(history) after a
 * rewrite); the horizon's sorted gaps grow by insertion; a prune's candidates are weighed only when the
 * policy considers a prune.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import { isCleared } from '../shared/tool-results.js';
import type { UseLog } from '../use-log.js';
import { clearedCopy, type PruneCandidates } from './prune.js';

export interface LivenessParams {
  quantile: number;
  priorSteps: number;
  minSamples: number;
  keep: number;
}

export class Liveness {
  private ref: readonly Message[] | undefined;
  private scanned = 0;
  private results: number[] = [];
  private readonly arrival = new Map<string, number>();
  private readonly sorted: number[] = [];
  private seenGaps = 0;

  constructor(private readonly p: LivenessParams, private readonly placeholder: string) {}

  /** Notes the arrival step of results appended since the last call (the step about to be answered or just answered). */
  note(history: readonly Message[], step: number): void {
    if (history !== this.ref || history.length < this.scanned) {
      this.ref = history;
      this.scanned = 0;
      this.results = [];
    }
    for (; this.scanned < history.length; this.scanned++) {
      const m = history[this.scanned]!;
      if (m.role !== 'tool') continue;
      this.results.push(this.scanned);
      if (m.tool_call_id && !this.arrival.has(m.tool_call_id)) this.arrival.set(m.tool_call_id, step);
    }
  }

  /** The reuse horizon in steps: the quantile of the gaps seen so far, or the prior with too few. */
  horizon(uses: UseLog | undefined): number {
    const gaps = uses?.gaps ?? [];
    for (; this.seenGaps < gaps.length; this.seenGaps++) {
      const g = gaps[this.seenGaps]!;
      let lo = 0, hi = this.sorted.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (this.sorted[mid]! <= g) lo = mid + 1; else hi = mid; }
      this.sorted.splice(lo, 0, g);
    }
    if (this.sorted.length < this.p.minSamples) return this.p.priorSteps;
    return this.sorted[Math.min(this.sorted.length - 1, Math.floor(this.p.quantile * this.sorted.length))]!;
  }

  /** The results a prune would clear at `step`: older than the newest `keep`, not cleared, dead. */
  dead(history: readonly Message[], step: number, uses: UseLog | undefined, tokens: TokenCounter): PruneCandidates | undefined {
    this.note(history, step);
    const h = this.horizon(uses);
    const indices: number[] = [];
    let reclaimed = 0;
    for (let r = 0; r < this.results.length - this.p.keep; r++) {
      const i = this.results[r]!;
      const m = history[i]!;
      if (isCleared(m, this.placeholder)) continue;
      const id = m.tool_call_id ?? '';
      const last = Math.max(this.arrival.get(id) ?? step, uses?.lastUse(id) ?? -1);
      if (step - last <= h) continue;
      indices.push(i);
      reclaimed += tokens.message(m) - tokens.message(clearedCopy(m, this.placeholder));
    }
    return indices.length ? { indices, reclaimed } : undefined;
  }
}
