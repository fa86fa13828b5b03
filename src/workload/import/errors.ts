/**
 * Malformed input is reported, never skipped: every importer throws `ImportError` naming the file and
 * the line (1-based) where the problem is, compiler style (`file:line: message`).
 */

export class ImportError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly reason: string;

  constructor(file: string, line: number | undefined, reason: string) {
    super(line === undefined ? `${file}: ${reason}` : `${file}:${line}: ${reason}`);
    this.name = 'ImportError';
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}

export const isImportError = (e: unknown): e is ImportError => e instanceof ImportError;

/** A short, printable rendering of a bad value for an error message. */
export function show(v: unknown): string {
  let s: string;
  try {
    s = v === undefined ? 'undefined' : JSON.stringify(v);
  } catch {
    s = String(v);
  }
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** What kind of JSON value `v` is, for "expected X, got Y" messages. */
export function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** The message for a command that has `--format`: a failed detection says to pass it. */
export function withFormatHint(e: ImportError): ImportError {
  if (!/^could not detect the trace format|structure was not recognized/.test(e.reason)) return e;
  return new ImportError(e.file, e.line, `${e.reason}; pass --format if you know it`);
}
