/**
 * Streaming input: JSONL transcripts are read line by line (chunked reads, split on newlines), so a transcript of
 * hundreds of MB is never held in memory whole — only the converted messages are kept. Each line is
 * parsed on its own and a bad one is reported with its file and line number.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { describeJsonError, MAX_INPUT_DEPTH, nestingDepth } from '../../core/input-text.js';
import { ImportError } from './errors.js';
import { pathText, type Locator, type Path } from './locate.js';

export interface JsonLine {
  /** 1-based line number */
  lineNo: number;
  value: unknown;
}

/**
 * The longest line read: V8 cannot hold a string much over 512 MiB (buffer.constants.MAX_STRING_LENGTH),
 * and node:readline throws an uncaught RangeError when a line grows past it, so lines are cut here first.
 */
export const MAX_LINE_CHARS = Math.min(256 * 1024 * 1024, constants.MAX_STRING_LENGTH);

/** The non-blank lines of a text file, with 1-based numbers (a leading BOM is dropped). */
export async function* readLines(file: string, maxLineChars = MAX_LINE_CHARS): AsyncGenerator<{ lineNo: number; text: string }> {
  const input = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let lineNo = 0;
  let pending: string[] = [];
  let pendingLen = 0;
  const emit = (raw: string): { lineNo: number; text: string } | null => {
    lineNo++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return text.trim() === '' ? null : { lineNo, text };
  };
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      let from = 0;
      for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
        const part = chunk.slice(from, nl);
        if (pendingLen + part.length > maxLineChars) throw new ImportError(file, lineNo + 1, `line longer than ${maxLineChars} characters (the longest line this tool reads)`);
        const line = pending.length ? pending.join('') + part : part;
        pending = [];
        pendingLen = 0;
        from = nl + 1;
        const out = emit(line);
        if (out) yield out;
      }
      const rest = chunk.slice(from);
      pendingLen += rest.length;
      if (pendingLen > maxLineChars) throw new ImportError(file, lineNo + 1, `line longer than ${maxLineChars} characters (the longest line this tool reads)`);
      if (rest) pending.push(rest);
    }
    if (pending.length) {
      const out = emit(pending.join(''));
      if (out) yield out;
    }
  } finally {
    input.destroy();
  }
}

/** Parses one JSONL line; a syntax error names the file, line and column. */
export function parseJsonLine(file: string, lineNo: number, text: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new ImportError(file, lineNo, `invalid JSON: ${describeJsonError(e, text)}`);
  }
  if (nestingDepth(v) > MAX_INPUT_DEPTH) throw new ImportError(file, lineNo, `nested deeper than ${MAX_INPUT_DEPTH} levels (no transcript is)`);
  return v;
}

/**
 * The parsed JSON values of a JSONL file, line by line. A line holding several complete JSON objects with
 * nothing between them yields each (same line number): Claude Code writes such lines when it resumes a
 * session into a file whose last line had no newline (a crash). Anything else that fails to parse fails.
 */
export async function* readJsonLines(file: string): AsyncGenerator<JsonLine> {
  for await (const { lineNo, text } of readLines(file)) {
    let value: unknown;
    try {
      value = parseJsonLine(file, lineNo, text);
    } catch (e) {
      const parts = splitConcatenatedObjects(text);
      if (!parts) throw e;
      for (const part of parts) yield { lineNo, value: parseJsonLine(file, lineNo, part) };
      continue;
    }
    yield { lineNo, value };
  }
}

/**
 * `{...}{...}` split at the top-level boundaries (strings and escapes respected), or undefined when the
 * text is not two or more objects back to back. Runs only on a line that already failed to parse.
 */
export function splitConcatenatedObjects(text: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth === 0) {
        if (c !== '{') return undefined;
        start = i;
      }
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth < 0) return undefined;
      if (depth === 0) parts.push(text.slice(start, i + 1));
    } else if (depth === 0 && c.trim() !== '') return undefined;
  }
  if (depth !== 0 || inString || parts.length < 2) return undefined;
  for (const p of parts) {
    try {
      JSON.parse(p);
    } catch {
      return undefined;
    }
  }
  return parts;
}

/** A locator for values inside one JSONL line: errors carry that line's number. */
export function lineLocator(file: string, lineNo: number): Locator {
  return {
    fail(path: Path, reason: string): never {
      throw new ImportError(file, lineNo, path.length ? `${pathText(path)}: ${reason}` : reason);
    },
  };
}

/** The first `bytes` of a file as text (for format detection), without reading the rest. */
export async function readHead(file: string, bytes = 65536): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8').replace(/^\ufeff/, '');
  } finally {
    await fh.close();
  }
}

/**
 * True when the file reads as JSONL: a `.jsonl` name, or a first line that is a complete JSON value.
 * (A pretty-printed document's first line is just `{` or `[`.) Reads only up to the first newline.
 */
export async function looksLikeJsonl(file: string): Promise<boolean> {
  if (/\.jsonl$/i.test(file)) return true;
  for await (const { text } of readLines(file)) {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}
