/**
 * What the request just sent holds, for checking needs against it: which message holds each need's
 * source and which identifiers some message in it names. Kept incrementally: after each send only the
 * messages from the first index that changed since the previous request are re-read (the tracker knows
 * that index: RequestTracker.changedSinceSent), and of those, a tail the new request keeps unchanged
 * (the same messages, shifted by a compaction before them) is only moved, not re-read. So a step that
 * only appended costs O(appended), and a compaction O(what it removed and wrote).
 */
import { sameMessage } from '../core/diff.js';
import type { Message } from '../core/messages.js';

export interface IndexLookups {
  /** the need source a message is (a tool result's call id, a user message's append key), if any */
  sourceKey(m: Message): string | undefined;
  /** the need identifiers (and `call:<id>` marks) a message names, if any */
  marks(m: Message): readonly string[] | undefined;
}

export class RequestIndex {
  /**
   * the request as indexed, in `msgs[0..len)`: a logical length, so that no array is trimmed and regrown
   * every step (V8 would copy its backing store: O(request) per step)
   */
  private msgs: Message[] = [];
  private len = 0;
  /** each source key's holders, in request order (a key may recur: a policy may repeat a message); the last holds it */
  private holders = new Map<string, Message[]>();
  private named = new Map<string, number>();

  constructor(private readonly look: IndexLookups) {}

  /**
   * Re-reads `req` from `from` on. Returns the sources that were in the request from `from` on before
   * and are now gone or held by another message (a placeholder, a truncation): what this send broke.
   */
  update(req: readonly Message[], from: number): string[] {
    const start = Math.max(0, Math.min(from, this.len, req.length));
    // the tail both requests share, message for message (identity), from the end
    let keep = 0;
    const maxKeep = Math.min(this.len, req.length) - start;
    while (keep < maxKeep && this.msgs[this.len - 1 - keep] === req[req.length - 1 - keep]) keep++;
    /** each key a removed message held a copy of, with its holder before this update */
    let before: Map<string, Message> | undefined;
    for (let i = start; i < this.len - keep; i++) {
      const m = this.msgs[i]!;
      const k = this.look.sourceKey(m);
      if (k !== undefined) {
        const hs = this.holders.get(k)!;
        if (!before?.has(k)) (before ??= new Map()).set(k, hs[hs.length - 1]!);
        hs.splice(hs.lastIndexOf(m), 1);
        if (!hs.length) this.holders.delete(k);
      }
      const ms = this.look.marks(m);
      if (ms) for (const x of ms) this.named.set(x, this.named.get(x)! - 1);
    }
    const newEnd = req.length - keep;
    // move the kept tail to its new place, then write the new middle
    // grown by push (amortized): setting `length` past the capacity reallocates to exactly that size, every step
    while (this.msgs.length < req.length) this.msgs.push(req[this.msgs.length]!);
    if (keep && newEnd !== this.len - keep) this.msgs.copyWithin(newEnd, this.len - keep, this.len);
    for (let i = start; i < newEnd; i++) {
      const m = req[i]!;
      this.msgs[i] = m;
      const k = this.look.sourceKey(m);
      if (k !== undefined) {
        const hs = this.holders.get(k);
        if (!hs) this.holders.set(k, [m]);
        // in request order: before any holder in the kept tail (rare: a key repeated across the cut)
        else if (keep && hs.some((h) => this.inTail(h, newEnd, req.length))) hs.splice(hs.findIndex((h) => this.inTail(h, newEnd, req.length)), 0, m);
        else hs.push(m);
      }
      const ms = this.look.marks(m);
      if (ms) for (const x of ms) this.named.set(x, (this.named.get(x) ?? 0) + 1);
    }
    this.len = req.length;
    if (!before) return [];
    const broken: string[] = [];
    for (const [k, held] of before) if (this.holder(k) !== held) broken.push(k);
    return broken;
  }

  private inTail(m: Message, from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (this.msgs[i] === m) return true;
    return false;
  }

  /** the message holding source `key` in the request, if it is there */
  holder(key: string): Message | undefined {
    const hs = this.holders.get(key);
    return hs ? hs[hs.length - 1] : undefined;
  }

  /** some message in the request names `mark` */
  names(mark: string): boolean {
    return (this.named.get(mark) ?? 0) > 0;
  }

  /** The need identifiers the request holds (its sources') or names: what a summary of it could keep. */
  *heldIdents(sourceIdents: ReadonlyMap<string, readonly string[]>): Iterable<string> {
    for (const k of this.holders.keys()) {
      const ids = sourceIdents.get(k);
      if (ids) yield* ids;
    }
    for (const [x, c] of this.named) if (c > 0 && !x.startsWith('call:')) yield x;
  }

  /**
   * The index holds `req` (checked runs): message for message, the same or one that sends the same bytes
   * (the tracker's change index, like the cache, ignores a copy with equal content, and so may this).
   */
  matches(req: readonly Message[]): boolean {
    if (req.length !== this.len) return false;
    for (let i = 0; i < req.length; i++) if (!sameMessage(req[i]!, this.msgs[i]!)) return false;
    return true;
  }
}
