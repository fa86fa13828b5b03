/**
 * Real sessions for `calibrate --against`, in any format: OpenAI-format JSONL files are read as before
 * (trace-read.ts, with the reference conversions' `.meta.json` timestamps), every other file goes
 * through its importer (Claude Code, Codex, Gemini CLI, ...), its response times taken from the
 * recorded call timestamps. Files, directories and globs are expanded like every trace-reading command's.
 */
import { importSessions, expandTracePaths } from './import/collect.js';
import { detectFormat } from './import/detect.js';
import type { ImportedTrace } from './import/types.js';
import { readTraceFile, type TraceSession } from './trace-read.js';
import { checkInputFile } from '../core/input-file.js';

function sessionOf(label: string, t: ImportedTrace): TraceSession {
  const s: TraceSession = { id: label, messages: t.messages };
  const times = new Map<number, number>();
  let t0: number | undefined;
  for (const c of t.meta.calls) {
    const at = c.timestamp ? Date.parse(c.timestamp) / 1000 : NaN;
    if (Number.isNaN(at)) continue;
    t0 ??= at;
    times.set(c.msgIndex, at - t0);
  }
  if (times.size) s.responseTimes = times;
  return s;
}

export async function readAnyTraces(paths: readonly string[]): Promise<TraceSession[]> {
  const out: TraceSession[] = [];
  for (const f of expandTracePaths(paths)) {
    // a FIFO or a device would block the format detection's read forever
    checkInputFile(f, 'transcript');
    if (/\.jsonl$/i.test(f) && (await detectFormat(f)) === 'openai') out.push(readTraceFile(f));
    else for (const s of await importSessions([f])) out.push(sessionOf(s.label, s.trace));
  }
  return out;
}
