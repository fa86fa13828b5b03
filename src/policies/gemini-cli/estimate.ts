/**
 * Gemini CLI's own token estimate (`@google/gemini-cli-core` 0.61.0, `utils/tokenCalculation.js`
 * `estimateTokenCountSync`), which its compression and masking decide with:
 * - a text part: 0.25 tokens per ASCII UTF-16 unit (code ≤ 127) and 1.5 per other unit, or length / 4 for a
 *   text over 100,000 characters (the fast path);
 * - a function response: (tool name + JSON of the response object) / 4, with no non-ASCII weighting;
 * - any other part (a function call): JSON of the part / 4;
 * - the sum over the parts, floored once.
 * A compactbench message maps onto Gemini parts as the oracle maps it (oracles/gemini-cli): a tool result is
 * a `functionResponse` named by its `name` field whose response is `{ output: content }`, an assistant's text and each of its calls
 * are parts of one model message. The previous port counted chars/4 (`roughText`), which undercounts
 * non-ASCII text up to six times.
 */
import { contentText, type Message } from '../../core/messages.js';
import { contentJsonStringChars, isAscii, jsonStringChars } from './json-chars.js';

const FULL_HEURISTIC_MAX_CHARS = 100_000;
const NON_ASCII_TOKENS_PER_CHAR = 1.5;

/** The unfloored estimate of one text part. */
export function textTokensRaw(text: string): number {
  if (text.length > FULL_HEURISTIC_MAX_CHARS || isAscii(text)) return text.length / 4;
  let ascii = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) <= 127) ascii++;
  return ascii / 4 + (text.length - ascii) * NON_ASCII_TOKENS_PER_CHAR;
}

/** `estimateTokenCountSync([{ text }])`: what truncation counts for a tool output. */
export const geminiTextTokens = (text: string): number => Math.floor(textTokensRaw(text));

const textMemo = new WeakMap<Message, number>();

/** `geminiTextTokens` of a message's text, memoized (a compression walks every tool output of the history). */
export function messageTextTokens(m: Message): number {
  let n = textMemo.get(m);
  if (n === undefined) textMemo.set(m, (n = geminiTextTokens(contentText(m))));
  return n;
}

/** Characters of `JSON.stringify({ output: text })`, the response object Gemini CLI stores for a tool result. */
export const outputJsonChars = (text: string): number => jsonStringChars(text) + 11;

/** `responseTokens` of a tool result's own text (its JSON length memoized with the message). */
export const messageResponseTokens = (m: Message): number =>
  Math.floor(((m.name ?? '').length + contentJsonStringChars(m) + 11) / 4);

/** `estimateTokenCountSync([functionResponsePart])`: what masking counts for one tool result. */
export const responseTokens = (toolName: string, output: string): number =>
  Math.floor((toolName.length + outputJsonChars(output)) / 4);

const memo = new WeakMap<Message, number>();

/** The unfloored estimate of the parts one message maps to (memoized: messages are immutable). */
export function messageTokensRaw(msg: Message): number {
  let n = memo.get(msg);
  if (n !== undefined) return n;
  if (msg.role === 'tool') n = ((msg.name?.length ?? 0) + contentJsonStringChars(msg) + 11) / 4;
  else {
    const text = contentText(msg);
    n = text ? textTokensRaw(text) : 0;
    for (const tc of msg.tool_calls ?? []) {
      // JSON of { functionCall: { name, args } }: 36 characters of keys and braces around the two values
      n += (36 + tc.function.name.length + tc.function.arguments.length) / 4;
    }
  }
  memo.set(msg, n);
  return n;
}

/** `estimateTokenCountSync(history.flatMap((c) => c.parts))` over `msgs`. */
export function geminiMessagesTokens(msgs: readonly Message[]): number {
  let n = 0;
  for (const m of msgs) n += messageTokensRaw(m);
  return Math.floor(n);
}
