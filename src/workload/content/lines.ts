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

function lineTokens(line: Line): number {
  let n = 1;
  for (const p of line) n += pieceTokens(p);
  return n;
}

/** a path as separate segment pieces, to spread into a Line */
export const segments = (path: string): string[] => splitWords(path);

export function writeLine(b: TextBuilder, line: Line, escape: boolean, newline = true): void {
  for (const p of line) {
    if (escape) b.json(p);
    else b.add(p);
  }
  if (newline) b.add(escape ? '\\n' : '\n');
}

/**
 * Writes head, body lines while the estimate stays below `target` minus the tail, then the tail.
 * The last line has no trailing newline when `trimEnd` is set (terminal captures usually end with one).
 */
export function fillLines(b: TextBuilder, src: LineSource, target: number, escape: boolean, trimEnd = false): number {
  const start = b.estimate;
  let tailTokens = 0;
  for (const l of src.tail) tailTokens += lineTokens(l);
  const lines: Line[] = [...src.head];
  let est = start;
  for (const l of lines) est += lineTokens(l);
  const max = src.maxBody ?? Infinity;
  // a line is kept when it brings the size closer to the target (so sizes are not biased upwards)
  for (let i = 0; i < max && est + tailTokens < target; i++) {
    const l = src.body(i);
    const n = lineTokens(l);
    if (est + tailTokens + n / 2 > target && lines.length > 0) break;
    lines.push(l);
    est += n;
  }
  lines.push(...src.tail);
  lines.forEach((l, i) => writeLine(b, l, escape, !(trimEnd && i === lines.length - 1)));
  return lines.length;
}
