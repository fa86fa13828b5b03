/**
 * User-turn boundaries in a history: a user turn starts at a `user` message and runs to the next one.
 * Used to select the recent turns a compaction keeps (opencode tail selection).
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
