/**
 * Where Hermes' protected tail starts (agent/context_compressor.py `_find_tail_cut_by_tokens` and its
 * helpers @ 8fa8aabb): a backward token walk with a 1.5× soft ceiling and a bounded message floor,
 * a re-walk with the raw budget when everything fits, alignment so a tool group is not split, then two
 * anchors that pull the last real user message and the last visible assistant reply into the tail.
 * The final clamp to head+1 can still split a call from its results; the sanitizer cleans that up.
 */
import { estimateMsgBudgetTokens } from './estimate.js';
import { isDict, nonEmptyList, type PyMsg } from './msg.js';
import { pyStrip } from './pystr.js';
import { isContextSummaryContent } from './summary-text.js';

/** `_MAX_TAIL_MESSAGE_FLOOR` */
export const MAX_TAIL_MESSAGE_FLOOR = 8;

/** `_align_boundary_forward`: skip tool results so the middle does not start mid-group. */
export function alignBoundaryForward(msgs: readonly PyMsg[], idx: number): number {
  while (idx < msgs.length && msgs[idx]!.role === 'tool') idx++;
  return idx;
}

/** `_align_boundary_backward`: move a cut that follows tool results to their assistant parent. */
export function alignBoundaryBackward(msgs: readonly PyMsg[], idx: number): number {
  if (idx <= 0 || idx >= msgs.length) return idx;
  let check = idx - 1;
  while (check >= 0 && msgs[check]!.role === 'tool') check--;
  if (check >= 0 && msgs[check]!.role === 'assistant' && nonEmptyList(msgs[check]!.tool_calls)) return check;
  return idx;
}

function lastRealUserIdx(msgs: readonly PyMsg[], headEnd: number): number {
  for (let i = msgs.length - 1; i >= headEnd; i--) {
    const m = msgs[i]!;
    if (m.role === 'user' && !isContextSummaryContent(m.content)) return i;
  }
  return -1;
}

export function hasVisibleText(content: unknown): boolean {
  if (typeof content === 'string') return pyStrip(content) !== '';
  if (!Array.isArray(content)) return false;
  return content.some((p) => {
    if (!isDict(p)) return false;
    const t = p.text || p.content;
    return typeof t === 'string' && pyStrip(t) !== '';
  });
}

/** Last assistant with visible text at or after `headEnd`, else the last assistant of any kind. */
function lastAssistantIdx(msgs: readonly PyMsg[], headEnd: number): number {
  let lastAny = -1;
  for (let i = msgs.length - 1; i >= headEnd; i--) {
    const m = msgs[i]!;
    if (m.role !== 'assistant') continue;
    if (lastAny < 0) lastAny = i;
    if (hasVisibleText(m.content)) return i;
  }
  return lastAny;
}

/** Index after the turn pair user → assistant → its tool results. */
export function findTurnPairEnd(msgs: readonly PyMsg[], userIdx: number): number {
  const n = msgs.length;
  let idx = userIdx + 1;
  if (idx >= n || msgs[idx]!.role !== 'assistant') return idx;
  idx++;
  while (idx < n && msgs[idx]!.role === 'tool') idx++;
  return idx;
}

function ensureLastUserInTail(msgs: readonly PyMsg[], cut: number, headEnd: number): number {
  const u = lastRealUserIdx(msgs, headEnd);
  if (u < 0 || u >= cut) return cut;
  const adjusted = Math.max(u, headEnd + 1);
  // The clamp would strand the user without its reply: summarise the whole pair instead.
  if (adjusted > u) return Math.max(findTurnPairEnd(msgs, u), headEnd + 1);
  return adjusted;
}

function ensureLastAssistantInTail(msgs: readonly PyMsg[], cut: number, headEnd: number): number {
  const a = lastAssistantIdx(msgs, headEnd);
  if (a < 0 || a >= cut) return cut;
  return Math.max(alignBoundaryBackward(msgs, a), headEnd + 1);
}

/** The message-count floor of the tail: at most 8, leaving two messages to summarise. */
export function minTailMessages(n: number, headEnd: number, protectLastN: number): number {
  const available = Math.max(0, n - headEnd - 1);
  const floor = Math.max(3, Math.min(protectLastN, MAX_TAIL_MESSAGE_FLOOR));
  return available > 1 ? Math.min(floor, Math.max(3, available - 2), available) : 0;
}

/** Backward walk: the first index whose message would push the sum over `limit` (after `minTail`). */
function walk(msgs: readonly PyMsg[], headEnd: number, limit: number, minTail: number): { cut: number; acc: number } {
  const n = msgs.length;
  let acc = 0;
  let cut = n;
  for (let i = n - 1; i >= headEnd; i--) {
    const t = estimateMsgBudgetTokens(msgs[i]!);
    if (acc + t > limit && n - i >= minTail) return { cut, acc };
    acc += t;
    cut = i;
  }
  return { cut, acc };
}

export interface TailCut {
  cut: number;
  /** the last real user message was before the cut and pulled it back (or forward past its pair) */
  userPulled: boolean;
  /** the last visible assistant reply was before the cut and pulled it back */
  assistantPulled: boolean;
}

/** `_find_tail_cut_by_tokens(messages, head_end, token_budget)`, with which anchors moved the cut. */
export function tailCut(msgs: readonly PyMsg[], headEnd: number, budget: number, protectLastN: number): TailCut {
  const n = msgs.length;
  const minTail = minTailMessages(n, headEnd, protectLastN);
  const soft = Math.trunc(budget * 1.5);
  let { cut, acc } = walk(msgs, headEnd, soft, minTail);
  if (cut <= headEnd && acc <= soft && acc > 0) {
    // Everything fits under the soft ceiling: re-walk with the raw budget so something is summarised.
    let raw = 0;
    for (let j = n - 1; j >= headEnd; j--) {
      const t = estimateMsgBudgetTokens(msgs[j]!);
      if (raw + t > budget && n - j >= minTail) {
        cut = j;
        break;
      }
      raw += t;
      cut = j;
    }
  }
  const fallbackCut = n - minTail;
  cut = Math.min(cut, fallbackCut);
  if (cut <= headEnd) cut = Math.max(fallbackCut, headEnd + 1);
  cut = alignBoundaryBackward(msgs, cut);
  const afterUser = ensureLastUserInTail(msgs, cut, headEnd);
  const afterAssistant = ensureLastAssistantInTail(msgs, afterUser, headEnd);
  return { cut: Math.max(afterAssistant, headEnd + 1), userPulled: afterUser !== cut, assistantPulled: afterAssistant !== afterUser };
}

export function findTailCutByTokens(msgs: readonly PyMsg[], headEnd: number, budget: number, protectLastN: number): number {
  return tailCut(msgs, headEnd, budget, protectLastN).cut;
}
