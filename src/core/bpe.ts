/**
 * gpt-tokenizer's o200k_base count, loaded on first use: the encoder's tables take most of a second of
 * CPU to load, which commands that count nothing (`--help`, `policies`, `validate`) should not pay.
 * Loaded through `require` (the package ships CommonJS too) so the count stays synchronous.
 *
 * Counting goes piece by piece with a memo per piece. o200k splits text with a regex and encodes each
 * piece on its own, so a text's count is the sum of its pieces' counts (gpt-tokenizer's own count is
 * that loop). Agent text repeats its pieces (words, indentation, punctuation runs) across messages, and
 * looking one up is several times cheaper than ranking and merging its bytes again: about a fifth of a
 * default report's CPU was this encoder. The loop uses the encoder's own split regex and per-piece
 * functions (gpt-tokenizer 4.0.0, pinned); on ASCII text, a hand-written equivalent of the split regex
 * (ascii-split.ts), which then was most of the time. If those functions are missing, or the text holds
 * a special-token marker (whose handling stays the library's), the library's count is used.
 * test/core/bpe.test.ts checks the sum against the library on real transcripts.
 */
import { createRequire } from 'node:module';
import { asciiPieceEnd, isAscii } from './ascii-split.js';

const require = createRequire(import.meta.url);

interface PieceEncoder {
  tokenSplitRegex: RegExp;
  getBpeRankFromString(piece: string): number | undefined;
  bytePairEncode(piece: string): ArrayLike<number>;
}

/** longest piece kept in the memo, and most pieces kept (a bound on its memory in long runs) */
const MAX_PIECE_CHARS = 64;
const MAX_PIECES = 500_000;

let library: ((text: string) => number) | undefined;
let encoder: PieceEncoder | null | undefined;
const pieces = new Map<string, number>();

function load(): void {
  const mod = require('gpt-tokenizer') as typeof import('gpt-tokenizer');
  library = mod.countTokens;
  // the default export is the o200k encoder; its piece encoder is a private field in the typings
  const core = (mod as unknown as { default?: { bytePairEncodingCoreProcessor?: Partial<PieceEncoder> } }).default?.bytePairEncodingCoreProcessor;
  encoder = core && core.tokenSplitRegex instanceof RegExp && typeof core.getBpeRankFromString === 'function' && typeof core.bytePairEncode === 'function'
    ? (core as PieceEncoder)
    : null;
}

/** The library's own count (the reference the piece loop must equal). */
export function libraryCountTokens(text: string): number {
  if (!library) load();
  return library!(text);
}

export function countTokens(text: string): number {
  if (!library) load();
  if (!encoder || text.includes('<|')) return library!(text);
  const enc = encoder;
  let n = 0;
  if (isAscii(text)) {
    // the same pieces as the split regex (ascii-split.ts), several times faster
    for (let i = 0; i < text.length; ) {
      const end = asciiPieceEnd(text, i);
      n += pieceCount(enc, text.slice(i, end));
      i = end;
    }
    return n;
  }
  for (const [piece] of text.matchAll(enc.tokenSplitRegex)) n += pieceCount(enc, piece);
  return n;
}

function pieceCount(enc: PieceEncoder, piece: string): number {
  let c = pieces.get(piece);
  if (c === undefined) {
    c = enc.getBpeRankFromString(piece) !== undefined ? 1 : enc.bytePairEncode(piece).length;
    if (piece.length <= MAX_PIECE_CHARS && pieces.size < MAX_PIECES) pieces.set(piece, c);
  }
  return c;
}
