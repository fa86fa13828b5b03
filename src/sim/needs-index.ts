/**
 * What the request just sent holds, for checking needs against it: which message holds each need's
 * source and which identifiers some message in it names. Kept incrementally: after each send only the
 * messages from the first index that changed since the previous request are re-read (the tracker knows
 * that index: RequestTracker.changedSinceSent), and of those, the messages the new request keeps (the same
 * objects: a tail shifted by a compaction, a run between a rewritten message and a dropped one) are only
 * moved, not re-read. So a step that only appended costs O(appended) map work, and a compaction O(what it
 * removed and wrote) (plus pointer comparisons over the changed span). With a ContextListener, it also
 * says which need identifiers enter and leave the request, so a summary's kept set is not rebuilt.
 */
import { sameMessage } from '../core/diff.js';
import type { Message } from '../core/messages.js';
import type { KeptList } from './kept-list.js';

/** What the index reads of one message, all at once (needs-meter.ts keeps it on the message's memo slot). */
export interface MessageNeeds {
  /** the need source the message is (a tool result's call id, a user message's append key), if any */
  readonly key: string | undefined;
  /**
   * the need identifiers source `key` holds (a summary of it may keep them); undefined for a key no need can
   * name (not reported when a send breaks it), empty for one that holds none but can be needed (a re-fetched copy)
   */
  readonly ids: readonly string[] | undefined;
  /** the need identifiers (and `call:<id>` marks) the message names, if any */
  readonly marks: readonly string[] | undefined;
  /** what a summary message names by what its summary kept (a shared list: not counted identifier by identifier) */
  readonly kept: KeptList | undefined;
}

export interface IndexLookups {
  /**
   * The message's needs. One read per message added or removed. Why: four look-ups in maps keyed by
   * message and source key (its key, its marks, its summary, its source's identifiers), each touching
   * memory the step does not otherwise touch, were most of a compaction's cost in the index.
   */
  entry(m: Message): MessageNeeds;
}

/**
 * Told when a need identifier enters or leaves the request's context: held by a source in it or named by
 * a message in it (summary-keeps.ts keeps what a summary could name from this, not from a scan of the request).
 */
export interface ContextListener {
  entered(id: string): void;
  left(id: string): void;
  /** a summary's kept list entered the request (its identifiers are in the context while it is there) */
  keptEntered(k: KeptList): void;
  /** it left (no message of the request holds it any more) */
  keptLeft(k: KeptList): void;
}

const NO_KEYS: readonly string[] = [];

/** how far past a mismatch the middles are searched for the next shared message */
const LOOK_AHEAD = 32;

/**
 * Matches `a[ai..aEnd)` and `b[bi..bEnd)` by identity, in order (a common subsequence): what is only in `a`
 * goes to `removed`, what is only in `b` to `added`. Greedy, with a bounded look-ahead past each mismatch
 * (a run dropped or inserted), so it costs O(length) pointer comparisons; a message it fails to match is
 * removed and re-added, which the index counts the same.
 */
