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

/** Runs the summary step for `view`; the new state, or an error. */
export function compactNow(history: readonly Message[], view: readonly Message[], ctx: PolicyContext,
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
  return { state: { from: history.length, block: { role: 'assistant', content: COMPACTION_BLOCK_PREFIX + res.text } } };
}
