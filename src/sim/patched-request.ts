/**
 * The request of a view policy, `[system, ...view]`, kept as one array patched in place.
 *
 * Why: a server-side edit (e.g. `anthropic-clear-tool-uses`) changes the request a few messages from its
 * end on each step. Copying `[system, ...view]`, re-summing its tokens and diffing it from the start every
 * step costs O(history); patching from the first position the policy says may differ
 * (`ViewResult.changedFrom`) costs O(history − changedFrom).
 *
 * The tracker keeps its history request, `[system, ...history]`, in one too: a rewrite that says where it
 * starts (`PolicyResult.changedFrom`) patches it from there.
 *
 * The array is usually also the request last sent (the tracker's `lastSent`). So that the sent request
 * can still be read, the first overwrite of each sent position after `markSent` saves the message it
 * replaces: the earliest change against the sent request is found among those positions alone
 * (`sentDiff`), and `sentCopy` rebuilds the sent request when something must read it whole.
 */
import { sameMessage } from '../core/diff.js';
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';

export class PatchedRequest {
  /** `[system, ...view]` for the view last applied */
  readonly req: Message[];
  /** tokens of `req` */
  tokens = 0;
  /** length of the sent request while `req` is it (−1 otherwise) */
  private sentLength = -1;
  /** sent position → the message it held, for sent positions overwritten or dropped since `markSent` */
  private readonly saved = new Map<number, Message>();

  constructor(system: Message, view: readonly Message[], private counter: TokenCounter, adopt?: { req: Message[]; tokens: number }) {
    if (adopt) {
      this.req = adopt.req;
      this.tokens = adopt.tokens;
      return;
    }
    this.req = [system];
    this.tokens = counter.message(system);
    this.patch(view, 0);
  }

  /** Wraps `req` (`[system, ...view]`, whose tokens are `tokens`) without copying or counting it. */
  static adopt(req: Message[], tokens: number, counter: TokenCounter): PatchedRequest {
    return new PatchedRequest(req[0]!, [], counter, { req, tokens });
  }

  /** Appends a message at the end (never a sent position). */
  push(m: Message, tokens = this.counter.message(m)): void {
    this.req.push(m);
    this.tokens += tokens;
  }

  /** Counts with `counter` from now on (a model switch with another token scale): O(length), once. */
  recount(counter: TokenCounter): void {
    this.counter = counter;
    let n = 0;
    for (const m of this.req) n += counter.message(m);
    this.tokens = n;
  }

  /** true while `req` is the request last sent and none of its positions has changed since */
  get pristine(): boolean {
    return this.sentLength >= 0 && this.saved.size === 0;
  }

  /** true while `req` is the request last sent (possibly patched since) */
  get isSent(): boolean {
    return this.sentLength >= 0;
  }

  /**
   * Makes `req` equal `[system, ...view]`, given that `view[i]` is the message already at `req[i + 1]`
   * for every `i < from`. Costs O(length − from).
   */
  patch(view: readonly Message[], from: number): void {
    const req = this.req;
    const end = view.length + 1;
    for (let j = from + 1; j < end; j++) {
      const next = view[j - 1]!;
      if (j >= req.length) {
        req.push(next);
        this.tokens += this.counter.message(next);
        continue;
      }
      const old = req[j]!;
      if (old === next) continue;
      this.save(j, old);
      this.tokens += this.counter.message(next) - this.counter.message(old);
      req[j] = next;
    }
    for (let j = end; j < req.length; j++) {
      this.save(j, req[j]!);
      this.tokens -= this.counter.message(req[j]!);
    }
    if (req.length > end) req.length = end;
  }

  private save(j: number, old: Message): void {
    if (j < this.sentLength && !this.saved.has(j)) this.saved.set(j, old);
  }

  /** `req` is now the request sent. */
  markSent(): void {
    this.sentLength = this.req.length;
    this.saved.clear();
  }

  /** `req` is no longer the request sent (the tracker keeps a copy, or sent something else). */
  unmarkSent(): void {
    this.sentLength = -1;
    this.saved.clear();
  }

  /**
   * While `req` is the sent request: the first index where `req` differs from it (compared as
   * `earliestChangedIndex` does), found among the positions changed since it was sent. O(changed).
   */
  sentDiff(): number {
    let diff = Math.min(this.sentLength, this.req.length);
    for (const [j, old] of this.saved) {
      if (j < diff && !sameMessage(old, this.req[j]!)) diff = j;
    }
    return diff;
  }

  /** While `req` is the sent request: a copy of the request as it was sent. O(length). */
  sentCopy(): Message[] {
    const out = this.req.slice(0, this.sentLength);
    for (let j = out.length; j < this.sentLength; j++) out.push(this.saved.get(j)!);
    for (const [j, old] of this.saved) out[j] = old;
    return out;
  }
}
