/** Cut points that never split an assistant's tool calls from their results. */
import type { Message } from '../../core/messages.js';

/**
 * Moves a cut backwards while it would start the kept tail on a tool result, so the assistant
 * message that made the call travels with its results.
 */
export function alignCutBackward(history: readonly Message[], cut: number): number {
  let i = Math.min(Math.max(cut, 0), history.length);
  while (i > 0 && i < history.length && history[i]!.role === 'tool') i--;
  return i;
}

/** Index where the newest messages worth `budget` tokens begin (at least `minMessages` kept). */
export function tailStartByTokens(
  history: readonly Message[],
  budget: number,
  tokensOf: (m: Message) => number,
  minMessages = 1,
): number {
  let acc = 0;
  let i = history.length;
  while (i > 0) {
    const t = tokensOf(history[i - 1]!);
    if (acc + t > budget && history.length - i >= minMessages) break;
    acc += t;
    i--;
  }
  return i;
}
