/**
 * Head + marker + tail trimming of a long text, counted in Unicode code points (Python's `len`)
 * so a cut never splits a surrogate pair.
 *
 * The shape follows NousResearch/hermes-agent PR #85479 (`prune_tool_result_content`: keep
 * `head_chars` and `tail_chars` of a text longer than `threshold_chars`, join them with a marker)
 * and PR #10474 (head/tail excerpts of oversized outputs); see shared/reference/policies.md §9.
 */

/** Any UTF-16 surrogate, paired or not. */
const SURROGATE = /[\ud800-\udfff]/;

/** Number of code points in `text` (a surrogate pair counts once). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first `n` code points of `text`. */
export function headCodePoints(text: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n && i < text.length; k++) i += isPairAt(text, i) ? 2 : 1;
  return text.slice(0, i);
}

/** The last `n` code points of `text`. */
export function tailCodePoints(text: string, n: number): string {
  let i = text.length;
  for (let k = 0; k < n && i > 0; k++) i -= i >= 2 && isPairAt(text, i - 2) ? 2 : 1;
  return text.slice(i);
}

function isPairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  const d = text.charCodeAt(i + 1);
  return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
}

export interface HeadTailOptions {
  /** texts of at most this many code points are kept whole */
  thresholdChars: number;
  headChars: number;
  tailChars: number;
  /** the text put between head and tail, given how many code points were left out */
  marker: (omittedChars: number) => string;
}

export interface HeadTailResult {
  text: string;
  /** code points left out (0 when the text was kept whole) */
  omittedChars: number;
}

/**
 * Keeps the head and tail of a text longer than the threshold. Callers must make the budget
 * satisfiable (`headChars + tailChars < thresholdChars`), so every trim removes something.
 */
export function trimHeadTail(text: string, o: HeadTailOptions): HeadTailResult {
  // UTF-16 length bounds the code-point count from above: a cheap accept for short texts.
  if (text.length <= o.thresholdChars) return { text, omittedChars: 0 };
  // Without surrogates every code point is one UTF-16 unit: the count is the length and the cuts are
  // slices, found by one regex scan instead of three loops over the text (codex truncates a long user
  // message at every compaction)
  const total = SURROGATE.test(text) ? codePointLength(text) : -1;
  if (total < 0) {
    const n = text.length;
    if (o.headChars + o.tailChars >= n) return { text, omittedChars: 0 };
    const omitted = n - o.headChars - o.tailChars;
    return { text: text.slice(0, o.headChars) + o.marker(omitted) + (o.tailChars > 0 ? text.slice(n - o.tailChars) : ''), omittedChars: omitted };
  }
  if (total <= o.thresholdChars || o.headChars + o.tailChars >= total) return { text, omittedChars: 0 };
  const omitted = total - o.headChars - o.tailChars;
  const tail = o.tailChars > 0 ? tailCodePoints(text, o.tailChars) : '';
  return { text: headCodePoints(text, o.headChars) + o.marker(omitted) + tail, omittedChars: omitted };
}
