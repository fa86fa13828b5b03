/**
 * Line-oriented output: a head, as many body lines as the size target needs, and a tail. Every line
 * is a list of pieces (see text/builder.ts) followed by a newline, written raw or JSON-escaped for
 * formats that wrap the output in JSON (Hermes tools).
 */
import { pieceTokens, splitWords, type TextBuilder } from '../text/builder.js';

/**
 * The pieces of one line, without its newline. Keep a line's leading blanks or marker in the same piece
 * as the text after it (`' ' + code`, not `' ', code`): a piece of blanks alone cannot be counted apart.
 */
export type Line = readonly string[];

export interface LineSource {
  head: Line[];
  /** the i-th body line (0-based); called until the target is reached */
  body: (i: number) => Line;
  tail: Line[];
  /** cap on body lines (e.g. the file's length); defaults to unbounded */
  maxBody?: number;
}

/** The line's tokens with its newline; each piece's own count is appended to `counts` (for writeLine). */
function lineTokens(line: Line, counts?: number[]): number {
  let n = 1;
  for (const p of line) {
    const c = pieceTokens(p);
    counts?.push(c);
    n += c;
  }
  return n;
}

/** a path as separate segment pieces, to spread into a Line */
export const segments = (path: string): string[] => splitWords(path);

/** Writes a line's pieces; `counts[at + k]`, when given, is piece k's count (so it is not looked up again). */
export function writeLine(b: TextBuilder, line: Line, escape: boolean, newline = true, counts?: readonly number[], at = 0): void {
  for (let k = 0; k < line.length; k++) {
    const p = line[k]!;
    const n = counts?.[at + k];
    if (escape) b.json(p, n);
    else b.add(p, n);
  }
  if (newline) b.add(escape ? '\\n' : '\n');
}

/**
 * Writes head, body lines while the estimate stays below `target` minus the tail, then the tail.
 * The last line has no trailing newline when `trimEnd` is set (terminal captures usually end with one).
 */
export function fillLines(b: TextBuilder, src: LineSource, target: number, escape: boolean, trimEnd = false): number {
  const start = b.estimate;
  // every piece is looked up once: its count goes to `counts` (head and body lines in order) and is
  // handed to the builder with the piece
  const counts: number[] = [];
  let tailTokens = 0;
  for (const l of src.tail) tailTokens += lineTokens(l);
  const lines: Line[] = [...src.head];
  let est = start;
  for (const l of lines) est += lineTokens(l, counts);
  const max = src.maxBody ?? Infinity;
  // a line is kept when it brings the size closer to the target (so sizes are not biased upwards)
  for (let i = 0; i < max && est + tailTokens < target; i++) {
    const l = src.body(i);
    const mark = counts.length;
    const n = lineTokens(l, counts);
    if (est + tailTokens + n / 2 > target && lines.length > 0) {
      counts.length = mark;
      break;
    }
    lines.push(l);
    est += n;
  }
  const counted = lines.length;
  lines.push(...src.tail);
  let at = 0;
  lines.forEach((l, i) => {
    writeLine(b, l, escape, !(trimEnd && i === lines.length - 1), i < counted ? counts : undefined, at);
    if (i < counted) at += l.length;
  });
  return lines.length;
}
