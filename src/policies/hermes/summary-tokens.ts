/**
 * The exact token count of a standalone summary message, without tokenizing it whole.
 *
 * Its content is `SUMMARY_PREFIX + "\n" + body + "\n\n" + SUMMARY_END_MARKER` (assemble.ts
 * `summaryMessage`, summary-text.ts `withSummaryPrefix`). The body is usually the summarizer's own
 * text, whose count the simulator already holds, and the two fixed parts are counted once per session;
 * tokenizing the whole new string on every compaction was a large part of a Hermes session's time.
 *
 * Why the sum is exact: o200k (like every tiktoken-style encoding) splits a text with its
 * pre-tokenizer pattern first and merges only within a piece, so count(a + b) = count(a) + count(b)
 * whenever the split of a + b has a boundary between them and the pieces on each side are those of the
 * parts alone. Here the prefix ends with ":" + "\n", which the punctuation piece (` ?[^\s\p{L}\p{N}]+[\r\n/]*`)
 * takes whole and ends at the next character unless that is "\r", "\n" or "/"; a body that starts
 * with an ASCII letter or digit therefore starts a new piece. A body that ends with an ASCII letter
 * or digit ends its last piece (a word, or a digit group counted from its left end) at the "\n\n",
 * which is then one whitespace piece, as at the start of the suffix alone. No special token can
 * straddle either boundary (they start with "<|" and end with "|>"). Any other body is not split:
 * the caller counts the content as a whole, as before.
 */
import type { TokenCounter } from '../../core/tokens.js';
import type { PyMsg } from './msg.js';
import { COMPRESSED_SUMMARY_KEY, SUMMARY_END_MARKER, SUMMARY_PREFIX } from './summary-text.js';

const HEAD = `${SUMMARY_PREFIX}\n`;
const TAIL = `\n\n${SUMMARY_END_MARKER}`;

const isAsciiAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** The body of a standalone summary message's content, when the split count is exact; else undefined. */
export function splittableSummaryBody(content: string): string | undefined {
  if (content.length <= HEAD.length + TAIL.length || !content.startsWith(HEAD) || !content.endsWith(TAIL)) return undefined;
  const body = content.slice(HEAD.length, content.length - TAIL.length);
  return isAsciiAlnum(body.charCodeAt(0)) && isAsciiAlnum(body.charCodeAt(body.length - 1)) ? body : undefined;
}

/** Records the exact count of each standalone summary message's content in `messages` with the counter. */
export function primeSummaryCounts(tokens: TokenCounter, messages: readonly PyMsg[]): void {
  for (const m of messages) {
    if (m[COMPRESSED_SUMMARY_KEY] !== true || typeof m.content !== 'string') continue;
    const body = splittableSummaryBody(m.content);
    if (body !== undefined) tokens.prime(m.content, tokens.count(HEAD) + tokens.count(body) + tokens.count(TAIL));
  }
}
