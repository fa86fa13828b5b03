/**
 * Keeps the request the simulator sends in step with history, incrementally.
 *
 * Without a view policy the request is `[system, ...history]`, mirrored in an array that appends
 * push onto, with a running token sum: a step costs O(appended). A rewrite (compaction) rebuilds the
 * mirror and diffs it against what was last sent: O(history) identity checks once per event, token
 * look-ups only for the messages it changed; a rewrite that says where it starts
 * (`PolicyResult.changedFrom`) patches the mirror from there instead, O(history − changedFrom). The first
 * `lastSentLength` elements of `lastSent` are never mutated, so they always show the previous request,
 * with one exception read through `sent()`: a view policy's request, and the mirror under a hinted
 * rewrite, are arrays patched in place (patched-request.ts), usually also `lastSent`; they keep what they
 * overwrite, and `sent()` copies the sent request back before anything reads it whole. A view step then
 * costs O(view − changedFrom).
 */
import { earliestChangedIndex } from '../core/diff.js';
import { rebasedTotal, type IdentityEdit } from '../core/token-delta.js';
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { Usage } from '../core/usage.js';
import type { CacheModel } from '../cache/model.js';
import type { ViewResult } from '../policies/types.js';
import { PatchedRequest } from './patched-request.js';
import { PolicyFailure } from './policy-call.js';
import { sumTokens, verifyPatchedView, viewHintedFrom } from './view-checks.js';

export interface ChangeInfo {
  /** index in the request (system prompt = 0) of the first message that differs from the last request */
  earliestChangedIndex: number;
  /** tokens from that index to the end of the new request */
  rewriteTokens: number;
}

export interface ViewEvent extends ChangeInfo {
  phase: 'view';
  kind: string;
  note: string;
  detail: string;
  messagesBefore: number;
  messagesAfter: number;
  tokensBefore: number;
  tokensAfter: number;
  prevRequestLength: number;
}


export class RequestTracker {
  history: Message[] = [];
  /** tokens of the system block in the provider's count */
  systemTokens: number;
  /** `[system, ...history]` and its tokens, patched in place by hinted rewrites (it may be `lastSent`) */
  private mp: PatchedRequest;
  private view: Message[] | null = null;
  /** the view policy's last labelled view, patched in place (its `req` may also be `lastSent`) */
  private patched: PatchedRequest | null = null;
  /** `patched` holds the view the policy returned last (what its `changedFrom` refers to) */
  private viewBasis = false;
  private viewTokens = 0;
  private lastSent: Message[] = [];
  /** what the cache keyed on for the last request (differs from lastSent only for `cacheAs` views) */
  private lastSentKeys: readonly Message[] = [];
  private viewKeys: readonly Message[] | null = null;
  lastSentLength = 0;
  private lastSentTokens = 0;
  private appendedSinceSend = 0;
  private changedFrom = Infinity;
  /** first index whose content changed since the last send (differs from changedFrom only for keyed views) */
  private contentChangedFrom = Infinity;
  private editKind: 'none' | 'history' | 'view' = 'none';
  private switched = false;
  private trims = 0;
  private trimmedTokens = 0;

  constructor(
    private readonly system: Message,
    /** the provider's count (core/tokens.ts × the model's token scale): every figure here is in it */
    private tokens: TokenCounter,
    private cache: CacheModel,
    /** checked runs: verify `ViewResult.changedFrom` and the patched request against a full rebuild */
    private readonly checked = false,
  ) {
    this.systemTokens = tokens.message(system);
    this.mp = PatchedRequest.adopt([system], this.systemTokens, tokens);
  }

  private get mirror(): Message[] {
    return this.mp.req;
  }

  /** the request sent last (what the model saw on the previous step) */
  get lastRequest(): readonly Message[] {
    return this.sent();
  }

  /** tokens of the request that would be sent now */
  get requestTokens(): number {
    return this.view ? this.viewTokens : this.mp.tokens;
  }

  /** Appends `m`; `original` is the message before the policy's onAppend trimmed it (when it did). */
  append(m: Message, original?: Message): void {
    const t = this.tokens.message(m);
    this.history.push(m);
    this.mp.push(m, t);
    this.appendedSinceSend += t;
    if (original) {
      this.trims++;
      this.trimmedTokens += Math.max(0, this.tokens.message(original) - t);
    }
  }

