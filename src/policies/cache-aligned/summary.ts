/**
 * `cache-aligned`'s summary: everything but a recent tail replaced by one summary, like
 * `summarizeAllButTail`, except that the tool calls whose results are still live (used or arrived within
 * the reuse horizon, liveness.ts) stay verbatim after it, each with its call: a summary keeps no span of
 * what it summarizes, and live content is what the next steps are likely to use. The newest user request
 * stays verbatim, and the newest user messages within a budget (what a step was asked to do is what
 * its later steps refer to). Weighed only when a summary is taken (O(history) then).
 */
import type { Message } from '../../core/messages.js';
import { alignCutBackward, tailStartByTokens } from '../shared/boundaries.js';
import { isCleared } from '../shared/tool-results.js';
import { lastUserIndex, requestWithSummary, withSummary } from '../threshold-summary.js';
import type { PolicyContext, PolicyResult, PolicyVeto } from '../types.js';

export interface LiveSummaryOptions {
  tailTokens: number;
  summaryTokens: number;
  reusesMainCache: boolean;
  /** whether the tool result with this call id is live (kept verbatim with its call) */
  live(toolCallId: string): boolean;
  placeholder: string;
  /** user messages are kept verbatim too, newest first, up to this many tokens */
  userTokens: number;
}

/**
 * Indices of what the head keeps verbatim: the call groups (an assistant call and the results after it)
 * holding a live, uncleared result, and the newest user messages within their budget.
 */
function keptVerbatim(head: readonly Message[], o: LiveSummaryOptions, tokens: (m: Message) => number): Set<number> {
  const keep = new Set<number>();
  for (let j = 0; j < head.length; j++) {
    if (head[j]!.role !== 'assistant' || !head[j]!.tool_calls?.length) continue;
    let k = j + 1;
    let live = false;
    for (; k < head.length && head[k]!.role === 'tool'; k++) {
      const m = head[k]!;
      if (m.tool_call_id && !isCleared(m, o.placeholder) && o.live(m.tool_call_id)) live = true;
    }
    if (live) for (let i = j; i < k; i++) keep.add(i);
    j = k - 1;
  }
  let budget = o.userTokens;
  for (let j = head.length - 1; j >= 0 && budget > 0; j--) {
    if (head[j]!.role !== 'user') continue;
    const t = tokens(head[j]!);
    if (t > budget) break;
    budget -= t;
    keep.add(j);
  }
  return keep;
}

export function summarizeKeepingLive(history: readonly Message[], ctx: PolicyContext, o: LiveSummaryOptions): PolicyResult | PolicyVeto {
  const cut = alignCutBackward(history, tailStartByTokens(history, o.tailTokens, ctx.tokens.message, 2));
  const lastUser = lastUserIndex(history);
  const keepRequest = lastUser >= 0 && lastUser < cut;
  const kept = keptVerbatim(history.slice(0, cut), o, ctx.tokens.message);
  const head = history.slice(0, cut).filter((_, i) => !kept.has(i) && !(keepRequest && i === lastUser));
  if (head.length === 0) return { veto: 'nothing but live content and the current request to summarize' };
  const res = ctx.summarizer.summarize({ messages: head, budgetTokens: o.summaryTokens, budgetKind: 'target', ...(o.reusesMainCache ? { reusesMainCache: true } : {}) });
  if (!res.ok) return { veto: 'the summarizer failed' };
  const tail = [...history.slice(0, cut).filter((_, i) => kept.has(i)), ...history.slice(cut)];
  const next = keepRequest ? requestWithSummary(history[lastUser]!, res.text, tail) : withSummary(res.text, tail);
  const tokens = ctx.systemTokens + ctx.tokens.messages(next);
  return { history: next, kind: 'summary', detail: { keptLive: kept.size, ...(tokens > ctx.contextWindow ? { overWindow: true, tokens } : {}) } };
}
