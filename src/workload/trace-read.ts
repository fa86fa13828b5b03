/**
 * Reads real transcripts in the OpenAI-format conversion of shared/traces/openai: one chat message per
 * JSONL line, with an optional `.meta.json` sidecar whose `assistant_usage[].timestamp` (Claude Code
 * logs) gives the wall-clock time of each response. Directories are read for their *.jsonl files.
 */
import { parseDocument, stripBom } from '../core/input-text.js';
import { checkInputFile, InputFileError } from '../core/input-file.js';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../core/messages.js';

export interface TraceSession {
  id: string;
  messages: Message[];
  /** seconds since the first timed response, by message index, for responses with a timestamp */
  responseTimes?: Map<number, number>;
}

/** a malformed trace file (reported without a stack trace) */
export class TraceError extends Error {
  override name = 'TraceError';
}

interface Sidecar {
  assistant_usage?: { msg_index: number; timestamp?: string }[];
}

function readTimes(file: string): Map<number, number> | undefined {
  const side = file.replace(/\.jsonl$/, '.meta.json');
  if (!existsSync(side)) return undefined;
  let meta: Sidecar;
  try {
    checkInputFile(side, 'sidecar');
    meta = parseDocument(readFileSync(side, 'utf8')) as Sidecar;
  } catch (e) {
    throw new TraceError(`${side}: ${(e as Error).message}`);
  }
  const times = new Map<number, number>();
  let t0: number | undefined;
  for (const u of meta.assistant_usage ?? []) {
    if (!u.timestamp) continue;
    const t = Date.parse(u.timestamp) / 1000;
    if (Number.isNaN(t)) continue;
    t0 ??= t;
    times.set(u.msg_index, t - t0);
  }
  return times.size ? times : undefined;
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

export function readTraceFile(file: string): TraceSession {
  try {
    checkInputFile(file, 'trace');
  } catch (e) {
    throw e instanceof InputFileError ? new TraceError(e.message) : e;
  }
  const messages = stripBom(readFileSync(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l, i) => {
      let m: unknown;
      try {
        m = parseDocument(l);
      } catch (e) {
        throw new TraceError(`${file}:${i + 1}: not a JSON message (${(e as Error).message})`);
      }
      // a raw agent log (Claude Code, Codex, ShareGPT) parses as JSON too, and would be read as no messages
      const role = typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as { role?: unknown }).role : undefined;
      if (typeof role !== 'string' || !ROLES.has(role)) throw new TraceError(`${file}:${i + 1}: not an OpenAI-format chat message (no "role" of ${[...ROLES].join(', ')}); convert the transcript with \`compactbench import\` first`);
      return m as Message;
    });
  if (!messages.some((m) => m.role === 'assistant')) throw new TraceError(`${file}: no assistant message (${messages.length} messages); nothing to compare`);
  const s: TraceSession = { id: path.basename(file, '.jsonl'), messages };
  const times = readTimes(file);
  if (times) s.responseTimes = times;
  return s;
}

/** every session in the given files and directories (a directory contributes its *.jsonl files, sorted) */
export function readTraces(paths: readonly string[]): TraceSession[] {
  const files: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const f of readdirSync(p).filter((n) => n.endsWith('.jsonl')).sort()) files.push(path.join(p, f));
    } else files.push(p);
  }
  return files.map(readTraceFile);
}
