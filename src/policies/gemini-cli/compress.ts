/**
 * The pieces of gemini-cli's `ChatCompressionService` (google-gemini/gemini-cli
 * `packages/core/src/context/chatCompressionService.ts` @ 5411f113, unchanged in the published 0.61.0):
 * the reverse token budget for tool responses, the split point and the truncated-output format
 * (`utils/fileUtils.ts`).
 */
import { contentText, type Message } from '../../core/messages.js';
import { jsonChars, roughText } from '../shared/rough.js';

/** Where the previous port said the full output was saved. */
export const LEGACY_OUTPUT_FILE = 'tool-outputs/output.txt';

/**
 * `formatTruncatedToolOutput`: outputs longer than `maxChars` keep their first 20% and last 80% of
 * `maxChars` characters around an omission marker, naming the file the full text is saved to.
 */
export function formatTruncated(text: string, maxChars: number, file = LEGACY_OUTPUT_FILE): string {
  if (text.length <= maxChars) return text;
  const head = Math.floor(maxChars * 0.2);
  const tail = maxChars - head;
  const omitted = text.length - head - tail;
  return `Output too large. Showing first ${head.toLocaleString('en-US')} and last ${tail.toLocaleString('en-US')} characters. ` +
    `For full output see: ${file}\n${text.slice(0, head)}\n\n... [${omitted.toLocaleString('en-US')} characters omitted] ...\n\n${text.slice(-tail)}`;
}

export interface TruncateOptions {
  /** tokens of a tool output's text: Gemini CLI's estimate (./estimate.ts), or chars/4 (the default, the previous port) */
  count?: (m: Message) => number;
  /** each message's cut copy, for one `maxChars` */
  cuts?: WeakMap<Message, Message>;
  /** the saved file a response over the budget names, called for each (upstream numbers them per session); default the previous port's */
  file?: (m: Message) => string;
}

/**
 * `truncateHistoryToBudget`: newest first, tool responses count against `budget` (`count` tokens of their
 * text); once a response would exceed it, it and every older one are cut with `formatTruncated` (the cut
 * text counts). Unchanged messages are returned as the same objects. `cuts` remembers each message's cut
 * copy, so a message cut again at a later compression is not re-sliced, re-measured and re-counted: the
 * same object, with the same content as a fresh cut (only the file's number is the first cut's).
 */
export function truncateToBudget(history: readonly Message[], budget: number, maxChars: number, opts: TruncateOptions = {}): Message[] {
  const { count = (m: Message) => roughText(contentText(m)), cuts, file } = opts;
  let used = 0;
  const out = history.slice();
  for (let i = out.length - 1; i >= 0; i--) {
    const m = out[i]!;
    if (m.role !== 'tool') continue;
    const tokens = count(m);
    if (used + tokens > budget) {
      // upstream saves (and numbers) every response over the budget, cut or not
      const saved = file?.(m);
      const known = cuts?.get(m);
      if (known) {
        out[i] = known;
        used += count(known);
        continue;
      }
      const text = contentText(m);
      const cut = formatTruncated(text, maxChars, saved);
      if (cut !== text) {
        out[i] = { ...m, content: cut };
        cuts?.set(m, out[i]!);
      }
      used += count(out[i]!);
    } else used += tokens;
  }
  return out;
}

/**
 * `findCompressSplitPoint`: the first user message (not a tool response) at or after `fraction` of the
 * history's characters (`measure`: by default the JSON length of each message as compactbench stores it,
 * the previous port; Gemini CLI's own Content form with ./content-json.ts); everything when the history
 * ends on a final answer; else the last user message before the target.
 */
export function splitPoint(history: readonly Message[], fraction: number,
  measure: (history: readonly Message[], i: number) => number = (h, i) => jsonChars(h[i]!)): number {
  const chars = history.map((_, i) => measure(history, i));
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
