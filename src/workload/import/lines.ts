/**
 * Streaming input: JSONL transcripts are read line by line through node:readline, so a transcript of
 * hundreds of MB is never held in memory whole — only the converted messages are kept. Each line is
 * parsed on its own and a bad one is reported with its file and line number.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { ImportError } from './errors.js';
import { pathText, type Locator, type Path } from './locate.js';

export interface JsonLine {
  /** 1-based line number */
  lineNo: number;
  value: unknown;
}

/** The non-blank lines of a text file, with 1-based numbers (a leading BOM is dropped). */
export async function* readLines(file: string): AsyncGenerator<{ lineNo: number; text: string }> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const rl = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const raw of rl) {
      lineNo++;
      const text = lineNo === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
      if (text.trim() === '') continue;
      yield { lineNo, text };
    }
  } finally {
    rl.close();
    input.destroy();
  }
}

/** Parses one JSONL line; a syntax error names the file, line and column. */
export function parseJsonLine(file: string, lineNo: number, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new ImportError(file, lineNo, `invalid JSON: ${msg}`);
  }
}

/** The parsed JSON values of a JSONL file, line by line. */
export async function* readJsonLines(file: string): AsyncGenerator<JsonLine> {
  for await (const { lineNo, text } of readLines(file)) {
    yield { lineNo, value: parseJsonLine(file, lineNo, text) };
  }
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
