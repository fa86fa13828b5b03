/**
 * The token total of an array of messages, rebased from the total of an earlier version of it.
 *
 * Messages are frozen and compared by identity, and equal messages cancel, so any pairing of equal
 * messages that uses each position of each array at most once gives the exact total. This one walks
 * both arrays, skipping a run of up to SYNC_WINDOW messages dropped or inserted (a pruned block, a new
 * summary), and counts a pair it cannot match as one replaced by the other. Cost: O(length) identity
 * checks, but token look-ups only for what changed — a rewrite that replaces a few messages of a long
 * history (a stripped tool result) is not re-counted whole.
 */
import type { Message } from './messages.js';

const SYNC_WINDOW = 64;

/** Total of `next`, given that `prev[0 : prevLen]` totals `prevTotal` under `count`. */
export function rebasedTotal(
  prev: readonly Message[],
  prevLen: number,
  prevTotal: number,
  next: readonly Message[],
  count: (m: Message) => number,
): number {
  let total = prevTotal;
  walkEdit(prev, prevLen, next, 0, (i) => (total -= count(prev[i]!)), (j) => (total += count(next[j]!)));
  return total;
}

/** A rewrite as seen by identity: what left `prev` and what is new in `next`. */
export interface IdentityEdit {
  /** indices of `prev` (from `from` on) the walk paired with no message of `next` */
  dropped: number[];
  /** indices of `next` (from `from` on) the walk paired with no message of `prev`: inserted or replaced */
  fresh: number[];
}

/**
 * The same walk as `rebasedTotal`, from `from` on (the arrays agree before it): every position of either
 * array is paired with an identical message of the other, in order, or listed. So `next` is `prev` without
 * `dropped`, with `fresh` inserted, the paired messages in the same order. O(length) identity checks.
 *
 * `tail`: `next` holds only the new history from `from` on (`PolicyResult.tail`: the new history is
 * `prev[0 : from]` then `next`); the indices reported are still positions in the new history, and the walk
 * costs O(prev.length − from + next.length).
 */
export function identityEdit(prev: readonly Message[], next: readonly Message[], from: number, tail = false): IdentityEdit {
  const dropped: number[] = [];
  const fresh: number[] = [];
  walkEdit(prev, prev.length, next, from, (i) => dropped.push(i), (j) => fresh.push(j), tail ? from : 0);
  return { dropped, fresh };
}

/**
 * The walk both share: pairs `prev[from : prevLen]` with `next[from :]` by identity — a common tail
 * first, then in order, skipping a run of up to SYNC_WINDOW dropped or inserted messages — and reports
 * each unpaired position of `prev` (`drop`) and of `next` (`fresh`); a pair it cannot match is both.
 * `off`: `next` is stored from position `off` on (position `j` is `next[j - off]`; `off` ≤ `from`).
 */
function walkEdit(
  prev: readonly Message[], prevLen: number, next: readonly Message[], from: number,
  drop: (i: number) => void, fresh: (j: number) => void, off = 0,
): void {
  const len = next.length + off;
  let tail = 0;
  while (tail < prevLen - from && tail < len - from && prev[prevLen - 1 - tail] === next[len - 1 - tail - off]) tail++;
  const prevEnd = prevLen - tail;
  const end = len - tail;
  let i = from;
  let j = from;
  while (i < prevEnd && j < end) {
    if (prev[i] === next[j - off]) {
      i++;
      j++;
      continue;
    }
    const dropped = findWithin(prev, next[j - off]!, i + 1, prevEnd);
    if (dropped >= 0) {
      for (; i < dropped; i++) drop(i);
      continue;
    }
    const inserted = findWithin(next, prev[i]!, j + 1 - off, end - off);
    if (inserted >= 0) {
      for (; j < inserted + off; j++) fresh(j);
      continue;
    }
    fresh(j++);
    drop(i++);
  }
  for (; i < prevEnd; i++) drop(i);
  for (; j < end; j++) fresh(j);
}

/** Index of `m` in `arr[from : min(to, from + SYNC_WINDOW)]`, or −1. */
function findWithin(arr: readonly Message[], m: Message, from: number, to: number): number {
  const stop = Math.min(to, from + SYNC_WINDOW);
  for (let k = from; k < stop; k++) if (arr[k] === m) return k;
  return -1;
}
