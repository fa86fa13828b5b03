/**
 * SWE-agent's `LastNObservations` view (policy.ts), kept incrementally.
 *
 * Why: recomputed whole, every step scans the history for observations, copies it with the masks and
 * makes the harness rebuild and re-sum the request: O(history) per step, O(history²) per session. The
 * stored history only grows between rewrites (the harness appends to the same array and replaces it when
 * a policy rewrites it), so the observations only grow and the cut only moves forward: each step scans
 * the appended messages, masks the observations the cut has passed, and returns one array patched in
 * place with `ViewResult.changedFrom` (the first position it changed), O(appended + newly masked).
 * A new history array (a rewrite) starts over: O(history), once per rewrite.
 * The result is the same as `omitIndices` + a masked copy (test/policies/swe-agents.test.ts checks this
 * over random sessions).
 */
import type { Message } from '../../core/messages.js';
import type { ViewResult } from '../types.js';

export class LastNObservationsView {
  private ref: readonly Message[] | undefined;
  /** history messages scanned for observations */
  private scanned = 0;
  private firstUserSeen = false;
  /** history indices of the observations (the first user message and every tool output), in order */
  private obs: number[] = [];
  /** `out` masks `obs[1 : maskedEnd]` */
  private maskedEnd = 1;
  /** the view: the history with the masked observations replaced */
  private readonly out: Message[] = [];
  /** length of `out` as last returned (−1: the last call returned something else) */
  private returnedLength = -1;

  constructor(
    private readonly n: number,
    private readonly polling: number,
    private readonly maskOf: (m: Message) => Message,
  ) {}

  view(history: readonly Message[]): readonly Message[] | ViewResult {
    if (history !== this.ref || history.length < this.scanned) this.reset(history);
    for (; this.scanned < history.length; this.scanned++) {
      const role = history[this.scanned]!.role;
      if (role === 'tool') this.obs.push(this.scanned);
      else if (role === 'user' && !this.firstUserSeen) {
        this.firstUserSeen = true;
        this.obs.push(this.scanned);
      }
    }
    // observations[1 : floor(len / p) × p − n] are elided; the cut only moves forward while history grows
    const last = Math.max(0, Math.floor(this.obs.length / this.polling) * this.polling - this.n);
    if (last <= 1) {
      this.returnedLength = -1;
      return history;
    }
    const out = this.out;
    let changed = this.returnedLength < 0 ? 0 : this.returnedLength;
    for (let i = out.length; i < history.length; i++) out.push(history[i]!);
    for (let k = this.maskedEnd; k < last; k++) {
      const i = this.obs[k]!;
      out[i] = this.maskOf(history[i]!);
      if (i < changed) changed = i;
    }
    this.maskedEnd = Math.max(this.maskedEnd, last);
    this.returnedLength = out.length;
    return { messages: out, kind: 'mask', changedFrom: changed };
  }

  private reset(history: readonly Message[]): void {
    this.ref = history;
    this.scanned = 0;
    this.firstUserSeen = false;
    this.obs = [];
    this.maskedEnd = 1;
    this.out.length = 0;
    this.returnedLength = -1;
  }
}