export function matchMiddles(
  a: readonly Message[], ai: number, aEnd: number, b: readonly Message[], bi: number, bEnd: number, removed: Message[], added: Message[],
): void {
  while (ai < aEnd && bi < bEnd) {
    if (a[ai] === b[bi]) {
      ai++;
      bi++;
      continue;
    }
    let skip = 0;
    const maxA = Math.min(LOOK_AHEAD, aEnd - ai - 1);
    const maxB = Math.min(LOOK_AHEAD, bEnd - bi - 1);
    const max = Math.max(maxA, maxB);
    for (let d = 1; d <= max && !skip; d++) {
      if (d <= maxA && a[ai + d] === b[bi]) skip = d; // a run of `a` dropped
      else if (d <= maxB && b[bi + d] === a[ai]) skip = -d; // a run inserted in `b`
    }
    if (skip > 0) for (let d = 0; d < skip; d++) removed.push(a[ai++]!);
    else if (skip < 0) for (let d = 0; d < -skip; d++) added.push(b[bi++]!);
    else {
      removed.push(a[ai++]!);
      added.push(b[bi++]!);
    }
  }
  while (ai < aEnd) removed.push(a[ai++]!);
  while (bi < bEnd) added.push(b[bi++]!);
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
  /** the summaries' kept lists the request holds, with how many messages hold each */
  private keptLists = new Map<KeptList, number>();

  /** how many sources and names put each need identifier in the context (only with a listener) */
  private inContext = new Map<string, number>();

  private context: ContextListener | undefined;

  constructor(private readonly look: IndexLookups) {}

  /**
   * From now on, tells `l` what enters and leaves the context, starting with what is in it now (O(request),
   * once: a session whose policy never summarizes pays nothing for it).
   */
  listen(l: ContextListener): void {
    this.context = l;
    for (const hs of this.holders.values()) this.sourceEntered(this.look.entry(hs[0]!).ids);
    for (const x of this.named.keys()) if (!x.startsWith('call:')) this.enter(x);
    for (const k of this.keptLists.keys()) l.keptEntered(k);
  }

  /**
   * Re-reads `req` from `from` on. Returns the sources that were in the request from `from` on before
   * and are now gone or held by another message (a placeholder, a truncation): what this send broke. Only
   * sources a need can name (an entry with `ids`): a compaction breaks many more, and the meter keeps
   * each broken key for the session.
   */
  update(req: readonly Message[], from: number): readonly string[] {
    const start = Math.max(0, Math.min(from, this.len, req.length));
    // the tail both requests share, message for message (identity), from the end
    let keep = 0;
    const maxKeep = Math.min(this.len, req.length) - start;
    while (keep < maxKeep && this.msgs[this.len - 1 - keep] === req[req.length - 1 - keep]) keep++;
    const oldEnd = this.len - keep;
    const newEnd = req.length - keep;
    // the middles, matched by identity: a message in both is neither removed nor re-read (a policy that
    // rewrites one message and drops a run, as a running summary does, re-reads only those)
    const removed = this.removed;
    const added = this.added;
    removed.length = 0;
    added.length = 0;
    matchMiddles(this.msgs, start, oldEnd, req, start, newEnd, removed, added);
    // each key a removed message held a copy of, with its holder before this update (in the scratch lists:
    // a map per update was a fifth of the update's own time)
    const keys = this.touchedKeys;
    const holders = this.touchedHeld;
    for (const m of removed) {
      const e = this.look.entry(m);
      const k = e.key;
      if (k !== undefined) {
        const hs = this.holders.get(k)!;
        // only sources that can be needed (a key with identifiers) are reported. A key with one holder is
        // met once; one held twice may be met twice: its first holder counts
        if (e.ids !== undefined && (hs.length === 1 || !keys.includes(k))) {
          keys.push(k);
          holders.push(hs[hs.length - 1]!);
        }
        hs.splice(hs.lastIndexOf(m), 1);
        if (!hs.length) {
          this.holders.delete(k);
          this.sourceLeft(e.ids);
        }
      }
      const ms = e.marks;
      if (ms) for (const x of ms) this.unname(x);
      const kl = e.kept;
      const held = kl && this.keptLists.get(kl);
      if (held) {
        if (held > 1) this.keptLists.set(kl, held - 1);
        else {
          this.keptLists.delete(kl);
          this.context?.keptLeft(kl);
        }
      }
    }
    // move the kept tail to its new place, then write the new middle
    // grown by push (amortized): setting `length` past the capacity reallocates to exactly that size, every step
    while (this.msgs.length < req.length) this.msgs.push(req[this.msgs.length]!);
    if (keep && newEnd !== oldEnd) this.msgs.copyWithin(newEnd, oldEnd, this.len);
    // written only where it differs: a message matched in place (a rewrite's unchanged middle) costs no store
    for (let i = start; i < newEnd; i++) if (this.msgs[i] !== req[i]) this.msgs[i] = req[i]!;
    this.len = req.length;
    for (const m of added) {
      const e = this.look.entry(m);
      const k = e.key;
      if (k !== undefined) {
        const hs = this.holders.get(k);
        if (!hs) {
          this.holders.set(k, [m]);
          this.sourceEntered(e.ids);
        } else {
          // a key held twice (a policy may repeat a message): its holders in request order, the last holds it
          hs.push(m);
          this.reorder(hs);
        }
      }
      const ms = e.marks;
      if (ms) for (const x of ms) this.name(x);
      const kl = e.kept;
      if (kl) {
        const c = this.keptLists.get(kl) ?? 0;
        this.keptLists.set(kl, c + 1);
        if (!c) this.context?.keptEntered(kl);
      }
    }
    removed.length = 0;
    added.length = 0;
    if (this.leaving.length) this.settleLeft();
    if (!keys.length) return NO_KEYS;
    const broken: string[] = [];
    for (let i = 0; i < keys.length; i++) if (this.holder(keys[i]!) !== holders[i]) broken.push(keys[i]!);
    keys.length = 0;
    holders.length = 0;
    return broken;
  }

  /** scratch lists of `update`, reused so a step allocates none */
  private readonly removed: Message[] = [];
  private readonly added: Message[] = [];
  private readonly touchedKeys: string[] = [];
  private readonly touchedHeld: Message[] = [];

  /** `hs` (messages holding one key) put in request order. O(request): only for a key held twice. */
  private reorder(hs: Message[]): void {
    const set = new Set(hs);
    hs.length = 0;
    for (let i = 0; i < this.len; i++) if (set.has(this.msgs[i]!)) hs.push(this.msgs[i]!);
  }

  private name(x: string): void {
    const c = this.named.get(x) ?? 0;
    this.named.set(x, c + 1);
    if (c === 0 && this.context && !x.startsWith('call:')) this.enter(x);
  }

  private unname(x: string): void {
    const c = this.named.get(x)! - 1;
    // a mark no message names any more is dropped: the map stays the size of the request, not of the
    // history (every call id ever sent stayed in it at 0, and its look-ups grew colder with the session)
    if (c === 0) {
      this.named.delete(x);
      if (this.context && !x.startsWith('call:')) this.leave(x);
    } else this.named.set(x, c);
  }

  /** a source holding `ids` entered the request */
  private sourceEntered(ids: readonly string[] | undefined): void {
    if (ids && this.context) for (const id of ids) this.enter(id);
  }

  private sourceLeft(ids: readonly string[] | undefined): void {
    if (ids && this.context) for (const id of ids) this.leave(id);
  }

  private enter(id: string): void {
    const c = this.inContext.get(id);
    this.inContext.set(id, (c ?? 0) + 1);
    // at 0 it left during this update and is back (a placeholder for a result): it never left the request
    if (c === undefined) this.context!.entered(id);
  }

  /** at 0, an identifier is only gone if nothing this update adds brings it back (settleLeft) */
  private leave(id: string): void {
    const c = this.inContext.get(id)! - 1;
    this.inContext.set(id, c);
    if (c === 0) this.leaving.push(id);
  }

  private readonly leaving: string[] = [];

  private settleLeft(): void {
    for (const id of this.leaving) {
      if (this.inContext.get(id) !== 0) continue;
      this.inContext.delete(id);
      this.context!.left(id);
    }
    this.leaving.length = 0;
  }

  /** the message holding source `key` in the request, if it is there */
  holder(key: string): Message | undefined {
    const hs = this.holders.get(key);
    return hs ? hs[hs.length - 1] : undefined;
  }

  /** some message in the request names `mark` */
  names(mark: string): boolean {
    if ((this.named.get(mark) ?? 0) > 0) return true;
    for (const k of this.keptLists.keys()) if (k.has(mark)) return true;
    return false;
  }

  /** the summaries' kept lists the request holds */
  keptInRequest(): Iterable<KeptList> {
    return this.keptLists.keys();
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
