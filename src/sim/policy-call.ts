/**
 * Calling a policy hook safely: exceptions, in-place mutation of the history it was given and
 * malformed results become data (a PolicyFailure) instead of crashing the run.
 */
import { memoOf, ROLES, type Message } from '../core/messages.js';
import { identityEdit, type IdentityEdit } from '../core/token-delta.js';
import type { HookResult } from '../policies/types.js';
import { describeThrown } from '../testing/module-import.js';

export class PolicyFailure extends Error {
  constructor(readonly phase: string, message: string) {
    super(message);
  }
}

interface Snapshot {
  length: number;
  first: Message | undefined;
  last: Message | undefined;
  all?: Message[];
}

const snapshot = (history: readonly Message[], full: boolean): Snapshot => ({
  length: history.length,
  first: history[0],
  last: history[history.length - 1],
  all: full ? history.slice() : undefined,
});

function mutated(history: readonly Message[], s: Snapshot): boolean {
  if (history.length !== s.length || history[0] !== s.first || history[history.length - 1] !== s.last) return true;
  if (s.all) for (let i = 0; i < s.all.length; i++) if (history[i] !== s.all[i]) return true;
  return false;
}

const isFrozenWriteError = (e: unknown): boolean =>
  e instanceof TypeError && /read.only|not extensible|frozen|Cannot (assign|add|delete|define)/i.test(e.message);

let observer: (() => void) | undefined;

