/**
 * o200k_base's pre-tokenizer split, hand-written for ASCII text. The encoder splits text into pieces
 * with one large Unicode regex before encoding each piece; running that regex was ~80% of counting a
 * text whose pieces are already memoized (bpe.ts), and almost all the text an agent session holds is
 * ASCII. On ASCII the regex's classes are simple — \p{Lu} is A–Z, \p{Ll} a–z, \p{N} 0–9, \p{Lt},
 * \p{Lm}, \p{Lo} and \p{M} are empty, \s is tab, LF, VT, FF, CR and space — so its seven alternatives
 * reduce to the scans below, tried in the regex's order. Each comment quotes the alternative it
 * replaces. test/core/ascii-split.test.ts checks the pieces equal the regex's on every line of the real
 * transcripts and on random ASCII strings.
 */

const LOWER = 1;
const UPPER = 2;
const DIGIT = 4;
/** \s */
const SPACE = 8;
/** \r or \n */
const NEWLINE = 16;
const LETTER = LOWER | UPPER;

const CLASS = new Uint8Array(128);
for (let c = 97; c <= 122; c++) CLASS[c] = LOWER;
for (let c = 65; c <= 90; c++) CLASS[c] = UPPER;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
for (const c of [9, 11, 12, 32]) CLASS[c] = SPACE;
CLASS[10] = SPACE | NEWLINE;
CLASS[13] = SPACE | NEWLINE;

/** neither letter, digit nor whitespace: `[^\s\p{L}\p{N}]` */
const isPunct = (c: number): boolean => (CLASS[c]! & (LETTER | DIGIT | SPACE)) === 0;

const NON_ASCII = /[^\x00-\x7f]/;

export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** `(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?` after a word ending at `k` */
function contraction(s: string, k: number): number {
  if (s.charCodeAt(k) !== 39) return k;
  const a = s.charCodeAt(k + 1) | 32;
  if (a === 115 || a === 100 || a === 109 || a === 116) return k + 2; // s d m t
  const b = s.charCodeAt(k + 2) | 32;
  if ((a === 108 && b === 108) || (a === 118 && b === 101) || (a === 114 && b === 101)) return k + 3; // ll ve re
  return k;
}

/** Where the piece starting at `i` ends, in an ASCII string `s` (i < s.length). */
export function asciiPieceEnd(s: string, i: number): number {
  const n = s.length;
  const c = s.charCodeAt(i);
  const cls = CLASS[c]!;
  // 1. [^\r\n\p{L}\p{N}]?[\p{Lu}…]*[\p{Ll}…]+(contraction)?   2. [^\r\n\p{L}\p{N}]?[\p{Lu}…]+[\p{Ll}…]*(contraction)?
  // Without the optional first character the word would have to start at `c`, a non-letter: so take it
  // when it is one, and the word then starts after it. Upper and lower case runs do not overlap, so
  // neither alternative backtracks inside the word.
  const j = (cls & (LETTER | DIGIT | NEWLINE)) === 0 ? i + 1 : i;
  let k = j;
  while (k < n && CLASS[s.charCodeAt(k)] === UPPER) k++;
  const upper = k - j;
  const lowerFrom = k;
  while (k < n && CLASS[s.charCodeAt(k)] === LOWER) k++;
  if (k > lowerFrom || upper > 0) return contraction(s, k);
  // 3. \p{N}{1,3}
  if (cls === DIGIT) {
    k = i + 1;
    while (k < n && k < i + 3 && CLASS[s.charCodeAt(k)] === DIGIT) k++;
    return k;
  }
  // 4.  ?[^\s\p{L}\p{N}]+[\r\n/]*
  k = c === 32 && i + 1 < n && isPunct(s.charCodeAt(i + 1)) ? i + 1 : i;
  if (k < n && isPunct(s.charCodeAt(k))) {
    while (k < n && isPunct(s.charCodeAt(k))) k++;
    while (k < n) {
      const d = s.charCodeAt(k);
      if (d !== 13 && d !== 10 && d !== 47) break;
      k++;
    }
    return k;
  }
  // `c` is whitespace: its run is [i, e)
  let e = i;
  let lastNewline = -1;
  while (e < n && CLASS[s.charCodeAt(e)]! & SPACE) {
    if (CLASS[s.charCodeAt(e)]! & NEWLINE) lastNewline = e;
    e++;
  }
  // 5. \s*[\r\n]+ : up to the run's last newline
  if (lastNewline >= 0) return lastNewline + 1;
  // 6. \s+(?!\S) : the run, less its last character when text follows   7. \s+
  if (e === n || e - i === 1) return e;
  return e - 1;
}
