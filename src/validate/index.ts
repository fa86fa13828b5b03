/**
 * Cache-model validation against recorded provider usage (`compactbench validate-cache`).
 */
import { ImportError } from '../workload/import/errors.js';
import { importTrace } from '../workload/import/index.js';
import type { Format, ImportedTrace } from '../workload/import/types.js';
import { isComplete } from './recorded.js';
import { validateOpenAiTrace } from './openai-replay.js';
import { validateTrace, type FileCheck, type ValidateOptions } from './replay.js';

export { validateTrace, type CallCheck, type FileCheck, type TokenPair, type ValidateOptions } from './replay.js';
export { CAUSES, type Cause } from './causes.js';
export { summaryJson, textReport, relErr } from './report.js';
export { AttributedTokens } from '../sim/attributed-tokens.js';

/** Imports a transcript and validates it; a file that recorded no usable usage is an input error. */
export async function validateFile(path: string, opts: ValidateOptions & { format?: Format | 'auto' }): Promise<FileCheck> {
  const { format, ...rest } = opts;
  const trace = await importTrace(path, format ? { format } : {});
  if (!hasRecordedUsage(trace)) throw noUsage(path, trace);
  return validateImported(trace, rest);
}

/** True when the trace recorded at least one call's full usage (input, cache read and cache write). */
export const hasRecordedUsage = (trace: ImportedTrace): boolean => trace.meta.calls.some(isComplete);

export const noUsage = (path: string, trace: ImportedTrace): ImportError =>
  new ImportError(path, undefined, `no recorded per-call usage (input, cache read and cache write) to validate against (${trace.meta.format} transcript)`);

/** Validates an imported trace that recorded usage, with the cache model its format calls for. */
export function validateImported(trace: ImportedTrace, opts: ValidateOptions): FileCheck {
  // Codex rollouts: OpenAI's prefix cache with shared instructions and best-effort hits (openai-replay.ts)
  if (trace.meta.format === 'codex' && trace.messages[0]?.role === 'system') return validateOpenAiTrace(trace, opts);
  return validateTrace(trace, opts);
}
