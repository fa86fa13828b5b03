/**
 * The exact token total of a history, kept as a running sum. The harness appends to the same history
 * array and replaces it (a new array) when a policy rewrites it, and messages are frozen, so while the
 * array is the same object only its new tail needs counting: O(appended) per step instead of
 * O(history). A new array (a rewrite, or the harness's frozen copy of a policy's result) is compared
 * with the one counted last by message identity: only messages dropped, inserted or replaced are
 * counted, so a rewrite costs O(history) identity checks but O(changed) token look-ups.
 * The total is the same as `ctx.tokens.messages(history)`.
 *
 * A policy that rewrites history on many steps and knows its result's total can say so (`expect`): the
 * harness's next history is that result (the same message objects, in a new array) plus what was
 * appended since, recognized by identity and continued from the given total without any look-up.
 */
import type { Message } from '../../core/messages.js';
import { rebasedTotal } from '../../core/token-delta.js';
import type { TokenCounter } from '../../core/tokens.js';

export class HistoryTokens {
  private ref: readonly Message[] | undefined;
  private counter: TokenCounter | undefined;
  /** `ref[0 : counted]` is counted in `total`; those positions never change while `ref` is the harness's array */
  private counted = 0;
  private last: Message | undefined;
  private total = 0;
  private expected: { history: readonly Message[]; length: number; total: number } | undefined;

  of(history: readonly Message[], tokens: TokenCounter): number {
    if (tokens !== this.counter) {
      this.counter = tokens;
      this.ref = undefined;
      this.expected = undefined;
    }
    const e = this.expected;
    // the announced result first: an array the harness edited in place (PolicyResult.tail) is the one counted
    // last, yet changed
    if (e && history.length >= e.length && (history === e.history || startsWith(history, e.history, e.length))) {
      // the policy's announced result plus what was appended since (the harness may have adopted that very array)
      this.total = e.total;
      this.counted = e.length;
      this.ref = history;
    } else if (!this.extends(history)) {
      const prev = this.ref;
      // a new array: rebased on the last one; the same array changed in place unannounced: counted whole
      this.total = prev && prev !== history ? this.deltaTotal(history, tokens) : 0;
      this.counted = prev && prev !== history ? history.length : 0;
      this.ref = history;
    }
    this.expected = undefined;
    for (; this.counted < history.length; this.counted++) this.total += tokens.message(history[this.counted]!);
    this.last = this.counted > 0 ? history[this.counted - 1] : undefined;
    return this.total;
  }

  /**
   * The policy returned `history`, whose exact total is `total` (counted with the same counter). A result
   * given as a tail (PolicyResult.tail) passes the hook's input, which the harness edits in place, and the
   * new history's `length`.
   */
  expect(history: readonly Message[], total: number, length = history.length): void {
    this.expected = { history, length, total };
  }

  /**
   * The total of `history` without moving the count to it: for an array that is not the harness's (a
   * policy's result, which the harness copies), so the next step's array is compared with the last one.
   */
  peek(history: readonly Message[], tokens: TokenCounter): number {
    if (tokens === this.counter && this.extends(history)) return this.of(history, tokens);
    return tokens === this.counter && this.ref && this.ref !== history ? this.deltaTotal(history, tokens) : tokens.messages(history);
  }

  /** `history` is the array counted last, grown at most (its counted positions unchanged, as far as checked) */
  private extends(history: readonly Message[]): boolean {
    return history === this.ref && history.length >= this.counted && (this.counted === 0 || history[this.counted - 1] === this.last);
  }

  /** The total of `history` from the last counted array (see core/token-delta.ts). */
  private deltaTotal(history: readonly Message[], tokens: TokenCounter): number {
    return rebasedTotal(this.ref!, this.counted, this.total, history, (m) => tokens.message(m));
  }
}

function startsWith(history: readonly Message[], prefix: readonly Message[], length: number): boolean {
  for (let i = 0; i < length; i++) if (history[i] !== prefix[i]) return false;
  return true;
}
