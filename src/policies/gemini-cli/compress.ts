/**
 * The pieces of gemini-cli's `ChatCompressionService` (google-gemini/gemini-cli
 * `packages/core/src/context/chatCompressionService.ts` @ 5411f113, unchanged in the published 0.61.0):
 * the reverse token budget for tool responses, the split point and the truncated-output format
 * (`utils/fileUtils.ts`).
 */
import { contentText, type Message } from '../../core/messages.js';
import { jsonChars, roughText } from '../shared/rough.js';

/**
 * `formatTruncatedToolOutput`: outputs longer than `maxChars` keep their first 20% and last 80% of
 * `maxChars` characters around an omission marker (upstream also saves the full text to a file and names it).
 */
export function formatTruncated(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = Math.floor(maxChars * 0.2);
  const tail = maxChars - head;
  const omitted = text.length - head - tail;
  return `Output too large. Showing first ${head.toLocaleString('en-US')} and last ${tail.toLocaleString('en-US')} characters. ` +
    `For full output see: tool-outputs/output.txt\n${text.slice(0, head)}\n\n... [${omitted.toLocaleString('en-US')} characters omitted] ...\n\n${text.slice(-tail)}`;
}

/**
 * `truncateHistoryToBudget`: newest first, tool responses count against `budget` (`count` tokens of their
 * text: Gemini CLI's estimate, ./estimate.ts, or chars/4 in the previous port); once a response would
 * exceed it, it and every older one are cut with `formatTruncated` (the cut text counts).
 * Unchanged messages are returned as the same objects. `cuts` (optional, for one `maxChars`) remembers
 * each message's cut copy, so a message cut again at a later compression is not re-sliced, re-measured
 * and re-counted: the same object, with the same content as a fresh cut.
 */
export function truncateToBudget(history: readonly Message[], budget: number, maxChars: number,
  count: (text: string) => number = roughText, cuts?: WeakMap<Message, Message>): Message[] {
  let used = 0;
  const out = history.slice();
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role !== 'tool') continue;
    const text = contentText(m);
    const tokens = count(text);
    if (used + tokens > budget) {
      const known = cuts?.get(m);
      if (known) {
        out[i] = known;
        used += count(known.content as string);
        continue;
      }
      const cut = formatTruncated(text, maxChars);
      if (cut !== text) {
        out[i] = { ...m, content: cut };
        cuts?.set(m, out[i]!);
      }
      used += count(cut);
    } else used += tokens;
  }
  return out;
}

/**
 * `findCompressSplitPoint`: the first user message (not a tool response) at or after `fraction` of the
 * history's characters (JSON length per message); everything when the history ends on a final answer;
 * else the last user message before the target.
 */
export function splitPoint(history: readonly Message[], fraction: number): number {
  const chars = history.map(jsonChars);
  const target = chars.reduce((a, b) => a + b, 0) * fraction;
  let last = 0;
  let cum = 0;
  for (let i = 0; i < history.length; i++) {
    if (history[i]!.role === 'user') {
      if (cum >= target) return i;
      last = i;
    }
    cum += chars[i]!;
  }
  const end = history.at(-1);
  if (end?.role === 'assistant' && !end.tool_calls?.length) return history.length;
  return last;
}
