/**
 * `checkInvariants` kept incrementally for the harness's history, for rewrites that say where they
 * start (`PolicyResult.changedFrom`).
 *
 * Why: the harness checks the invariants of every rewritten history, and a policy that rewrites a few
 * messages near the end of a long history on every step (a per-step microcompact) paid a full check,
 * O(history) with a map of every call, per step. Here the calls and results of the history are indexed
 * by id; appends and a rewrite from index `from` update the index with only the messages they add or
 * drop, and the index answers the one question the common case needs: "no violation at all?". Any doubt
 * (a duplicate, an orphan, a result before its call, a call left unanswered outside the pending tail)
 * falls back to the full check, so the violations reported are always those of `checkInvariants`.
 *
 * The index is built lazily, on the first hinted rewrite of a history found clean: sessions without such
 * rewrites pay nothing on their appends.
 */
import { checkInvariants, type Violation } from './invariants.js';
import { ROLES, type Message } from './messages.js';
import type { IdentityEdit } from './token-delta.js';

/** Unanswered calls beyond this many mean "not clean" without looking further (a clean history has one turn's). */
const MAX_PENDING = 64;

interface Index {
  /** call id → the assistant message that made it */
  calls: Map<string, Message>;
  /** call ids answered by a result after the call */
  answered: Set<string>;
  /** call ids not answered (yet) */
  unanswered: Set<string>;
  /** false once an added message made a violation other than an unanswered call */
  clean: boolean;
}

export class InvariantIndex {
  private index: Index | null = null;

  /** checked runs: every incremental answer is compared with the full check */
  constructor(private readonly verify = false) {}

  /** A message was appended to the history. O(its calls) while the index is built, else nothing. */
  append(m: Message): void {
    if (this.index) add(this.index, m);
  }

  /**
   * The violations of `next`, which replaced `prev`; `next[i] === prev[i]` for every `i < from` (the
   * rewrite's hint; −1 when it gave none). With `edit` (the rewrite by identity) whose new messages make
   * no call and answer none (text kept, calls stripped, a summary merged): O(edit) when both histories are
   * clean. Otherwise, from a hint above 0: O(prev.length − from + next.length − from).
   *
   * `base`: `prev` holds the previous history from position `base` on only (`base` ≤ `from`; a history the
   * harness edited in place keeps just what the edit overwrote), so position `i` is `prev[i − base]`.
   */
  check(prev: readonly Message[], next: readonly Message[], from: number, edit?: IdentityEdit, base = 0): Violation[] {
    const ix = this.index;
    const inert = ix?.clean && edit !== undefined && edit.fresh.every((j) => makesNoCall(next[j]!));
    if (ix?.clean && (inert || from > 0)) {
      if (inert) {
        // results first: a dropped call whose result stays is an orphan; the new messages only need a valid role
        for (const i of edit!.dropped) if (prev[i - base]!.role === 'tool') remove(ix, prev[i - base]!);
        for (const i of edit!.dropped) if (prev[i - base]!.role === 'assistant') dropCalls(ix, prev[i - base]!);
        for (const j of edit!.fresh) add(ix, next[j]!);
      } else {
        for (let i = prev.length - 1; i >= from - base; i--) remove(ix, prev[i]!);
        for (let i = from; i < next.length; i++) add(ix, next[i]!);
      }
      if (ix.clean && pendingOk(ix, next)) {
        if (this.verify) {
          const full = checkInvariants(next);
          if (full.length) throw new Error(`incremental invariant check missed ${full[0]!.code} at ${full[0]!.index}`);
        }
        return [];
      }
    }
    const full = checkInvariants(next);
    // index a clean history only when the policy gives hints (a history with violations is checked whole)
    this.index = from >= 0 && full.length === 0 ? build(next) : null;
    return full;
  }
}

function build(history: readonly Message[]): Index {
  const ix: Index = { calls: new Map(), answered: new Set(), unanswered: new Set(), clean: true };
  for (const m of history) add(ix, m);
  return ix;
}

function add(ix: Index, m: Message): void {
  if (!m || typeof m !== 'object' || !ROLES.includes(m.role)) {
    ix.clean = false;
  } else if (m.role === 'assistant') {
    if (m.tool_calls) {
      for (const tc of m.tool_calls) {
        if (ix.calls.has(tc.id)) ix.clean = false;
        else {
          ix.calls.set(tc.id, m);
          ix.unanswered.add(tc.id);
        }
      }
    }
  } else if (m.role === 'tool') {
    const id = m.tool_call_id ?? '';
    // no earlier call (orphan, or a result before its call) or a second result
    if (!ix.calls.has(id) || ix.answered.has(id)) ix.clean = false;
    else {
      ix.answered.add(id);
      ix.unanswered.delete(id);
    }
  }
}

/** Undoes `add` of the last message of a clean history (messages are removed last first). */
function remove(ix: Index, m: Message): void {
  if (m.role === 'assistant') {
    if (m.tool_calls) {
      for (const tc of m.tool_calls) {
        ix.calls.delete(tc.id);
        ix.unanswered.delete(tc.id);
      }
    }
  } else if (m.role === 'tool') {
    const id = m.tool_call_id ?? '';
    ix.answered.delete(id);
    if (ix.calls.has(id)) ix.unanswered.add(id);
  }
}

/** A message that neither makes a call nor answers one (so its position cannot break a pairing). */
const makesNoCall = (m: Message): boolean =>
  !!m && typeof m === 'object' && m.role !== 'tool' && !(m.role === 'assistant' && m.tool_calls && m.tool_calls.length > 0);

/** Removes an assistant message's calls from anywhere in a clean history: a result it leaves behind is an orphan. */
function dropCalls(ix: Index, m: Message): void {
  for (const tc of m.tool_calls ?? []) {
    ix.calls.delete(tc.id);
    ix.unanswered.delete(tc.id);
    if (ix.answered.has(tc.id)) ix.clean = false;
  }
}

/** Every unanswered call belongs to the last assistant message, and only tool results follow it. */
function pendingOk(ix: Index, history: readonly Message[]): boolean {
  if (ix.unanswered.size === 0) return true;
  if (ix.unanswered.size > MAX_PENDING) return false;
  let i = history.length - 1;
  while (i >= 0 && history[i]!.role === 'tool') i--;
  const last = history[i];
  if (!last || last.role !== 'assistant') return false;
  for (const id of ix.unanswered) if (ix.calls.get(id) !== last) return false;
  return true;
}
