/**
 * The chars/4 estimates agents use for their own decisions (opencode `Token.estimate`, Claude Code
 * `roughTokenCountEstimation`, Hermes `estimate_tokens_rough`). Policies decide with these, as their
 * sources do; the harness bills with exact tokens. Memoized per message object (messages are immutable).
 */
import { contentText, imageCount, memoOf, type Message } from '../../core/messages.js';
import { IMAGE_TOKENS } from '../../core/tokens.js';

const memo = new WeakMap<Message, number>();

/** chars/4, rounded up (0 for an empty string). */
export const roughText = (text: string): number => Math.ceil(text.length / 4);

/**
 * chars/4 of everything a message sends: text, call names and arguments, reasoning; images at their token price.
 * Kept in the message's memo slot once the harness has frozen it (read on every step by policies that
 * estimate what was appended: the slot is on memory the step touches anyway, where a table of every
 * message of a long session is a probe into memory no recent step touched), in a table otherwise.
 */
export function roughMessage(msg: Message): number {
  const slot = memoOf(msg);
  if (slot?.rough !== undefined) return slot.rough;
  const hit = slot ? undefined : memo.get(msg);
  if (hit !== undefined) return hit;
  let chars = contentText(msg).length;
  for (const tc of msg.tool_calls ?? []) chars += tc.function.name.length + tc.function.arguments.length;
  chars += (msg.reasoning?.length ?? 0) + (msg.reasoning_content?.length ?? 0);
  const n = Math.ceil(chars / 4) + imageCount(msg) * IMAGE_TOKENS;
  if (slot) slot.rough = n;
  else memo.set(msg, n);
  return n;
}

export function roughMessages(msgs: readonly Message[], from = 0, to = msgs.length): number {
  let n = 0;
  for (let i = from; i < to; i++) n += roughMessage(msgs[i]!);
  return n;
}

const jsonMemo = new WeakMap<Message, number>();

/** Characters of a message's JSON serialization (what `Token.estimate(JSON.stringify(msgs))`-style estimators see). */
export function jsonChars(msg: Message): number {
  let n = jsonMemo.get(msg);
  if (n === undefined) jsonMemo.set(msg, (n = JSON.stringify(msg).length));
  return n;
}

/** chars/4 of `JSON.stringify(msgs.slice(from, to))`, computed from memoized per-message lengths. */
export function roughJson(msgs: readonly Message[], from = 0, to = msgs.length): number {
  let chars = 2 + Math.max(0, to - from - 1);
  for (let i = from; i < to; i++) chars += jsonChars(msgs[i]!);
  return Math.ceil(chars / 4);
}
