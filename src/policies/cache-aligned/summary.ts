/**
 * `cache-aligned`'s summary: everything but a recent tail replaced by one summary, like
 * `summarizeAllButTail`, except that user messages stay verbatim and untouched. The newest request
 * before the tail and the newest other user messages within a token budget follow the summary as they
 * were (a short assistant note between two that are now adjacent, so turns keep alternating), and the
 * summary is a message of its own rather than text added to a user message: a summary
 * keeps no span of what it summarizes, a user message with text added is no longer the message later
 * steps quote, and what the user asked for is what later steps act on (`instruction` needs, a quarter
 * of all). Weighed only when a summary is taken (O(history) then).
 */
import type { Message } from '../../core/messages.js';
import { alignCutBackward, tailStartByTokens } from '../shared/boundaries.js';
import { lastUserIndex, SUMMARY_PREFIX } from '../threshold-summary.js';
import type { PolicyContext, PolicyResult, PolicyVeto } from '../types.js';

export interface UserKeepingSummaryOptions {
  tailTokens: number;
  summaryTokens: number;
  reusesMainCache: boolean;
  /** user messages before the tail kept verbatim, newest first, up to this many tokens */
  userTokens: number;
}

/** Head indices of the request (when in the head) and the newest other user messages that fit the budget together. */
function keptUsers(head: readonly Message[], request: number, budget: number, tokens: (m: Message) => number): Set<number> {
  const keep = new Set<number>(request >= 0 && request < head.length ? [request] : []);
  for (let j = head.length - 1; j >= 0 && budget > 0; j--) {
    if (head[j]!.role !== 'user' || j === request) continue;
    const t = tokens(head[j]!);
    if (t > budget) break;
    budget -= t;
    keep.add(j);
  }
  return keep;
}

/** Between two user messages now adjacent (their answers were summarized), a short assistant note: turns keep alternating. */
export const SUMMARIZED_NOTE = '[The work on this is in the summary above.]';
function alternating(msgs: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const m of msgs) {
    if (m.role === 'user' && out.at(-1)?.role === 'user') out.push({ role: 'assistant', content: SUMMARIZED_NOTE });
    out.push(m);
  }
  return out;
}

export function summarizeKeepingUsers(history: readonly Message[], ctx: PolicyContext, o: UserKeepingSummaryOptions): PolicyResult | PolicyVeto {
  const cut = alignCutBackward(history, tailStartByTokens(history, o.tailTokens, ctx.tokens.message, 2));
  const kept = keptUsers(history.slice(0, cut), lastUserIndex(history), o.userTokens, ctx.tokens.message);
  const head = history.slice(0, cut).filter((_, i) => !kept.has(i));
  if (head.length === 0) return { veto: 'nothing but user messages and the current request to summarize' };
  const res = ctx.summarizer.summarize({ messages: head, budgetTokens: o.summaryTokens, budgetKind: 'target', ...(o.reusesMainCache ? { reusesMainCache: true } : {}) });
  if (!res.ok) return { veto: 'the summarizer failed' };
  const next = alternating([{ role: 'user', content: SUMMARY_PREFIX + res.text }, ...history.slice(0, cut).filter((_, i) => kept.has(i)), ...history.slice(cut)]);
  const tokens = ctx.systemTokens + ctx.tokens.messages(next);
  return { history: next, kind: 'summary', detail: { keptUsers: kept.size, ...(tokens > ctx.contextWindow ? { overWindow: true, tokens } : {}) } };
}
