/**
 * Builds generated text from pieces whose o200k token counts are known, so the generator knows the
 * exact count of every text it emits without tokenizing whole messages.
 *
 * Pieces come from finite vocabularies (code lines, terminal lines, sentences, path segments), so each
 * distinct piece is tokenized once per process and then looked up. Adjacent pieces are counted apart
 * only when `safeJunction` proves the tokenizer splits there; otherwise they are joined and the joined
 * string is counted as one piece. The result is therefore exact by construction, not an estimate
 * (the tests compare it with gpt-tokenizer on whole generated messages).
 */
import { countTokens } from '../../core/bpe.js';
import { safeJunction } from './junction.js';

/** Largest number of distinct pieces kept; the table is cleared past it (counts are pure, so this is safe). */
const MAX_MEMO = 200_000;
const memo = new Map<string, number>();
let misses = 0;
let missChars = 0;

/** exact o200k tokens of one piece, memoized for the process */
export function pieceTokens(piece: string): number {
  if (piece.length === 0) return 0;
  const hit = memo.get(piece);
  if (hit !== undefined) return hit;
  const n = countTokens(piece);
  if (memo.size >= MAX_MEMO) memo.clear();
  memo.set(piece, n);
  misses++;
  missChars += piece.length;
  return n;
}

/** how much tokenizing the builder has done (for the throughput check in the tests and benches) */
export function tokenizerWork(): { pieces: number; chars: number } {
  return { pieces: misses, chars: missChars };
}

/** escape a string's characters as they appear inside a JSON string literal (no surrounding quotes) */
export function jsonEscape(s: string): string {
  // most pieces need no escaping: then the piece itself (no copy, so its memo lookup stays cheap)
  return NEEDS_ESCAPE.test(s) ? JSON.stringify(s).slice(1, -1) : s;
}

/** what JSON.stringify escapes in a string: quote, backslash, control characters, (lone) surrogates */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `text` cut before each space and slash: "/home/a b" -> ["/home", "/a", " b"] */
export function splitWords(text: string): string[] {
  return text.split(/(?=[ /])/);
}

export interface BuiltText {
  text: string;
  tokens: number;
}

export class TextBuilder {
  #parts: string[] = [];
  #tokens = 0;
  #pending = '';
  /** tokens of `#pending` while it is one piece as added (its count is known); −1 once pieces were joined */
  #pendingTokens = -1;
  /** running estimate: the sum of the pieces' own counts (exact except at joined junctions) */
  #estimate = 0;

  /**
   * append a piece as is; `tokens`, when the caller already looked the piece up (`pieceTokens`), saves
   * looking it up again: a generated piece is usually a new string, so each look-up hashes it anew, and
   * these look-ups were a third of the workload generator's time
   */
  add(piece: string, tokens?: number): this {
    if (piece.length === 0) return this;
    const n = tokens ?? pieceTokens(piece);
    this.#estimate += n;
    if (this.#pending.length === 0) {
      this.#pending = piece;
      this.#pendingTokens = n;
    } else if (safeJunction(this.#pending, piece)) {
      this.#flush();
      this.#pending = piece;
      this.#pendingTokens = n;
    } else {
      this.#pending += piece;
      this.#pendingTokens = -1;
    }
    return this;
  }

  /**
   * append a piece escaped for the inside of a JSON string (escaping is per character, so pieces compose);
   * `tokens` is the count of the piece unescaped, which holds when escaping leaves it as it is
   */
  json(piece: string, tokens?: number): this {
    const escaped = jsonEscape(piece);
    return this.add(escaped, escaped === piece ? tokens : undefined);
  }

  /**
   * append a one-off string (a path, a command) as its words and path segments, so that the parts
   * recur across sessions and hit the memo even when the whole string is new
   */
  words(text: string, escape = false): this {
    for (const part of splitWords(text)) this.add(escape ? jsonEscape(part) : part);
    return this;
  }

  /** tokens so far (cheap; exact once `build` has run) */
  get estimate(): number {
    return this.#estimate;
  }

  get isEmpty(): boolean {
    return this.#pending.length === 0 && this.#parts.length === 0;
  }

  build(): BuiltText {
    this.#flush();
    return { text: this.#parts.join(''), tokens: this.#tokens };
  }

  #flush(): void {
    if (this.#pending.length === 0) return;
    this.#tokens += this.#pendingTokens >= 0 ? this.#pendingTokens : pieceTokens(this.#pending);
    this.#parts.push(this.#pending);
    this.#pending = '';
    this.#pendingTokens = -1;
  }
}
