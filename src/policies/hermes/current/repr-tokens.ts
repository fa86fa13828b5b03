/**
 * `estimate_tokens_rough(str(value))` @ 00067189 (./estimate.ts `estimateTokensRoughCurrent`) without
 * building `str(value)`: dense CJK code points 1 token each, the rest ceil(UTF-8 bytes / 4).
 *
 * Why: a message with any non-ASCII character was measured by building its whole repr and encoding it,
 * and every compaction summary is one (its prefix holds an em dash): ~10,000 characters built, copied
 * and encoded per summary, a sixth of a hermes-micro-compact session. The repr's length comes from
 * `pyReprLen` (no strings built); its UTF-8 bytes differ from it only at the non-ASCII code points the
 * repr prints as themselves (an escaped one, `\xa0`, is ASCII), which a scan for non-ASCII code units
 * finds: each adds its UTF-8 bytes beyond the first, or, for a dense one, counts as a token and no byte.
 * The repr holds no lone surrogate (Python escapes them), so the estimate's `errors="replace"` never applies.
 */
import { Buffer } from 'node:buffer';
import { CHARS_PER_TOKEN } from '../estimate.js';
import { PyFloat, PyInt, escapedWidth, pyRepr, pyReprLen, quoteFor } from '../pyrepr.js';
/** the code units `estimateTokensRoughCurrent` counts as a token each */
const isDense = (c: number): boolean =>
  (c >= 0x1100 && c <= 0x11ff) || (c >= 0x2e80 && c <= 0x9fff) || (c >= 0xa960 && c <= 0xa97f) ||
  (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xff00 && c <= 0xffef);
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\x00-\x7f]/g;

/** over one walk: dense code points, and UTF-8 bytes beyond one per code point of the others */
let dense = 0;
let extra = 0;

/** `estimateTokensRoughCurrent(pyRepr(v))`. */
export function reprRoughTokens(v: unknown): number {
  dense = 0;
  extra = 0;
  const chars = pyReprLen(v);
  walk(v);
  return dense + Math.floor((chars - dense + extra + 3) / CHARS_PER_TOKEN);
}

/** Every string leaf (and dict key) `pyRepr(v)` prints, as `pyReprLen` visits them. */
function walk(v: unknown): void {
  if (typeof v === 'string') return scan(v, quoteFor(v).charCodeAt(0));
  if (v === null || typeof v !== 'object' || v instanceof PyInt || v instanceof PyFloat) return;
  if (Array.isArray(v)) {
    for (const x of v) walk(x);
    return;
  }
  if (v instanceof Map) return scan(pyRepr(v), -1); // built: its non-ASCII characters are those printed
  const d = v as Record<string, unknown>;
  for (const k in d) {
    const x = d[k];
    if (x === undefined) continue;
    walk(k);
    walk(x);
  }
}

/** Adds the non-ASCII code points of `s` that its repr (quote `qc`; -1: `s` is a repr) prints as themselves. */
function scan(s: string, qc: number): void {
  if (Buffer.byteLength(s, 'utf8') === s.length) return;
  NON_ASCII.lastIndex = 0;
  while (NON_ASCII.test(s)) {
    const i = NON_ASCII.lastIndex - 1;
    const c = s.charCodeAt(i);
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        NON_ASCII.lastIndex = i + 2;
      }
    }
    if (qc >= 0 && escapedWidth(cp, qc) !== 1) continue; // escaped: ASCII
    if (isDense(cp)) dense++;
    // (`pyReprLen` measures a built repr in UTF-16 units: an astral code point is two there, one elsewhere)
    else extra += cp < 0x800 ? 1 : cp < 0x10000 ? 2 : qc >= 0 ? 3 : 2;
  }
}

/**
 * Whether every string `v` holds (dict keys too) is ASCII, so that `JSON.stringify(v)` is, without
 * serializing it: true only then; false when one is not or `v` holds anything but JSON's plain values
 * (the caller then serializes: JSON escapes a lone surrogate, so such a string still gives ASCII JSON).
 */
export function stringsAllAscii(v: unknown): boolean {
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8') === v.length;
  if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') return true;
  if (Array.isArray(v)) {
    for (const x of v) if (!stringsAllAscii(x)) return false;
    return true;
  }
  if (typeof v !== 'object' || Object.getPrototypeOf(v) !== Object.prototype) return false;
  const d = v as Record<string, unknown>;
  for (const k in d) if (!stringsAllAscii(k) || !stringsAllAscii(d[k])) return false;
  return true;
}
