/**
 * `JSON.stringify(text).length`, the measure Gemini CLI's estimate and split point take of a text
 * (./estimate.ts, ./content-json.ts), without serializing when nothing in the text is escaped.
 *
 * Why: each new message was serialized up to three times (its estimate, its masking count, its share of
 * the split point), and a compression's `<state_snapshot>` (~9,000 characters, new at every compression)
 * twice; with a text that is all ASCII and holds no `"`, `\` or control character, the JSON is the text in
 * quotes. `Buffer.byteLength` tells ASCII in native code (UTF-8 length = UTF-16 length only then).
 */
import { contentText, type Message } from '../../core/messages.js';

/** what JSON escapes in an ASCII string */
const ESCAPED_ASCII = /["\\\u0000-\u001f]/;

/** Whether every UTF-16 unit of `text` is ASCII (≤ 127). */
export const isAscii = (text: string): boolean => Buffer.byteLength(text, 'utf8') === text.length;

/** `JSON.stringify(text).length`. */
export function jsonStringChars(text: string): number {
  if (isAscii(text) && !ESCAPED_ASCII.test(text)) return text.length + 2;
  return JSON.stringify(text).length;
}

const memo = new WeakMap<Message, number>();

/** `jsonStringChars(contentText(m))`, memoized per message (messages are immutable). */
export function contentJsonStringChars(m: Message): number {
  let n = memo.get(m);
  if (n === undefined) memo.set(m, (n = jsonStringChars(contentText(m))));
  return n;
}
