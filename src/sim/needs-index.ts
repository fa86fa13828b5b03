/**
 * What the request just sent holds, for checking needs against it: where each need's source message sits
 * and which identifiers some message in it names. Kept incrementally: after each send only the messages
 * from the first index that changed since the previous request are re-read (the tracker knows that index:
 * RequestTracker.changedSinceSent), so a step that only appended costs O(appended).
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
  private msgs: Message[] = [];
  private keys: (string | undefined)[] = [];
  /** each source key's positions, ascending (a key may recur: a policy may repeat a message); the last holds it */
  private keyPos = new Map<string, number[]>();
  private named = new Map<string, number>();

  constructor(private readonly look: IndexLookups) {}

  /**
   * Re-reads `req` from `from` on. Returns the sources that were in the request from `from` on before
   * and are now gone or held by another message (a placeholder, a truncation): what this send broke.
   */
  update(req: readonly Message[], from: number): string[] {
    const start = Math.max(0, Math.min(from, this.msgs.length, req.length));
    const removed: { key: string; msg: Message }[] = [];
    for (let i = this.msgs.length - 1; i >= start; i--) {
      const k = this.keys[i];
      if (k !== undefined) {
        const ps = this.keyPos.get(k)!;
        ps.pop(); // removal runs from the end, so this position is the last of its key
        if (!ps.length) this.keyPos.delete(k);
        removed.push({ key: k, msg: this.msgs[i]! });
      }
      const ms = this.look.marks(this.msgs[i]!);
      if (ms) for (const x of ms) this.named.set(x, this.named.get(x)! - 1);
    }
    this.msgs.length = start;
    this.keys.length = start;
    for (let i = start; i < req.length; i++) {
      const m = req[i]!;
      const k = this.look.sourceKey(m);
      this.msgs.push(m);
      this.keys.push(k);
      if (k !== undefined) {
        const ps = this.keyPos.get(k);
        if (ps) ps.push(i);
        else this.keyPos.set(k, [i]);
      }
      const ms = this.look.marks(m);
      if (ms) for (const x of ms) this.named.set(x, (this.named.get(x) ?? 0) + 1);
    }
    const broken: string[] = [];
    const seen = new Set<string>();
    for (const r of removed) {
      if (seen.has(r.key)) continue;
      seen.add(r.key);
      if (this.holder(r.key) !== r.msg) broken.push(r.key);
    }
    return broken;
  }

  /** the message holding source `key` in the request, if it is there */
  holder(key: string): Message | undefined {
    const ps = this.keyPos.get(key);
    return ps ? this.msgs[ps[ps.length - 1]!] : undefined;
  }

  /** some message in the request names `mark` */
  names(mark: string): boolean {
    return (this.named.get(mark) ?? 0) > 0;
  }

  /**
   * The index holds `req` (checked runs): message for message, the same or one that sends the same bytes
   * (the tracker's change index, like the cache, ignores a copy with equal content, and so may this).
   */
  matches(req: readonly Message[]): boolean {
    if (req.length !== this.msgs.length) return false;
    for (let i = 0; i < req.length; i++) if (!sameMessage(req[i]!, this.msgs[i]!)) return false;
    return true;
  }
}
