/**
 * Python `repr()` / `str()` of the values a message dict holds, and its length.
 *
 * Why: Hermes' whole-list token estimate is `len(str(message_dict))` summed over the list
 * (agent/model_metadata.py `estimate_messages_tokens_rough` @ 8fa8aabb), and its tail-budget walk adds
 * `len(str(tool_call))`. To trigger at the same step as upstream we must reproduce that length exactly:
 * the quote choice, `\n` escapes, `True`/`None`, the `', '` and `': '` separators, and the
 * non-printable escapes (`\xa0`, `\u200b`, ...).
 *
 * Values are JS values from JSON (plain objects keep their key order) or the exact int/float wrappers
 * produced by `pyjson.ts`. A plain JS number is an int when it is integral (JSON has lost `1.0`).
 */
import { asciiReprWidth } from './repr-width-ascii.js';

/** An int parsed from JSON, kept as canonical decimal text (no precision loss). */
export class PyInt {
  constructor(readonly text: string) {}
}
/** A float parsed from JSON (`1.0` stays a float: it prints as `1.0`). */
export class PyFloat {
  constructor(readonly value: number) {}
}

const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;
const printableCache = new Map<number, boolean>();

/** Python `str.isprintable()` for one non-ASCII code point. */
function isPrintable(cp: number): boolean {
  let hit = printableCache.get(cp);
  if (hit === undefined) {
    hit = !NON_PRINTABLE.test(String.fromCodePoint(cp));
    printableCache.set(cp, hit);
  }
  return hit;
}

export function quoteFor(s: string): string {
  return s.includes("'") && !s.includes('"') ? '"' : "'";
}

const hex = (n: number, width: number): string => n.toString(16).padStart(width, '0');

function escapeCodePoint(cp: number, quote: number): string {
  if (cp === quote || cp === 0x5c) return `\\${String.fromCharCode(cp)}`;
  if (cp === 0x09) return '\\t';
  if (cp === 0x0a) return '\\n';
  if (cp === 0x0d) return '\\r';
  if (cp < 0x20 || cp === 0x7f) return `\\x${hex(cp, 2)}`;
  if (cp < 0x7f || isPrintable(cp)) return String.fromCodePoint(cp);
  if (cp <= 0xff) return `\\x${hex(cp, 2)}`;
  if (cp <= 0xffff) return `\\u${hex(cp, 4)}`;
  return `\\U${hex(cp, 8)}`;
}

export function escapedWidth(cp: number, quote: number): number {
  if (cp === quote || cp === 0x5c || cp === 0x09 || cp === 0x0a || cp === 0x0d) return 2;
  if (cp < 0x20 || cp === 0x7f) return 4;
  if (cp < 0x7f || isPrintable(cp)) return 1;
  if (cp <= 0xff) return 4;
  return cp <= 0xffff ? 6 : 10;
}

/** Python `repr(s)` of a str. */
export function reprStr(s: string): string {
  const q = quoteFor(s);
  const qc = q.charCodeAt(0);
  let out = q;
  for (const ch of s) out += escapeCodePoint(ch.codePointAt(0)!, qc);
  return out + q;
}

/**
 * Width in `repr` of each ASCII code unit, for the two quote choices (index = quote is `"`): printable
 * characters 1, the quote and backslash 2 (escaped), `\t\n\r` 2, other controls and DEL 4 (`\xNN`).
 */
const ASCII_WIDTH: readonly Uint8Array[] = [0x27, 0x22].map((quote) => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) t[c] = escapedWidth(c, quote);
  return t;
});

/** `len(repr(s))` without building the string. */
export function reprStrLen(s: string): number {
  const qc = quoteFor(s).charCodeAt(0);
  if (s.length < LONG) return 2 + widthFrom(s, 0, qc);
  return 2 + (asciiReprWidth(s, qc, ASCII_WIDTH[qc === 0x22 ? 1 : 0]!) ?? widthBySpecials(s, qc));
}

/** Below this length the per-code-unit loop is as fast as the regex scan. */
const LONG = 256;

