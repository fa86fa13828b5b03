/**
 * Python `str` semantics the Hermes port needs to match upstream byte for byte.
 *
 * Why: upstream (NousResearch/hermes-agent agent/context_compressor.py @ 8fa8aabb) measures and
 * slices strings in code points (`len`, `s[:200]`), strips with `str.isspace` whitespace and formats
 * counts with `{n:,}`. JavaScript strings are UTF-16, `trim()` uses another whitespace set, and a
 * `>= 200` check on `.length` disagrees with Python as soon as a string holds an emoji. Every helper
 * has a fast path for strings without surrogates (the common case), where code units = code points.
 */

const SURROGATE = /[\uD800-\uDFFF]/;

/** Characters Python's `str.isspace()` accepts (what `strip()`, `split()` and regex `\s` use). */
export const PY_WS_CLASS = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const WS_RUN = new RegExp(`[${PY_WS_CLASS}]+`);

export function hasSurrogates(s: string): boolean {
  return SURROGATE.test(s);
}

/** Python `len(s)`: code points (a lone surrogate counts as one, as in a Python str). */
export function pyLen(s: string): number {
  if (!hasSurrogates(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Python `s[start:end]` with negative indices, in code points. */
export function pySlice(s: string, start?: number, end?: number): string {
  if (!hasSurrogates(s)) return s.slice(start, end);
  const cps = Array.from(s);
  return cps.slice(start, end).join('');
}

export function pyStrip(s: string): string {
  return pyRstrip(pyLstrip(s));
}
/** `str.isspace()` for one UTF-16 code unit (every Python whitespace character is in the BMP). */
export function isPyWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

// Loops from the ends, not a `[ws]+$` regex: that one retries at every whitespace run of a long text.
export function pyLstrip(s: string): string {
  let i = 0;
  while (i < s.length && isPyWhitespace(s.charCodeAt(i))) i++;
  return i === 0 ? s : s.slice(i);
}
export function pyRstrip(s: string): string {
  let j = s.length;
  while (j > 0 && isPyWhitespace(s.charCodeAt(j - 1))) j--;
  return j === s.length ? s : s.slice(0, j);
}

/** Python `s.split()` (no argument): split on whitespace runs, dropping empty pieces. */
export function pySplitWs(s: string): string[] {
  return s.split(WS_RUN).filter((p) => p.length > 0);
}

/**
 * Python `re.sub(r"\s+", " ", s)`, matching only the runs it changes: two or more whitespace
 * characters, or one that is not a space (a single space becomes itself). The same result with a
 * match per line instead of a match per word: the replace was ~2/3 of the fallback summary's time on
 * case-015.
 */
const WS_RUNS_TO_CHANGE = new RegExp(`[${PY_WS_CLASS}]{2,}|[${PY_WS_CLASS.replace(' ', '')}]`, 'g');
export function pyCollapseWs(s: string): string {
  return s.replace(WS_RUNS_TO_CHANGE, ' ');
}

/** Python `s.count(sub)` for a non-empty `sub` (non-overlapping). */
export function pyCount(s: string, sub: string): number {
  let n = 0;
  let at = s.indexOf(sub);
  while (at >= 0) {
    n++;
    at = s.indexOf(sub, at + sub.length);
  }
  return n;
}

/** Python `f"{n:,}"` for an integer: comma thousands separators. */
export function thousands(n: number): string {
  const neg = n < 0;
  const digits = String(Math.abs(Math.trunc(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return neg ? `-${grouped}` : grouped;
}

/** Replace lone surrogates by `?`, as Python's `encode("utf-8", errors="replace")` does. */
export function replaceLoneSurrogates(s: string): string {
  if (!hasSurrogates(s)) return s;
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '?');
}
