/**
 * The exact token total of a history, kept as a running sum. The harness appends to the same history
 * array and replaces it (a new array) when a policy rewrites it, and messages are frozen, so while the
 * array is the same object only its new tail needs counting: O(appended) per step instead of
 * O(history). The total is the same as `ctx.tokens.messages(history)`.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';

export class HistoryTokens {
  private ref: readonly Message[] | undefined;
  private counted = 0;
  private total = 0;

  of(history: readonly Message[], tokens: TokenCounter): number {
    if (history !== this.ref || history.length < this.counted) {
      this.ref = history;
      this.counted = 0;
      this.total = 0;
    }
    for (; this.counted < history.length; this.counted++) this.total += tokens.message(history[this.counted]!);
    return this.total;
  }
}
