/**
 * Output files: OpenAI-format JSONL (one message per line) and the sidecar `<stem>.meta.json` holding
 * what the source recorded (the `TraceMeta`). Reading a sidecar back accepts this format and the one of
 * the reference conversions in shared/traces/openai/ (`assistant_usage`, `compactions` with
 * `before_msg_index`), so converted files keep their recorded usage when imported again.
 */
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { checkInputFile, InputFileError } from '../../core/input-file.js';
import type { Message } from '../../core/messages.js';
import { parseDocument } from '../../core/input-text.js';
import { ImportError } from './errors.js';
import { isObj } from './expect.js';
import type { Locator } from './locate.js';
import { pathText } from './locate.js';
import { checkCount, checkUsage, normalizeUsage } from './usage.js';
import type { CompactionPoint, ImportedTrace, RecordedCall, TraceMeta } from './types.js';

/** `out.jsonl` → `out.meta.json`; any other name gets `.meta.json` appended. */
export function metaPathFor(file: string): string {
  return /\.jsonl$/i.test(file) ? file.replace(/\.jsonl$/i, '.meta.json') : `${file}.meta.json`;
}

export function serializeMeta(meta: TraceMeta, warnings: readonly string[] = []): string {
  return `${JSON.stringify({ ...meta, warnings }, null, 1)}\n`;
}

/** Writes messages one per line to a stream (backpressure respected). */
export async function writeMessages(messages: readonly Message[], out: NodeJS.WritableStream): Promise<void> {
  for (const m of messages) {
    if (!out.write(`${JSON.stringify(m)}\n`)) await once(out, 'drain');
  }
}

/** Writes `<out>` (JSONL) and its sidecar (`metaFile`, default `metaPathFor(out)`). Returns the sidecar path. */
export async function writeTraceFiles(trace: ImportedTrace, out: string, metaFile = metaPathFor(out)): Promise<string> {
  // both files are written beside their targets and renamed into place only when complete, so a full
  // disk or a kill never leaves a JSONL cut mid-line or one without its sidecar
  const [tmpOut, tmpMeta] = [`${out}.partial-${process.pid}`, `${metaFile}.partial-${process.pid}`];
  try {
    const stream = createWriteStream(tmpOut, { encoding: 'utf8' });
    const failed = once(stream, 'error').then(([e]) => Promise.reject(e as Error));
    failed.catch(() => undefined);
    await Promise.race([writeMessages(trace.messages, stream), failed]);
    stream.end();
    await Promise.race([once(stream, 'finish'), failed]);
    await writeFile(tmpMeta, serializeMeta(trace.meta, trace.warnings), 'utf8');
    await rename(tmpMeta, metaFile);
    await rename(tmpOut, out);
  } catch (e) {
    // the clean-up cannot fail in turn (a name too long for the file system fails rm too): the cause below is what to report
    await Promise.all([rm(tmpOut, { force: true }), rm(tmpMeta, { force: true })].map((p) => p.catch(() => undefined)));
    const code = (e as NodeJS.ErrnoException).code;
    throw new ImportError(out, undefined, `cannot write the output${code ? ` (${code}${code === 'ENOSPC' ? ': no space left on device' : ''})` : `: ${(e as Error).message}`}`);
  }
  return metaFile;
}

/** The recorded facts of a sidecar (ours or the reference format); undefined when there is none. */
export async function readMetaFile(path: string): Promise<Partial<TraceMeta> | undefined> {
  let text: string;
  try {
    checkInputFile(path, 'sidecar');
  } catch (e) {
    // no sidecar is fine; one that is a folder, a pipe or a device is an error, not a hang
    if (e instanceof InputFileError && /\(ENOENT\)$/.test(e.message)) return undefined;
    throw new ImportError(path, undefined, e instanceof Error ? e.message.slice(path.length + 2) : String(e));
  }
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  let v: unknown;
  try {
    v = parseDocument(text);
  } catch (e) {
    throw new ImportError(path, undefined, `sidecar: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isObj(v)) throw new ImportError(path, 1, 'sidecar must be a JSON object');
  return Array.isArray(v.calls) ? ours(v, sidecarLocator(path)) : reference(v, sidecarLocator(path));
}

/** Errors in a sidecar name the file and the field (a sidecar is one JSON document, not lines). */
const sidecarLocator = (file: string): Locator => ({
  fail(at, reason): never {
    throw new ImportError(file, undefined, `sidecar: ${pathText(at)}: ${reason}`);
  },
});

/** our own sidecar's call counts, in the same bounds as a usage object's */
const CALL_COUNTS = ['input', 'cacheRead', 'cacheWrite', 'output'] as const;

function ours(v: Record<string, unknown>, loc: Locator): Partial<TraceMeta> {
  const out: Partial<TraceMeta> = { calls: (v.calls as RecordedCall[]).filter((c) => isObj(c) && typeof c.msgIndex === 'number') };
  out.calls!.forEach((c, k) => {
    const fields = c as unknown as Record<string, unknown>;
    for (const f of CALL_COUNTS) checkCount(loc, fields[f], ['calls', k, f]);
  });
  if (Array.isArray(v.compactions)) out.compactions = (v.compactions as CompactionPoint[]).filter((c) => isObj(c) && typeof c.beforeMsgIndex === 'number');
  if (typeof v.model === 'string') out.model = v.model;
  if (typeof v.startEpoch === 'number') out.startEpoch = v.startEpoch;
  if (Array.isArray(v.times)) out.times = v.times as (number | null)[];
  if (Array.isArray(v.notes)) out.notes = v.notes.filter((n): n is string => typeof n === 'string');
  if (isObj(v.extra)) out.extra = v.extra;
  return out;
}

function reference(v: Record<string, unknown>, loc: Locator): Partial<TraceMeta> {
  const calls: RecordedCall[] = [];
  for (const [k, u] of (Array.isArray(v.assistant_usage) ? v.assistant_usage : []).entries()) {
    if (!isObj(u) || typeof u.msg_index !== 'number') continue;
    checkUsage(loc, u.usage, ['assistant_usage', k, 'usage']);
    const call: RecordedCall = { msgIndex: u.msg_index, ...normalizeUsage(u.usage) };
    if (typeof u.model === 'string') call.model = u.model;
    if (typeof u.timestamp === 'string') call.timestamp = u.timestamp;
    if (u.usage !== undefined) call.raw = u.usage;
    calls.push(call);
  }
  const compactions: CompactionPoint[] = [];
  for (const c of Array.isArray(v.compactions) ? v.compactions : []) {
    if (!isObj(c) || typeof c.before_msg_index !== 'number') continue;
    const p: CompactionPoint = { beforeMsgIndex: c.before_msg_index };
    const cm = isObj(c.compactMetadata) ? c.compactMetadata : {};
    if (typeof cm.trigger === 'string') p.trigger = cm.trigger;
    if (typeof cm.preTokens === 'number') p.preTokens = cm.preTokens;
    if (typeof c.timestamp === 'string') p.timestamp = c.timestamp;
    compactions.push(p);
  }
  const out: Partial<TraceMeta> = { calls, compactions };
  if (typeof v.model === 'string') out.model = v.model;
  const extra: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!['assistant_usage', 'compactions', 'model', 'unanswered_tool_calls'].includes(k)) extra[k] = x;
  out.extra = extra;
  return out;
}
