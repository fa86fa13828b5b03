/**
 * Whole-JSON input (.traj, .traj.json, OpenHands event lists) and error locations inside it.
 *
 * These formats are one JSON document, and Node has no streaming JSON parser without adding a
 * dependency, so they are parsed whole (`JSON.parse`) behind a size guard. Real files of these formats
 * are a few MB (SWE-agent and mini-swe-agent write one per task). When a value has the wrong shape, the
 * error names its JSON path and its line: the line is found by re-scanning the text along that path,
 * which only happens on the error path, so the normal case pays nothing for it.
 */
import { constants } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import { describeJsonError, MAX_INPUT_DEPTH, nestingDepth } from '../../core/input-text.js';
import { ImportError } from './errors.js';

export type Path = readonly (string | number)[];

/** Fails with an ImportError placed at a JSON path. */
export interface Locator {
  fail(path: Path, reason: string): never;
}

/** `messages[3].content` style rendering of a path. */
export function pathText(path: Path): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}

/**
 * The file size limit for whole-JSON formats. A file is read into one string, and V8 cannot hold a
 * string over buffer.constants.MAX_STRING_LENGTH (about 512 MiB), so that is also the highest limit.
 */
export const MAX_JSON_BYTES_CEILING = constants.MAX_STRING_LENGTH;
export const DEFAULT_MAX_JSON_BYTES = Math.min(512 * 1024 * 1024, MAX_JSON_BYTES_CEILING);

export interface JsonDocument {
  root: unknown;
  loc: Locator;
}

/** Reads and parses a whole JSON file, refusing files over `maxBytes` with a clear message. */
export async function readJsonDocument(file: string, maxBytes = DEFAULT_MAX_JSON_BYTES): Promise<JsonDocument> {
  const { size } = await stat(file);
  const limit = Math.min(maxBytes, MAX_JSON_BYTES_CEILING);
  if (size > limit) {
    const hint = limit < MAX_JSON_BYTES_CEILING
      ? `raise the limit (maxJsonBytes / --max-json-bytes, at most ${MAX_JSON_BYTES_CEILING}) if the machine has the memory`
      : 'that is the most one JavaScript string can hold; convert the file to JSONL (one message per line) to import it';
    throw new ImportError(file, undefined, `file is ${size} bytes, over the ${limit}-byte limit for whole-JSON formats (they are parsed in memory); ${hint}`);
  }
  const text = (await readFile(file, 'utf8')).replace(/^\ufeff/, '');
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const line = pos ? lineAt(text, Number(pos[1])) : lineAt(text, text.length);
    throw new ImportError(file, line, `invalid JSON: ${describeJsonError(e, text)}`);
  }
  if (nestingDepth(root) > MAX_INPUT_DEPTH) throw new ImportError(file, undefined, `nested deeper than ${MAX_INPUT_DEPTH} levels (no transcript is)`);
  return { root, loc: documentLocator(file, text) };
}

export function documentLocator(file: string, text: string): Locator {
  return {
    fail(path: Path, reason: string): never {
      throw new ImportError(file, lineAt(text, offsetOfPath(text, path)), path.length ? `${pathText(path)}: ${reason}` : reason);
    },
  };
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Offset where the value at `path` starts in a valid JSON text (or the deepest ancestor that exists).
 * A small scanner: it skips values without building them.
 */
export function offsetOfPath(text: string, path: Path): number {
  let i = skipWs(text, 0);
  for (const key of path) {
    const c = text[i];
    if (c === '{' && typeof key === 'string') {
      const found = findKey(text, i, key);
      if (found < 0) return i;
      i = found;
    } else if (c === '[' && typeof key === 'number') {
      const found = findIndex(text, i, key);
      if (found < 0) return i;
      i = found;
    } else return i;
  }
  return i;
}

function findKey(text: string, open: number, key: string): number {
  let i = skipWs(text, open + 1);
  while (i < text.length && text[i] !== '}') {
    const keyEnd = skipString(text, i);
    let k: unknown;
    try {
      k = JSON.parse(text.slice(i, keyEnd));
    } catch {
      return -1;
    }
    i = skipWs(text, keyEnd);
    i = skipWs(text, i + 1); // ':'
    if (k === key) return i;
    i = skipWs(text, skipValue(text, i));
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return -1;
}

function findIndex(text: string, open: number, index: number): number {
  let i = skipWs(text, open + 1);
  for (let n = 0; i < text.length && text[i] !== ']'; n++) {
    if (n === index) return i;
    i = skipWs(text, skipValue(text, i));
    if (text[i] === ',') i = skipWs(text, i + 1);
  }
  return -1;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  return i;
}

function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === '"') return j + 1;
  }
  return text.length;
}

function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = skipString(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',]} \t\r\n'.includes(text[j]!)) j++;
  return j;
}