  /**
   * A policy rewrote history; `from` is its hint (`next[i]` is the current history's message `i` for every
   * `i < from`, 0 when unsure). Returns where the request changed relative to the last one sent.
   *
   * With a hint the request is patched in place from there: O(history − from), the cut found among the
   * positions it overwrote (patched-request.ts). Not when the request keyed for the cache last time is the
   * history request while another was sent (a `cacheAs` view), which must stay as it was sent. A hint of 0
   * (`edit` given: the policy said where it starts, at the first message) is patched too: identity checks
   * in place instead of a copy of the request on every rewrite of the task message.
   */
  replaceHistory(next: Message[], from = 0, edit?: IdentityEdit, old?: readonly Message[]): ChangeInfo {
    const mp = this.mp;
    const sentIsMirror = this.lastSent === mp.req;
    let diff: number;
    if ((from > 0 || edit !== undefined) && (sentIsMirror ? this.lastSentKeys === mp.req : this.lastSentKeys !== mp.req)) {
      mp.patch(next, from);
      diff = sentIsMirror ? mp.sentDiff() : earliestChangedIndex(this.sent(), mp.req, this.lastSentLength);
    } else {
      const newMirror = [this.system, ...next];
      diff = earliestChangedIndex(this.sent(), newMirror, this.lastSentLength);
      // rebased on the old mirror by identity: token look-ups only for the messages the rewrite changed
      // (listed already when the harness walked a hinted result: core/token-delta.ts identityEdit)
      let total: number;
      if (edit) {
        total = mp.tokens;
        for (const i of edit.dropped) total -= this.tokens.message(old ? old[i - from]! : this.history[i]!);
        for (const j of edit.fresh) total += this.tokens.message(next[j]!);
      } else total = rebasedTotal(mp.req, mp.req.length, mp.tokens, newMirror, (m) => this.tokens.message(m));
      this.mp = PatchedRequest.adopt(newMirror, total, this.tokens);
    }
    this.history = next;
    if (diff < this.lastSentLength) {
      this.changedFrom = Math.min(this.changedFrom, diff);
      this.editKind = 'history';
    }
    // from whichever end is nearer the cut (the total is exact: integer counts)
    const req = this.mirror;
    const rewriteTokens = diff <= req.length - diff ? this.mp.tokens - sumTokens(this.tokens, req, 0, diff) : sumTokens(this.tokens, req, diff);
    return { earliestChangedIndex: diff, rewriteTokens };
  }

  /**
   * A policy's rewrite given as a tail (`PolicyResult.tail`, `edit` its walk): the history array is edited
   * in place from `from` on, O(old tail + new tail), instead of replaced by a copy. Returns the change and
   * what the edit overwrote (the old history from `from` on, for the invariants).
   */
  replaceTail(tail: readonly Message[], from: number, edit: IdentityEdit): { change: ChangeInfo; old: Message[] } {
    const h = this.history;
    const old = h.slice(from);
    h.length = from;
    for (let k = 0; k < tail.length; k++) h.push(tail[k]!);
    return { change: this.replaceHistory(h, from, edit, old), old };
  }

  /**
   * Applies a view policy's result; returns an event when the view cut into what was last sent.
   *
   * A labelled view with `changedFrom` patches the tracker's copy of the previous view from there (see
   * patched-request.ts), so a step costs O(view − changedFrom); without it the request is rebuilt and
   * diffed whole. Checked runs verify `changedFrom` (a wrong one is a policy failure) and the result.
   */
  setView(v: readonly Message[] | ViewResult): ViewEvent | null {
    const label = Array.isArray(v) ? undefined : (v as ViewResult);
    const msgs = label ? label.messages : (v as readonly Message[]);
    let req: Message[];
    let diff: number | undefined;
    if (msgs === this.history) {
      req = this.mirror;
      this.viewBasis = false;
    } else if (label?.changedFrom !== undefined && this.viewBasis && this.patched) {
      const from = viewHintedFrom(label.changedFrom, msgs, this.patched, this.checked);
      const sentBefore = this.checked && this.patched.isSent ? this.patched.sentCopy() : null;
      this.patched.patch(msgs, from);
      req = this.patched.req;
      if (this.patched.isSent) diff = this.patched.sentDiff();
      if (sentBefore) verifyPatchedView(this.patched, this.system, this.tokens, sentBefore, msgs, diff!);
    } else {
      this.sent(); // the buffer may be the request sent: keep that readable before it is replaced
      this.patched = new PatchedRequest(this.system, msgs, this.tokens);
      this.viewBasis = true;
      req = this.patched.req;
    }
    this.view = req === this.mirror ? null : req;
    this.viewTokens = this.view ? this.patched!.tokens : 0;
    const keys = !label?.cacheAs ? req : label.cacheAs === this.history ? this.mirror : [this.system, ...label.cacheAs];
    if (keys.length !== req.length) throw new PolicyFailure('view', 'ViewResult.cacheAs must have as many messages as the view');
    this.viewKeys = keys === req ? null : keys;
    if (req === this.mirror && this.lastSent === this.mirror) {
      if (this.mp.pristine) return null; // pure append to the mirror that was sent
      diff = this.mp.sentDiff();
    }
    diff ??= earliestChangedIndex(this.sent(), req, this.lastSentLength);
    if (diff >= this.lastSentLength) return null;
    this.contentChangedFrom = Math.min(this.contentChangedFrom, diff);
    const keyDiff = keys === req && this.lastSentKeys === this.lastSent ? diff
      : keys === this.mirror && this.lastSentKeys === this.mirror ? Math.min(this.lastSentLength, keys.length) // the mirror only grows
        : earliestChangedIndex(this.sentKeys(), keys, this.lastSentLength);
    if (keyDiff < this.lastSentLength) {
      this.changedFrom = Math.min(this.changedFrom, keyDiff);
      if (this.editKind === 'none') this.editKind = 'view';
    }
    return {
      phase: 'view', kind: label?.kind ?? 'view', note: label?.note ?? '', detail: '',
      messagesBefore: this.mirror.length - 1, messagesAfter: msgs.length,
      tokensBefore: this.lastSentTokens + this.appendedSinceSend, tokensAfter: this.requestTokens,
      earliestChangedIndex: diff, rewriteTokens: sumTokens(this.tokens, req, diff),
      prevRequestLength: this.lastSentLength,
    };
  }

