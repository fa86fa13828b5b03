/**
 * Trace importers: real agent transcripts to OpenAI chat messages plus what they recorded.
 *
 * `importTrace(path)` detects the format (or takes it from `opts.format`), converts the file and
 * returns `{ messages, meta, warnings }`. Malformed input throws `ImportError` with the file and line.
 * One file per format; a short map keyed by format id picks the importer.
 */
import { access } from 'node:fs/promises';
import { importClaudeCode } from './claude-code.js';
import { importCodex } from './codex.js';
import { detectFormat } from './detect.js';
import { ImportError } from './errors.js';
import { importMiniSweAgent } from './mini-swe-agent.js';
import { importOpenAi } from './openai.js';
import { importOpenHands } from './openhands.js';
import { importShareGpt } from './sharegpt.js';
import { importSweAgent } from './swe-agent.js';
import { FORMATS, type Format, type ImportedTrace, type ImportOptions } from './types.js';

export type Importer = (file: string, opts: ImportOptions) => Promise<ImportedTrace>;

export const IMPORTERS: Readonly<Record<Format, Importer>> = {
  openai: importOpenAi,
  'claude-code': importClaudeCode,
  'swe-agent': importSweAgent,
  'mini-swe-agent': importMiniSweAgent,
  openhands: importOpenHands,
  sharegpt: importShareGpt,
  codex: importCodex,
};

export async function importTrace(path: string, opts: ImportOptions = {}): Promise<ImportedTrace> {
  const requested = opts.format ?? 'auto';
  if (requested !== 'auto' && !FORMATS.includes(requested)) {
    throw new ImportError(path, undefined, `unknown format ${JSON.stringify(requested)}; expected auto or one of ${FORMATS.join(', ')}`);
  }
  try {
    await access(path);
  } catch {
    throw new ImportError(path, undefined, 'file not found or not readable');
  }
  const format = requested === 'auto' ? await detectFormat(path) : requested;
  const trace = await IMPORTERS[format](path, opts);
  if (trace.messages.length === 0) throw new ImportError(path, undefined, `no conversation messages found (read as ${format})`);
  return trace;
}

export { detectFormat } from './detect.js';
export { ImportError, isImportError } from './errors.js';
export { metaPathFor, readMetaFile, serializeMeta, writeTraceFiles } from './sidecar.js';
export { traceToWorkload, type TraceToWorkloadOptions } from './to-workload.js';
export * from './types.js';
