/**
 * `_find_tail_cut_by_tokens` at 0000416b (agent/context_compressor.py @ 0000416b34a3). The walk, its
 * raw-budget re-walk, the message floor and the backward tool-group alignment are 8fa8aabb's
 * (tail-cut.ts), measured with 0000416b's rounded-up budget estimate. What changed:
 * - the last-user anchor keeps only an actionable, non-synthetic user turn (PR #69291: a blank platform
 *   echo or a handoff no longer counts);
 * - the last-assistant anchor skips handoff summaries that carry role=assistant;
 * - `min_tail_user_messages` > 1 pulls the last N such user turns into the tail (PR #70250);
 * - the final clamp to head+1 is re-aligned FORWARD past a tool group, so it no longer splits a call
 *   from its results.
 */
import { type PyMsg } from '../msg.js';
import { alignBoundaryBackward, alignBoundaryForward, findTurnPairEnd, hasVisibleText, minTailMessages } from '../tail-cut.js';
import { estimateMsgBudgetTokens416 } from './budget.js';

type Budget = (m: PyMsg) => number;
import { isAnchorUser, isContextSummaryMessage, lastAnchorUserIdx } from './handoff.js';

export interface TailCut416 {
  cut: number;
  userPulled: boolean;
  usersPulled: boolean;
  assistantPulled: boolean;
  /** every message fit under the soft ceiling, so the raw budget placed the cut */
  rawRewalk: boolean;
  /** the final clamp moved forward past a tool group */
  clampedForward: boolean;
}

/** Backward walk: the index after which the tail stays under `limit` (once `minTail` messages are in). */
function walk(msgs: readonly PyMsg[], headEnd: number, limit: number, minTail: number, budget: Budget): { cut: number; acc: number } {
  const n = msgs.length;
  let acc = 0;
  let cut = n;
  for (let i = n - 1; i >= headEnd; i--) {
    const t = budget(msgs[i]!);
    if (acc + t > limit && n - i >= minTail) return { cut, acc };
    acc += t;
    cut = i;
  }
  return { cut, acc };
}

/** `_find_last_assistant_message_idx`: newest non-summary assistant with visible text, else any non-summary assistant. */
function lastAssistantIdx(msgs: readonly PyMsg[], headEnd: number): number {
  let lastAny = -1;
  for (let i = msgs.length - 1; i >= headEnd; i--) {
    const m = msgs[i]!;
    if (m.role !== 'assistant' || isContextSummaryMessage(m)) continue;
    if (lastAny < 0) lastAny = i;
    if (hasVisibleText(m.content)) return i;
  }
  return lastAny;
}

function ensureLastUserInTail(msgs: readonly PyMsg[], cut: number, headEnd: number): number {
  const u = lastAnchorUserIdx(msgs, headEnd);
  if (u < 0 || u >= cut) return cut;
  const adjusted = Math.max(u, headEnd + 1);
  if (adjusted > u) return Math.max(findTurnPairEnd(msgs, u), headEnd + 1);
  return adjusted;
}

function ensureLastAssistantInTail(msgs: readonly PyMsg[], cut: number, headEnd: number): number {
  const a = lastAssistantIdx(msgs, headEnd);
  if (a < 0 || a >= cut) return cut;
  return Math.max(alignBoundaryBackward(msgs, a), headEnd + 1);
}

/** `_ensure_last_n_user_messages_in_tail` for n > 1 (fewer users than n: the earliest one). */
function ensureLastNUsersInTail(msgs: readonly PyMsg[], cut: number, headEnd: number, n: number): number {
  let found = 0;
  let target = -1;
  for (let i = msgs.length - 1; i >= headEnd && found < n; i--) {
    if (isAnchorUser(msgs[i]!)) {
      target = i;
      found++;
    }
  }
  if (target < 0 || target >= cut) return cut;
  return Math.max(target, headEnd + 1);
}

export function tailCut416(
  msgs: readonly PyMsg[],
  headEnd: number,
  tokenBudget: number,
  protectLastN: number,
  minTailUsers: number,
  budget: Budget = estimateMsgBudgetTokens416,
): TailCut416 {
  const n = msgs.length;
  const minTail = minTailMessages(n, headEnd, protectLastN);
  const soft = Math.trunc(tokenBudget * 1.5);
  let { cut, acc } = walk(msgs, headEnd, soft, minTail, budget);
  const rawRewalk = cut <= headEnd && acc <= soft && acc > 0;
  if (rawRewalk) {
    let raw = 0;
    for (let j = n - 1; j >= headEnd; j--) {
      const t = budget(msgs[j]!);
      if (raw + t > tokenBudget && n - j >= minTail) {
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
  const afterUsers = minTailUsers > 1 ? ensureLastNUsersInTail(msgs, afterAssistant, headEnd, minTailUsers) : afterAssistant;
  const clamped = Math.max(afterUsers, headEnd + 1);
  const final = alignBoundaryForward(msgs, clamped);
  return {
    cut: final,
    userPulled: afterUser !== cut,
    assistantPulled: afterAssistant !== afterUser,
    usersPulled: afterUsers !== afterAssistant,
    rawRewalk,
    clampedForward: final !== clamped,
  };
}