/** Called before every hook call (isolated workers send their heartbeat from it; see isolation.ts). */
export function setHookObserver(fn: (() => void) | undefined): void {
  observer = fn;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => !!v && typeof (v as { then?: unknown }).then === 'function';

/**
 * Runs `fn` (a policy hook over `history`). `checked` compares every element identity after the call
 * (O(n)); otherwise only the length and the first and last elements are compared (O(1)), and frozen
 * messages catch edits of message objects.
 */
export function callHook<T>(phase: string, history: readonly Message[], checked: boolean, fn: () => T): T {
  const s = snapshot(history, checked);
  observer?.();
  let out: T;
  try {
    out = fn();
  } catch (e) {
    if (isFrozenWriteError(e)) throw new PolicyFailure(phase, `policy mutated its input (${(e as Error).message})`);
    throw new PolicyFailure(phase, `policy threw: ${describeThrown(e)}`);
  }
  if (mutated(history, s)) throw new PolicyFailure(phase, 'policy mutated its input history array');
  if (isThenable(out)) {
    // hooks are synchronous; a promise (resolved or not) is a policy error, and its rejection is not ours to crash on
    Promise.resolve(out).catch(() => undefined);
    throw new PolicyFailure(phase, 'policy returned a Promise; hooks must return their result synchronously');
  }
  return out;
}

export interface Validated {
  /** the result's `changedFrom` clamped to both histories (−1 without one) */
  from: number;
  /**
   * unchecked hinted results: the rewrite by identity from `from` on (core/token-delta.ts); its `fresh`
   * messages are the only ones looked at, and the only ones new to the harness. Absent: every message
   * from `max(0, from)` on is looked at.
   */
  edit?: IdentityEdit;
  /** unchecked results with `PolicyResult.tail`: the new history from `from` on, for the harness to apply in place */
  tail?: readonly Message[];
}

/**
 * Rejects results that are not a list of well-formed messages. A message the harness froze that passed
 * once is marked in its memo slot and not looked at again: a frozen message cannot change, and a policy
 * that rewrites a long history every step would otherwise have all of it re-checked every step. With a
 * hint only the messages from it on are looked at, and of those only the ones the input did not hold
 * (the input's messages are the harness's own); checked runs verify the hint and look at all from it.
 * A result with a tail is validated from the tail alone (its `history` is not read), except in checked
 * runs, which build `history` and verify the tail against it.
 */
export function validateResult(phase: string, r: HookResult, input: readonly Message[] = [], checked = false): Validated {
  if (!r) return { from: -1 };
  // a veto is a reason for the report: text, never a Symbol or an object that cannot cross a thread
  if ('veto' in r) {
    if (typeof r.veto !== 'string') throw new PolicyFailure(phase, `policy returned a veto that is not a string (${typeof r.veto}): it cannot cross a thread or go into a report`);
    return { from: -1 };
  }
  if (typeof r.kind !== 'string' || !r.kind) throw new PolicyFailure(phase, 'policy returned a result without a kind');
  const tail: unknown = r.tail;
  if (tail !== undefined) {
    if (!Array.isArray(tail)) throw new PolicyFailure(phase, 'PolicyResult.tail must be an array of messages');
    const at = tailFrom(phase, r.changedFrom, input);
    if (!checked) {
      const edit = identityEdit(input, tail as Message[], at, true);
      for (const i of edit.fresh) validMessage(phase, tail[i - at], i);
      return { from: at, edit, tail: tail as Message[] };
    }
    verifyTail(phase, r.history, tail as Message[], at);
  }
  if (!Array.isArray(r.history)) throw new PolicyFailure(phase, 'policy returned a result whose history is not an array');
  const history: readonly unknown[] = r.history;
  const from = hintedFrom(phase, r.changedFrom, input, r.history, checked);
  const edit = from >= 0 && !checked ? identityEdit(input, r.history, from) : undefined;
  const fresh = edit?.fresh;
  const start = Math.max(0, from);
  const count = fresh ? fresh.length : history.length - start;
  for (let k = 0; k < count; k++) {
    const i = fresh ? fresh[k]! : start + k;
    validMessage(phase, history[i], i);
  }
  return edit ? { from, edit } : { from };
}

/** Throws unless `m` is a message (role and content); a frozen message that passed is not looked at again. */
function validMessage(phase: string, v: unknown, i: number): void {
  const m = v as Message;
  const memo = m && typeof m === 'object' ? memoOf(m) : undefined;
  if (memo?.valid) return;
  if (!m || typeof m !== 'object' || !ROLES.includes(m.role)) {
    throw new PolicyFailure(phase, `policy returned an invalid message at index ${i}: role ${JSON.stringify(m?.role)}`);
  }
  const c = m.content;
  if (c !== null && typeof c !== 'string' && !Array.isArray(c)) {
    throw new PolicyFailure(phase, `policy returned an invalid message at index ${i}: content must be a string, parts or null`);
  }
  if (memo) memo.valid = true; // only freezeMessage attaches a memo, and it always freezes
}

/** A tail's `changedFrom`: required, an integer within the input (where the tail starts replacing it). */
function tailFrom(phase: string, changedFrom: unknown, input: readonly Message[]): number {
  if (typeof changedFrom !== 'number' || !Number.isInteger(changedFrom) || changedFrom < 0 || changedFrom > input.length) {
    throw new PolicyFailure(phase, `PolicyResult.tail needs changedFrom, an integer from 0 to the input's length ${input.length}; got ${String(changedFrom)}`);
  }
  return changedFrom;
}

/** Checked runs: `history` (built by the policy) is the input's first `from` messages followed by `tail`. */
function verifyTail(phase: string, history: unknown, tail: readonly Message[], from: number): void {
  const h = history as readonly Message[];
  if (!Array.isArray(h) || h.length !== from + tail.length || tail.some((m, k) => h[from + k] !== m)) {
    throw new PolicyFailure(phase, `PolicyResult.tail is not history from changedFrom ${from} on`);
  }
}

/** `PolicyResult.changedFrom` clamped to both histories; checked runs verify it by identity. */
function hintedFrom(phase: string, changedFrom: unknown, input: readonly Message[], out: readonly Message[], checked: boolean): number {
  if (changedFrom === undefined) return -1;
  if (typeof changedFrom !== 'number' || !(changedFrom >= 0)) {
    throw new PolicyFailure(phase, `PolicyResult.changedFrom must be a non-negative number, got ${String(changedFrom)}`);
  }
  const from = Math.min(Math.floor(changedFrom), input.length, out.length);
  if (checked) {
    for (let i = 0; i < from; i++) {
      if (out[i] !== input[i]) {
        throw new PolicyFailure(phase, `PolicyResult.changedFrom is ${changedFrom} but message ${i} is not the one the input had there`);
      }
    }
  }
  return from;
}
