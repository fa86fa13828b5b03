/**
 * The prune `cache-aligned` proposes: every tool result but the newest `keep` replaced by a placeholder,
 * with what it would cost and save, so the policy can decide whether it pays back.
 *
 * Cost: the policy weighs a prune on many steps and most are too small to act on, so what it frees is
 * found first (`pruneCandidates`, kept over appended messages by `PruneScan`, no copy of the history)
 * and the new history built only for a prune that goes ahead (`planFrom`). A result's cleared copy is made once per result message and reused, so
 * its token count is memoized like any other message's.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import { isCleared, withContent } from '../shared/tool-results.js';

export interface PrunePlan {
  history: Message[];
  /** tokens the prune removes from every later request */
  reclaimed: number;
  /** tokens from the first changed message to the end: re-written instead of read on the next request */
  rewrite: number;
  /** results cleared */
  cleared: number;
}

/** The results a prune would clear (history indices, oldest first) and the tokens it would free. */
export interface PruneCandidates {
  indices: number[];
  reclaimed: number;
}

/** Cleared copies by result message and placeholder (messages are immutable, so a copy never goes stale). */
const copies = new WeakMap<Message, { placeholder: string; copy: Message }>();
export function clearedCopy(m: Message, placeholder: string): Message {
  const hit = copies.get(m);
  if (hit && hit.placeholder === placeholder) return hit.copy;
  const copy = withContent(m, placeholder);
  copies.set(m, { placeholder, copy });
  return copy;
}

export function pruneCandidates(history: readonly Message[], keep: number, placeholder: string, tokens: TokenCounter): PruneCandidates | undefined {
  return new PruneScan(keep, placeholder).of(history, tokens);
}

/**
 * `pruneCandidates`, kept over an append-only history. The harness appends to the same history array
 * and replaces it (a new array) when a policy rewrites it, and messages are frozen, so while the array
 * is the same object the results only move into the prunable part (older than the newest `keep`) one by
 * one: a step costs O(appended), a rewrite O(history) once.
 */
export class PruneScan {
  private ref: readonly Message[] | undefined;
  private counter: TokenCounter | undefined;
  private scanned = 0;
  /** history indices of every tool result, oldest first */
  private results: number[] = [];
  /** results[0 .. older) are past the kept tail and were weighed */
  private older = 0;
  private indices: number[] = [];
  private reclaimed = 0;

  constructor(private readonly keep: number, private readonly placeholder: string) {}

  of(history: readonly Message[], tokens: TokenCounter): PruneCandidates | undefined {
    if (history !== this.ref || tokens !== this.counter || history.length < this.scanned) {
      Object.assign(this, { ref: history, counter: tokens, scanned: 0, results: [], older: 0, indices: [], reclaimed: 0 });
    }
    for (; this.scanned < history.length; this.scanned++) if (history[this.scanned]!.role === 'tool') this.results.push(this.scanned);
    for (const end = Math.max(0, this.results.length - this.keep); this.older < end; this.older++) {
      const i = this.results[this.older]!;
      const m = history[i]!;
      if (isCleared(m, this.placeholder)) continue;
      this.indices.push(i);
      this.reclaimed += tokens.message(m) - tokens.message(clearedCopy(m, this.placeholder));
    }
    return this.indices.length ? { indices: this.indices.slice(), reclaimed: this.reclaimed } : undefined;
  }
}

/** The prune of `c`: the new history and the tokens re-written from its first change to its end. */
export function planFrom(history: readonly Message[], c: PruneCandidates, placeholder: string, tokens: TokenCounter): PrunePlan {
  const next = history.slice();
  for (const i of c.indices) next[i] = clearedCopy(history[i]!, placeholder);
  let rewrite = 0;
  for (let i = c.indices[0]!; i < next.length; i++) rewrite += tokens.message(next[i]!);
  return { history: next, reclaimed: c.reclaimed, rewrite, cleared: c.indices.length };
}

export function planPrune(history: readonly Message[], keep: number, placeholder: string, tokens: TokenCounter): PrunePlan | undefined {
  const c = pruneCandidates(history, keep, placeholder, tokens);
  return c && planFrom(history, c, placeholder, tokens);
}
