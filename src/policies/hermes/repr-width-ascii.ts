/**
 * The width in Python's `repr` of a long ASCII string, four characters at a time.
 *
 * Why: Hermes' whole-list estimate is `len(str(message))` (pyrepr.ts), and on a fresh compress() the
 * summary budget's estimate of the summarised turns measures every one of their strings once (a third
 * of case-047). A regex scan for the characters whose width is not 1 costs ~1.5 ns a character here,
 * and a re-entry per newline found; this copies the string's bytes into a buffer (memcpy speed, after
 * an ASCII check that is also native) and tests four bytes per step with bit arithmetic, looking at
 * single bytes only in the words that hold a special one (a newline every ~50 characters: ~8%).
 *
 * In ASCII every character is one code point, printable ones are width 1, the quote and backslash and
 * `\t\n\r` 2, other controls and DEL 4 (`\xNN`): exactly `table` below, the one pyrepr.ts uses.
 */
import { Buffer } from 'node:buffer';

// one scratch buffer, seen as bytes and as 32-bit words (its own ArrayBuffer: aligned for the words)
let words = new Int32Array(1 << 14);
let bytes = Buffer.from(words.buffer);

/**
 * `len(repr(s)) - 2` of `s` quoted with `qc` (0x27 or 0x22), using `table` (width per ASCII code), or
 * undefined when `s` holds a non-ASCII character (the caller measures it another way).
 */
export function asciiReprWidth(s: string, qc: number, table: Uint8Array): number | undefined {
  const len = s.length;
  if (Buffer.byteLength(s, 'utf8') !== len) return undefined; // some character is not ASCII
  if (bytes.length < len + 4) {
    words = new Int32Array((len >> 1) + 1); // 2 * len bytes: room to grow
    bytes = Buffer.from(words.buffer);
  }
  bytes.write(s, 0, len, 'latin1');
  const b = bytes;
  const w = words;
  const quote = qc * 0x01010101;
  const nw = len >> 2;
  let n = len;
  for (let i = 0; i < nw; i++) {
    const x = w[i]!;
    const q = x ^ quote;
    const bs = x ^ 0x5c5c5c5c;
    // a byte below 0x20, a byte 0x7f or above (DEL: bytes are ASCII), or a byte equal to the quote or
    // the backslash (the "has a zero byte" test on x ^ that byte), each exact as to whether one exists
    const flags = ((x - 0x20202020) & ~x) | (x + 0x01010101) | ((q - 0x01010101) & ~q) | ((bs - 0x01010101) & ~bs);
    if ((flags & 0x80808080) !== 0) {
      const j = i << 2;
      n += table[b[j]!]! + table[b[j + 1]!]! + table[b[j + 2]!]! + table[b[j + 3]!]! - 4;
    }
  }
  for (let j = nw << 2; j < len; j++) n += table[b[j]!]! - 1;
  return n;
}
