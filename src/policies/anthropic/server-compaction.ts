/**
 * Anthropic's server-side compaction `compact_20260112` (beta `compact-2026-01-12`;
 * https://platform.claude.com/docs/en/build-with-claude/compaction, shared/reference/policies.md §3c).
 * When a request's input exceeds the trigger (default 150,000, minimum 50,000 tokens), the API
 * 1. generates a summary of the conversation (an extra, billed sampling step over the same prompt),
 * 2. emits it as a `compaction` block and continues the response from the compacted context;
 * on later requests everything before the compaction block is dropped server-side.
 *
 * Modelled as a view over the untouched history: the triggering request is answered from
 * `[system, compaction block]` (the summary step is an auxiliary call whose input is the cached prompt),
 * and every later request is `[system, compaction block, messages appended since]` — a pure append until
 * the next trigger. The block is an assistant message, as the client passes it back. Upstream it is the
 * first content block of the response that follows; here it stays a message of its own, so the response
 * is a pure append and one compaction is one view change. Everything before the block is dropped, the
 * current user message and any pending tool pair included, as the documentation states.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { PolicyContext } from '../types.js';

export interface Compacted {
  /** history index from which messages are still sent */
  from: number;
  block: Message;
}

export const COMPACTION_BLOCK_PREFIX = '[compaction]\n';

/** The request view implied by the latest compaction (the history itself before the first one). */
export function compactedView(history: readonly Message[], state: Compacted | undefined): readonly Message[] {
  return state ? [state.block, ...history.slice(state.from)] : history;
}

/**
 * Runs the summary step for `view`; the new state (requests start again at history index `fromIndex`),
 * or an error. An index, not the history: the history is never shortened, and a copy of it per compaction
 * made a compaction's cost grow with the session.
 */
export function compactNow(fromIndex: number, view: readonly Message[], ctx: PolicyContext,
  budgetTokens: number, instructions: string): { state: Compacted } | { error: string } {
  const res = ctx.summarizer.summarize({
    messages: view,
    inputTokens: ctx.systemTokens + ctx.tokens.messages(view),
    promptOverheadTokens: instructions ? ctx.tokens.count(instructions) : 200,
    budgetTokens,
    budgetKind: 'target',
    reusesMainCache: true,
    purpose: 'server-compaction',
  });
  if (!res.ok) return { error: res.error };
  return { state: { from: fromIndex, block: { role: 'assistant', content: COMPACTION_BLOCK_PREFIX + res.text } } };
}

/**
 * `compactedView` and its token count, kept over an append-only history: the view is one array that
 * appended messages are pushed onto, with a running token sum, so a step costs O(appended) instead of a
 * copy and a re-count of the view. `changedFrom` (ViewResult.changedFrom) is the length of the view last
 * returned (a pure append) until the next compaction, which starts a new array. A history that is not the
 * previous one plus appended messages (a rewrite) is re-counted from the start.
 */
export class CompactedRequest {
  private state: Compacted | undefined;
  /** `[block, ...history.slice(from)]` once compacted (unused before) */
  private view: Message[] = [];
  /** tokens of the current view (the history before the first compaction) */
  private sum = 0;
  private scanned = 0;
  private lastSeen: Message | undefined;
  private counter: TokenCounter | undefined;
  /** length of the view last returned with a hint (−1: none, the next one is compared with nothing) */
  private returnedLength = -1;

  /** The current view (the history itself before the first compaction) and its tokens. */
  current(history: readonly Message[], tokens: TokenCounter): { view: readonly Message[]; tokens: number } {
    if (tokens !== this.counter || history.length < this.scanned || (this.scanned > 0 && history[this.scanned - 1] !== this.lastSeen)) {
      this.counter = tokens;
      this.rebuild(history);
    }
    for (let i = this.scanned; i < history.length; i++) {
      const m = history[i]!;
      this.sum += tokens.message(m);
      if (this.state) this.view.push(m);
    }
    this.scanned = history.length;
    this.lastSeen = history[history.length - 1];
    return { view: this.state ? this.view : history, tokens: this.sum };
  }

  /** The `changedFrom` hint for returning the current view (undefined after a compaction: a new array). */
  hint(): number | undefined {
    const from = this.returnedLength < 0 ? undefined : this.returnedLength;
    this.returnedLength = this.view.length;
    return from;
  }

  /** A compaction happened: the view restarts at its block (rebuilt by the next `current`). */
  compacted(state: Compacted): void {
    this.state = state;
    this.counter = undefined; // the next `current` rebuilds the view
  }

  private rebuild(history: readonly Message[]): void {
    const tokens = this.counter!;
    this.view = this.state ? [this.state.block, ...history.slice(this.state.from)] : [];
    this.sum = tokens.messages(this.state ? this.view : history);
    this.scanned = history.length;
    this.lastSeen = history[history.length - 1];
    this.returnedLength = -1;
  }
}
