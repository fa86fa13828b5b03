/**
 * The exact token count of a summary message, without tokenizing it whole.
 *
 * A standalone summary's content is `SUMMARY_PREFIX + "\n" + body + "\n\n" + SUMMARY_END_MARKER`
 * (assemble.ts `summaryMessage`, summary-text.ts `withSummaryPrefix`); a summary merged into the first
 * tail message is `MERGED_PRIOR_CONTEXT_HEADER + "\n" + old + "\n\n" + MERGED_SUMMARY_DELIMITER +
 * "\n\n" + SUMMARY_PREFIX + "\n" + body + "\n\n" + SUMMARY_END_MARKER` (`mergeIntoTail`). The body
 * is usually the summarizer's own text and `old` the tail message's content, whose counts the
 * simulator already holds, and the fixed parts are counted once per session; tokenizing the whole new
 * string on every compaction was a large part of a Hermes session's time.
 *
 * Why the sum is exact: o200k (like every tiktoken-style encoding) splits a text with its
 * pre-tokenizer pattern first and merges only within a piece, so count(a + b) = count(a) + count(b)
 * whenever the split of a + b has a boundary between them and the pieces on each side are those of the
 * parts alone. Here the prefix ends with ":" + "\n", which the punctuation piece (` ?[^\s\p{L}\p{N}]+[\r\n/]*`)
 * takes whole and ends at the next character unless that is "\r", "\n" or "/"; a body that starts
 * with an ASCII letter or digit therefore starts a new piece. A body that ends with an ASCII letter
 * or digit ends its last piece (a word, or a digit group counted from its left end) at the "\n\n",
 * which is then one whitespace piece, as at the start of the suffix alone. The merged form adds two
 * boundaries of the same kinds around `old` (the header ends with "]" + "\n"; the delimiter part
 * starts with "\n\n"): `old` is counted on its own when it too starts and ends with an ASCII letter or
 * digit, and together with the fixed text around it otherwise (still sparing the body). No special
 * token can straddle a boundary (they start with "<|" and end with "|>"). Whatever the parse, only
 * these character conditions at the split points matter for exactness. Any other content is not
 * split: it is counted as a whole, as before.
 */
import type { TokenCounter } from '../../core/tokens.js';
import type { PyMsg } from './msg.js';
import { COMPRESSED_SUMMARY_KEY, MERGED_PRIOR_CONTEXT_HEADER, MERGED_SUMMARY_DELIMITER, SUMMARY_END_MARKER, SUMMARY_PREFIX } from './summary-text.js';

const HEAD = `${SUMMARY_PREFIX}\n`;
const TAIL = `\n\n${SUMMARY_END_MARKER}`;
const MERGED_HEAD = `${MERGED_PRIOR_CONTEXT_HEADER}\n`;
const MERGED_MIDDLE = `\n\n${MERGED_SUMMARY_DELIMITER}\n\n${HEAD}`;

const isAsciiAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

const alnumEdges = (s: string): boolean => s.length > 0 && isAsciiAlnum(s.charCodeAt(0)) && isAsciiAlnum(s.charCodeAt(s.length - 1));

/** The body of a standalone summary message's content, when the split count is exact; else undefined. */
export function splittableSummaryBody(content: string): string | undefined {
  if (content.length <= HEAD.length + TAIL.length || !content.startsWith(HEAD) || !content.endsWith(TAIL)) return undefined;
  const body = content.slice(HEAD.length, content.length - TAIL.length);
  return alnumEdges(body) ? body : undefined;
}

/**
 * The parts of `content` whose counts add up to its count exactly (fixed parts included), or undefined
 * when it has neither form with safe edges.
 */
export function summaryParts(content: string): string[] | undefined {
  if (!content.endsWith(TAIL)) return undefined;
  if (content.startsWith(MERGED_HEAD)) {
    const mid = content.lastIndexOf(MERGED_MIDDLE);
    if (mid < MERGED_HEAD.length) return undefined;
    const old = content.slice(MERGED_HEAD.length, mid);
    const body = content.slice(mid + MERGED_MIDDLE.length, content.length - TAIL.length);
    if (mid + MERGED_MIDDLE.length > content.length - TAIL.length || !alnumEdges(body)) return undefined;
    // `old` split off only when its own edges are safe; otherwise counted with the fixed text around it
    return alnumEdges(old) ? [MERGED_HEAD, old, MERGED_MIDDLE, body, TAIL] : [MERGED_HEAD + old + MERGED_MIDDLE, body, TAIL];
  }
  const body = splittableSummaryBody(content);
  return body === undefined ? undefined : [HEAD, body, TAIL];
}

/** Records the exact count of each summary message's content in `messages` with the counter. */
export function primeSummaryCounts(tokens: TokenCounter, messages: readonly PyMsg[]): void {
  for (const m of messages) {
    if (m[COMPRESSED_SUMMARY_KEY] !== true || typeof m.content !== 'string') continue;
    const parts = summaryParts(m.content);
    if (parts) tokens.prime(m.content, parts.reduce((n, p) => n + tokens.count(p), 0));
  }
}