  /** The request last sent, readable whole (copied back first if the patched view has overwritten it). */
  private sent(): readonly Message[] {
    for (const p of [this.patched, this.mp]) {
      if (p && p.isSent && this.lastSent === p.req && !p.pristine) {
        const copy = p.sentCopy();
        if (this.lastSentKeys === this.lastSent) this.lastSentKeys = copy;
        this.lastSent = copy;
        p.unmarkSent();
      }
    }
    return this.lastSent;
  }

  private sentKeys(): readonly Message[] {
    this.sent();
    return this.lastSentKeys;
  }

  /** Marks the current request as sent and returns it. */
  send(): Message[] {
    const req = this.view ?? this.mirror;
    this.lastSent = req;
    this.lastSentKeys = this.viewKeys ?? req;
    this.viewKeys = null;
    this.lastSentLength = req.length;
    this.lastSentTokens = this.requestTokens;
    this.appendedSinceSend = 0;
    this.view = null; // a view is recomputed every step
    if (this.patched) {
      if (req === this.patched.req) this.patched.markSent();
      else this.patched.unmarkSent();
    }
    if (req === this.mp.req) this.mp.markSent();
    else this.mp.unmarkSent();
    return req;
  }

  /**
   * Between send() and price(): the first index of the request just sent that differs from the previous
   * request (its length when the request only appended; 0 after a model switch). The needs index
   * (needs-index.ts) re-reads the request from there.
   */
  changedSinceSent(): number {
    return Math.min(this.changedFrom, this.contentChangedFrom, this.switched ? 0 : this.priorLength);
  }

  /** Prices the request just sent on the current model's cache. */
  price(request: Message[], now: number, outputTokens: number): Usage {
    const prevLen = this.switched ? 0 : this.priorLength;
    const changedFrom = Math.min(this.changedFrom, prevLen);
    const keys = this.lastSentKeys !== request ? this.lastSentKeys : undefined;
    // the content changed under unchanged keys: this request is keyed (a `cacheAs` view), or the last one
    // was and this one sends the keyed messages themselves (their full counts come back)
    const contentChangedFrom = Math.min(this.contentChangedFrom, prevLen);
    const keyed = keys ? { keys, contentChangedFrom } : contentChangedFrom < changedFrom ? { contentChangedFrom } : {};
    const usage = this.cache.price({ request, changedFrom, now, outputTokens, editKind: this.editKind, ...keyed });
    if (this.switched && usage.breakCause === 'cold-start') usage.breakCause = 'model-switch';
    this.switched = false;
    this.changedFrom = Infinity;
    this.contentChangedFrom = Infinity;
    this.editKind = 'none';
    this.priorLength = request.length;
    return usage;
  }

  private priorLength = 0;

  /** A scenario model switch: the new model's cache, and its token count when its scale differs (O(history), once). */
  switchModel(cache: CacheModel, tokens: TokenCounter = this.tokens): void {
    if (tokens !== this.tokens) {
      this.tokens = tokens;
      // the patched view counts with the old scale: the next view is built afresh
      this.viewBasis = false;
      this.systemTokens = tokens.message(this.system);
      this.mp.recount(tokens);
      this.lastSentTokens = sumTokens(tokens, this.sent(), 0, this.lastSentLength);
      this.appendedSinceSend = Math.max(0, this.mp.tokens - this.lastSentTokens);
    }
    if (cache === this.cache) return;
    this.cache = cache;
    this.switched = true;
  }

  telemetry(): Record<string, number> {
    return { insertionTrims: this.trims, insertionTrimmedTokens: this.trimmedTokens };
  }
}
