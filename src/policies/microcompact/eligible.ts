/**
 * The tool-result tokens an automatic microcompact run could remove now: the results that lie after the
 * settled prefix and before the turns the run keeps. The automatic mode's minimum saving compares this
 * with its minimum before it runs (microcompact.ts), on every step above the trigger, so it is kept
 * incrementally: per step it costs O(messages appended) plus a binary search, not O(history).
 *
 * The measure is Claude Code's: its generation-1 microcompact counts the tool-result tokens a clearing
 * would remove (claude-code/microcompact.ts). A run removes at least these in a valid history (it also
 * strips the calls and reasoning of those turns), so "at least the minimum is eligible" means "the run
 * recovers at least the minimum". The boundary is the one `stripTail` uses: the first of the last N
 * tool-calling assistant messages (unit `tool-call`), or the first of the last N user messages (unit
 * `user-turn`); with N = 0 everything counts.
 *
 * Validity: the lists describe `history[from : seen]` of one array, which the harness only appends to
 * between runs (a run's tail result is applied in place, and the caller then resets). Any other array, a
 * moved settled prefix, or a last-seen message that is no longer there, and the lists are rebuilt from
 * the settled prefix.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import { hasCalls, type TurnUnit } from './strip.js';

export class EligibleResults {
  private ref: readonly Message[] | undefined;
  private from = 0;
  private seen = 0;
  private seenLast: Message | undefined;
  /** indices of the turn-starting messages in `history[from : seen]`: tool-calling assistants or users, by unit */
  private readonly starts: number[] = [];
  /** indices of the tool results in `history[from : seen]`, ascending, and the running sum of their tokens */
  private readonly resultAt: number[] = [];
  private readonly resultSum: number[] = [];

  constructor(private readonly keepLastN: number, private readonly unit: TurnUnit) {}

  /** Forget the lists: the next call rebuilds them (after a run has changed the history in place). */
  reset(): void {
    this.ref = undefined;
  }

  /** Tool-result tokens in `history[settledIndex : boundary]`. */
  tokens(history: readonly Message[], settledIndex: number, counter: TokenCounter): number {
    const stale = history !== this.ref || settledIndex !== this.from || history.length < this.seen
      || (this.seen > this.from && history[this.seen - 1] !== this.seenLast);
    if (stale) this.restart(history, settledIndex);
    this.advance(history, counter);
    const boundary = this.boundary(history.length);
    const n = countBelow(this.resultAt, boundary);
    return n === 0 ? 0 : this.resultSum[n - 1]!;
  }

  private restart(history: readonly Message[], from: number): void {
    this.ref = history;
    this.from = from;
    this.seen = from;
    this.seenLast = undefined;
    this.starts.length = 0;
    this.resultAt.length = 0;
    this.resultSum.length = 0;
  }

  private advance(history: readonly Message[], counter: TokenCounter): void {
    for (let i = this.seen; i < history.length; i++) {
      const m = history[i]!;
      if (m.role === 'tool') {
        const before = this.resultSum.length === 0 ? 0 : this.resultSum[this.resultSum.length - 1]!;
        this.resultAt.push(i);
        this.resultSum.push(before + counter.message(m));
      } else if (this.unit === 'user-turn' ? m.role === 'user' : hasCalls(m)) {
        this.starts.push(i);
      }
    }
    this.seen = history.length;
    this.seenLast = history.length > this.from ? history[history.length - 1] : undefined;
  }

  /**
   * Where the kept turns start. Fewer than N turns after the settled prefix: nothing is eligible (for
   * `tool-call` the run keeps them all; for `user-turn` the N-th last user message is in the prefix or
   * absent, and `stripTail` strips nothing after the prefix either).
   */
  private boundary(length: number): number {
    if (this.keepLastN === 0) return length;
    return this.starts.length < this.keepLastN ? this.from : this.starts[this.starts.length - this.keepLastN]!;
  }
}

/** How many entries of the ascending `xs` are below `x`. */
function countBelow(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
