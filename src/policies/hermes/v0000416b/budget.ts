/**
 * `_estimate_msg_budget_tokens` at 0000416b (agent/context_compressor.py @ 0000416b34a3): the
 * per-message estimate of the prune boundary, the pressure pass and the tail walk. It now rounds up
 * where 8fa8aabb floored: string content is `estimate_tokens_rough` (ceil of chars/4) + 10, and each
 * dict tool call is the ceil of `len(str(call))`/4. List content (text plus 6,400 chars per image) and
 * the reasoning replay fields are still floored. Memoized per message object, as estimate.ts is.
 */
import {
  CHARS_PER_TOKEN,
  contentLengthForBudget,
  estimateTokensRough,
  REPLAY_BUDGET_KEYS,
  serializedLength,
  toolCallReprLen,
} from '../estimate.js';
import { isDict, type PyMsg } from '../msg.js';
import { hermesMemo } from '../msg-memo.js';
import { pyTruthy } from '../pyrepr.js';

const ceilQuarter = (chars: number): number => Math.floor((chars + 3) / 4);

export function estimateMsgBudgetTokens416(msg: PyMsg): number {
  const memo = hermesMemo(msg);
  if (memo.budget416 !== undefined) return memo.budget416;
  const c = pyTruthy(msg.content) ? (msg.content as unknown) : '';
  let t = typeof c === 'string' ? estimateTokensRough(c) + 10 : Math.floor(contentLengthForBudget(c) / CHARS_PER_TOKEN) + 10;
  const tcs = msg.tool_calls;
  if (Array.isArray(tcs)) for (const tc of tcs) if (isDict(tc)) t += ceilQuarter(toolCallReprLen(tc));
  for (const key of REPLAY_BUDGET_KEYS) t += Math.floor(serializedLength(msg[key]) / CHARS_PER_TOKEN);
  memo.budget416 = t;
  return t;
}
