/**
 * User-turn boundaries in a history: a user turn starts at a `user` message and runs to the next one.
 * Used for "never touch the last N user turns" rules (opencode prune, seed 001) and tail selection.
 */
import type { Message } from '../../core/messages.js';

/** Indices of the user messages, oldest first. `skip` excludes synthetic ones (e.g. compaction markers). */
export function userIndices(history: readonly Message[], skip?: (m: Message) => boolean): number[] {
  const out: number[] = [];
  history.forEach((m, i) => {
    if (m.role === 'user' && !skip?.(m)) out.push(i);
  });
  return out;
}

/**
 * Index where the last `n` user turns begin: the n-th user message counted from the end, or 0 when
 * there are fewer than `n`. Everything at or after it belongs to the protected recent turns.
 */
export function recentTurnsStart(history: readonly Message[], n: number, skip?: (m: Message) => boolean): number {
  if (n <= 0) return history.length;
  let seen = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === 'user' && !skip?.(m) && ++seen >= n) return i;
  }
  return 0;
}
