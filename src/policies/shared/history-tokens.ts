/**
 * The exact token total of a history, kept as a running sum. The harness appends to the same history
 * array and replaces it (a new array) when a policy rewrites it, and messages are frozen, so while the
 * array is the same object only its new tail needs counting: O(appended) per step instead of
 * O(history). The total is the same as `ctx.tokens.messages(history)`.
 *
 * A policy that rewrites history on many steps can say what it returned (`expect`): the harness's next
 * history is that result (the same message objects, in a new array) plus what was appended since, which
 * is recognized by identity (a cheap pass, no counting) and continues the sum instead of re-counting.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';

export class HistoryTokens {
  private ref: readonly Message[] | undefined;
  private counted = 0;
  private total = 0;
  private expected: { history: readonly Message[]; total: number } | undefined;

  of(history: readonly Message[], tokens: TokenCounter): number {
    if (history !== this.ref || history.length < this.counted) {
      const e = this.expected;
      const continues = e !== undefined && history.length >= e.history.length && startsWith(history, e.history);
      this.ref = history;
      this.counted = continues ? e.history.length : 0;
      this.total = continues ? e.total : 0;
    }
    this.expected = undefined;
    for (; this.counted < history.length; this.counted++) this.total += tokens.message(history[this.counted]!);
    return this.total;
  }

  /** The policy returned `history`, whose exact total is `total` (counted with the same counter). */
  expect(history: readonly Message[], total: number): void {
    this.expected = { history, total };
  }
}

function startsWith(history: readonly Message[], prefix: readonly Message[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (history[i] !== prefix[i]) return false;
  return true;
}
