/**
 * Characters of a history in Gemini CLI's own form (`Content[]`), which its split point measures with
 * `JSON.stringify(content).length` per Content. A compactbench message maps as the oracle maps it
 * (oracles/gemini-cli/conversations.mjs): a user message is `{ role: 'user', parts: [{ text }] }`; an
 * assistant message is `{ role: 'model', parts }` with its text and one `{ functionCall: { id, name, args } }`
 * per call; a run of tool results is one `{ role: 'user', parts }` of `{ functionResponse: { id, name,
 * response: { output } } }`. Each message's share is its parts plus the wrapper, so the shares of a run sum
 * to its Content's length. The previous port measured the JSON of the OpenAI-format message, which puts
 * the split one message off on a few conversations in a thousand.
 */
import { contentText, type Message } from '../../core/messages.js';
import { contentJsonStringChars, jsonStringChars } from './json-chars.js';

/** `{"role":"user","parts":[` + `]}` */
const USER_WRAPPER = 26;
/** `{"role":"model","parts":[` + `]}` */
const MODEL_WRAPPER = 27;

const memo = new WeakMap<Message, number>();

function args(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Characters of the message's parts, joined by commas as in the Content's `parts` array. */
function partsChars(m: Message): number {
  let n = memo.get(m);
  if (n !== undefined) return n;
  if (m.role === 'tool') {
    // the text's JSON measured once (./json-chars.ts) in the JSON of the rest around an empty output
    n = JSON.stringify({ functionResponse: { id: m.tool_call_id, name: m.name, response: { output: '' } } }).length - 2 + contentJsonStringChars(m);
  } else {
    const text = contentText(m);
    // `{"text":` and `}` around the text's JSON
    const parts: number[] = m.role === 'assistant' && !text ? [] : [jsonStringChars(text) + 9];
    for (const tc of m.tool_calls ?? []) {
      parts.push(JSON.stringify({ functionCall: { id: tc.id, name: tc.function.name, args: args(tc.function.arguments) } }).length);
    }
    n = parts.reduce((a, b) => a + b, 0) + Math.max(0, parts.length - 1);
  }
  memo.set(m, n);
  return n;
}

/** The share of `history[i]` in the JSON length of the Content it belongs to. */
export function contentJsonChars(history: readonly Message[], i: number): number {
  const m = history[i]!;
  if (m.role === 'tool') return partsChars(m) + (i > 0 && history[i - 1]!.role === 'tool' ? 1 : USER_WRAPPER);
  return partsChars(m) + (m.role === 'assistant' ? MODEL_WRAPPER : USER_WRAPPER);
}
