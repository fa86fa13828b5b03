/**
 * When is it safe to count two texts' tokens separately and add them?
 *
 * o200k_base (gpt-tokenizer's `O200K_TOKEN_SPLIT_PATTERN`) first splits text into pre-tokens with a
 * regex — letter runs with one optional leading non-letter, digit groups of 1-3, punctuation runs that
 * swallow following newlines and slashes, whitespace runs — and runs BPE inside each pre-token only.
 * So count(A + B) = count(A) + count(B) exactly when A's last pre-token cannot grow into B and B's first
 * pre-token would start at the junction anyway. `safeJunction` answers that conservatively from the
 * characters at the junction; `false` only means "don't know", and the caller then counts A + B as one
 * piece. Each rule below names the regex alternative that makes it hold.
 */

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const LETTER = /[\p{L}\p{M}]/u;
const DIGIT = /\p{N}/u;
const SPACE = /\s/u;

type Cls = 'nl' | 'space' | 'letter' | 'digit' | 'punct';

function classify(ch: string): Cls {
  if (ch === '\n' || ch === '\r') return 'nl';
  if (SPACE.test(ch)) return 'space';
  if (LETTER.test(ch)) return 'letter';
  if (DIGIT.test(ch)) return 'digit';
  return 'punct';
}

/** `classify` of each ASCII character, computed once: the generated text is mostly ASCII */
const ASCII: readonly Cls[] = Array.from({ length: 128 }, (_, c) => classify(String.fromCharCode(c)));

function cls(ch: string): Cls {
  const code = ch.charCodeAt(0);
  return code < 128 ? ASCII[code]! : classify(ch);
}

/** B starts with blanks (space/tab) that are followed by a visible character before any newline */
function blanksThenVisible(b: string): boolean {
  for (let i = 0; i < b.length; i++) {
    const c = cls(b[i]);
    if (c === 'space') continue;
    return c !== 'nl';
  }
  return false;
}

export function safeJunction(a: string, b: string): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const x = a[a.length - 1];
  const y = b[0];
  const cx = cls(x);
  const cy = cls(y);
  switch (cx) {
    case 'nl':
      // `\s*[\r\n]+` and the punctuation run's `[\r\n/]*` only extend over newlines and '/'.
      if (cy === 'punct') return y !== '/';
      if (cy === 'letter' || cy === 'digit') return true;
      return cy === 'space' && (y === ' ' || y === '\t') && blanksThenVisible(b);
    case 'space':
      // whitespace runs use a look-ahead (`\s+(?!\S)`): what follows changes where they end
      return false;
    case 'letter':
      // a letter run ends at anything but a lower-case letter, a mark or a contraction suffix ('s, 'll, ...)
      if (cy === 'space' || cy === 'digit') return true;
      if (cy === 'nl') return true;
      if (cy === 'punct') return y !== "'" && y !== '\u2019';
      return LOWER.test(x) && UPPER.test(y);
    case 'digit':
      // `\p{N}{1,3}` groups restart with the next digit, so only a digit can disturb them
      return cy !== 'digit';
    case 'punct':
      // ` ?[^\s\p{L}\p{N}]+[\r\n/]*` swallows punctuation and newlines; a letter may take it as its prefix
      return cy === 'digit' || ((y === ' ' || y === '\t') && true);
  }
}
