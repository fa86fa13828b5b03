/**
 * Bodies that left a prefix cache's request whole, because the head before them changed: each kept as
 * one record (the head's hash, the body's last node, an expiry) instead of one entry per prefix.
 *
 * Why: a head edit (recent-tools-summary merges its running summary into the task message every few
 * steps) takes every prefix of the request out of it, and an automatic prefix cache must remember each
 * of them until its TTL runs out, in case a later request restores that exact prefix. Entry by entry
 * that is O(request) map insertions per edit, and a map of millions of live keys. A body prefix's key is
 * a function of the head's hash and the body's own chain (request-path.ts), so one record answers for
 * all of a body's prefixes: a prefix is in it when the record's head is the request's head and the
 * record's body has the same chained hash at the same position. Requests almost never restore a head,
 * so a record is usually only looked up by its head hash and forgotten when it expires; its chain is
 * read into an array the first time a request with its head asks about a position.
 */
import { HEAD, type BodyNode } from './request-path.js';

interface Dropped {
  expiry: number;
  tip: BodyNode;
  /** messages in the request the body left (head included) */
  length: number;
  /** body chain by position − HEAD, read from `tip` on first use */
  chains?: number[];
}

export class DroppedBodies {
  private readonly byHead = new Map<number, Dropped[]>();
  private count = 0;
  private sweepAt = 64;

  /** The body ending at `tip` (a request of `length` messages with head `head`) left the request; cached until `expiry`. */
  add(head: number, tip: BodyNode, length: number, expiry: number, now: number): void {
    const list = this.byHead.get(head);
    if (list) list.push({ expiry, tip, length });
    else this.byHead.set(head, [{ expiry, tip, length }]);
    if (++this.count >= this.sweepAt) this.sweep(now);
  }

  /**
   * Whether a dropped body under `head`, unexpired at `now`, holds the body prefix ending at position `i`
   * with chained hash `chain` (then the whole prefix is that request's, so it was cached with it).
   */
  has(head: number, i: number, chain: number, now: number): boolean {
    const list = this.byHead.get(head);
    if (!list) return false;
    for (const d of list) {
      if (now >= d.expiry || i >= d.length) continue;
      if ((d.chains ??= chainsOf(d))[i - HEAD] === chain) return true;
    }
    return false;
  }

  clear(): void {
    this.byHead.clear();
    this.count = 0;
    this.sweepAt = 64;
  }

  /** Forgets expired records once their number has doubled since the last sweep (amortized O(1) per record). */
  private sweep(now: number): void {
    for (const [head, list] of this.byHead) {
      const live = list.filter((d) => d.expiry > now);
      this.count -= list.length - live.length;
      if (live.length) this.byHead.set(head, live);
      else this.byHead.delete(head);
    }
    this.sweepAt = Math.max(64, 2 * this.count);
  }
}

function chainsOf(d: Dropped): number[] {
  const out = new Array<number>(d.length - HEAD);
  let node: BodyNode | undefined = d.tip;
  for (let i = out.length - 1; i >= 0; i--, node = node!.parent) out[i] = node!.chain;
  return out;
}
