/**
 * Trace importers: real agent transcripts to OpenAI chat messages plus what they recorded.
 *
 * `importTrace(path)` detects the format (or takes it from `opts.format`), converts the file and
 * returns `{ messages, meta, warnings }`. Malformed input throws `ImportError` with the file and line.
 * One file per format; a short map keyed by format id picks the importer.
 */
import { access } from 'node:fs/promises';
import { checkInputFile, InputFileError } from '../../core/input-file.js';
import { importClaudeCode } from './claude-code.js';
import { importCodex } from './codex.js';
import { importGeminiCli } from './gemini-cli.js';
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
  'gemini-cli': importGeminiCli,
};

/**
 * `FILE#N` names conversation N (0-based) of a multi-conversation file, like `--entry N`. A file whose
 * own name ends in `#<digits>` still opens as itself.
 */
export async function splitEntry(path: string, opts: ImportOptions): Promise<{ file: string; opts: ImportOptions }> {
  const m = /^(.+)#(\d{1,9})$/.exec(path);
  if (!m) return { file: path, opts };
  try {
    await access(path);
    return { file: path, opts };
  } catch {
    if (opts.entry !== undefined && opts.entry !== Number(m[2])) throw new ImportError(path, undefined, `--entry ${opts.entry} contradicts #${m[2]}`);
    return { file: m[1]!, opts: { ...opts, entry: Number(m[2]) } };
  }
}

export async function importTrace(given: string, options: ImportOptions = {}): Promise<ImportedTrace> {
  const { file: path, opts } = await splitEntry(given, options);
  const requested = opts.format ?? 'auto';
  if (requested !== 'auto' && !FORMATS.includes(requested)) {
    throw new ImportError(path, undefined, `unknown format ${JSON.stringify(requested)}; expected auto or one of ${FORMATS.join(', ')}`);
  }
  try {
    checkInputFile(path, 'transcript', 'give one transcript file inside it');
    await access(path);
  } catch (e) {
    throw new ImportError(path, undefined, e instanceof InputFileError ? e.message.slice(path.length + 2) : 'file not found or not readable');
  }
  const format = requested === 'auto' ? await detectFormat(path) : requested;
  const trace = await IMPORTERS[format](path, opts);
  // a file of one conversation has only entry 0: ignoring --entry 2 would import conversation 0 as if it were 2
  if (opts.entry !== undefined && opts.entry >= (trace.entries ?? 1)) {
    throw new ImportError(path, undefined, `--entry ${opts.entry}: the file holds ${trace.entries ?? 1} conversation${(trace.entries ?? 1) > 1 ? 's' : ''} (entries are 0-based)`);
  }
  if (trace.messages.length === 0) throw new ImportError(path, undefined, `no conversation messages found (read as ${format})`);
  // an agent transcript the importer understood has the agent in it; a file of user turns only is a
  // structure it did not recognize, and replaying it would measure nothing
  if (!trace.messages.some((m) => m.role === 'assistant')) {
    throw new ImportError(path, undefined, `no assistant message found (read as ${format}); the file's structure was not recognized`);
  }
  return trace;
}

export { detectFormat } from './detect.js';
export { ImportError, isImportError } from './errors.js';
export { metaPathFor, readMetaFile, serializeMeta, writeTraceFiles } from './sidecar.js';
export { traceToWorkload, type TraceToWorkloadOptions } from './to-workload.js';
export * from './types.js';