/** Width in `repr` of `s` from code unit `start` on: a table lookup per ASCII code unit. */
function widthFrom(s: string, start: number, qc: number): number {
  const table = ASCII_WIDTH[qc === 0x22 ? 1 : 0]!;
  let n = 0;
  const len = s.length;
  for (let i = start; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      n += table[c]!;
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < len) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        i++;
      }
    }
    n += escapedWidth(cp, qc);
  }
  return n;
}

/** Code units whose width may not be 1: controls, quotes, backslash, DEL and everything non-ASCII. */
const SPECIAL = /[\x00-\x1f"'\\\x7f-\uffff]/g;

/**
 * `widthFrom(s, 0, qc)` for a long text: every code unit counts 1 except the special ones, which a
 * regex scan finds (several times faster than a loop over prose, where they are rare, e.g. a
 * summary's newlines). Where they turn out to be dense (code, non-Latin text) it finishes with the loop.
 */
function widthBySpecials(s: string, qc: number): number {
  const table = ASCII_WIDTH[qc === 0x22 ? 1 : 0]!;
  const budget = s.length >> 5;
  let n = 0;
  let pos = 0;
  let found = 0;
  SPECIAL.lastIndex = 0;
  while (SPECIAL.test(s)) {
    const i = SPECIAL.lastIndex - 1;
    n += i - pos;
    const c = s.charCodeAt(i);
    pos = i + 1;
    if (c < 128) n += table[c]!;
    else {
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff && pos < s.length) {
        const d = s.charCodeAt(pos);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
          pos++;
          SPECIAL.lastIndex = pos;
        }
      }
      n += escapedWidth(cp, qc);
    }
    if (++found > budget) {
      SPECIAL.lastIndex = 0;
      return n + widthFrom(s, pos, qc);
    }
  }
  return n + s.length - pos;
}

/** Python `repr(float)` (the shortest round-trip digits, Python's fixed/scientific switch). */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  const sign = mant.startsWith('-') ? '-' : '';
  const digits = mant.replace('-', '').replace('.', '');
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}.0`;
    return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  }
  const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
}

function numberRepr(x: number): string {
  if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? String(x) : BigInt(x).toString();
  return floatRepr(x);
}

function entriesOf(v: object): [string, unknown][] {
  if (v instanceof Map) return [...v.entries()] as [string, unknown][];
  return Object.entries(v).filter(([, x]) => x !== undefined);
}

/** Python `repr(value)` (= `str(value)` for containers). */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return reprStr(v);
  if (typeof v === 'number') return numberRepr(v);
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof PyInt) return v.text;
  if (v instanceof PyFloat) return floatRepr(v.value);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object') {
    return `{${entriesOf(v).map(([k, x]) => `${reprStr(k)}: ${pyRepr(x)}`).join(', ')}}`;
  }
  return reprStr(String(v));
}

/**
 * `len(repr(value))`, building no strings for the (long) string leaves and allocating nothing for the
 * containers (this walk is most of the Hermes estimate's time: it runs once per message object).
 */
export function pyReprLen(v: unknown): number {
  if (typeof v === 'string') return reprStrLen(v);
  if (v !== null && typeof v === 'object') {
    if (Array.isArray(v)) {
      let n = v.length > 1 ? 2 * v.length : 2;
      for (let i = 0; i < v.length; i++) n += pyReprLen(v[i]);
      return n;
    }
    if (v instanceof PyInt) return v.text.length;
    if (v instanceof PyFloat || v instanceof Map) return pyRepr(v).length;
    return dictReprLen(v as Record<string, unknown>);
  }
  return pyRepr(v).length;
}

/** `len(repr(d))` of a plain dict: its own keys in order, `undefined` values absent (as `entriesOf`). */
function dictReprLen(d: Record<string, unknown>): number {
  let n = 2;
  let count = 0;
  for (const k in d) {
    const x = d[k];
    if (x === undefined) continue;
    n += reprStrLen(k) + 2 + pyReprLen(x);
    count++;
  }
  return count > 1 ? n + 2 * (count - 1) : n;
}

/** Python `str(value)`: a str is itself, anything else its repr (what f-strings print). */
export function pyStr(v: unknown): string {
  return typeof v === 'string' ? v : pyRepr(v);
}

/** Python truthiness of a JSON-like value. */
export function pyTruthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (v instanceof PyInt) return v.text !== '0';
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (typeof v === 'object') return entriesOf(v).length > 0;
  return true;
}
