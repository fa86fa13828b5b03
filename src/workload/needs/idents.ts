/**
 * Identifiers in text: what a later call can name that an earlier message first showed. Three shapes,
 * chosen because they are what agents carry from a tool result into their next call's arguments:
 * - URLs (`https://…`);
 * - paths (a token with a `/`, e.g. `src/app/main.ts`, `/repo/tests/test_io.py`) and file names with an
 *   extension (`main.ts`);
 * - code identifiers of at least 6 characters with an underscore or an inner capital
 *   (`parse_header`, `fetchUser`, `test_roundtrip_utf8`) — plain words are too common to be evidence.
 */
const TOKEN = /https?:\/\/[^\s"'`<>)\]]+|[\w.~@+-]*\/[\w./~@+-]+|[A-Za-z_][\w-]*\.[A-Za-z][A-Za-z0-9]{0,5}\b|[A-Za-z_][A-Za-z0-9_]{5,}/g;
const TRAILING = /[.,:;]+$/;

function keep(t: string): boolean {
  if (t.startsWith('http')) return t.length > 10;
  if (t.includes('/')) return /[A-Za-z]/.test(t) && t.length >= 4 && !/^\/+$/.test(t);
  if (/\.[A-Za-z]/.test(t)) return t.length >= 4 && !/^\d/.test(t);
  return /_|[a-z][A-Z]/.test(t);
}

/** The distinct identifiers in `text`, in order of first appearance. */
export function identsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0].replace(TRAILING, '');
    if (keep(t)) out.add(t);
  }
  return [...out];
}

/** The last path segment of a path-like identifier (what a summary that shortens paths still names). */
export function baseName(ident: string): string {
  if (ident.startsWith('http')) return ident;
  const i = ident.lastIndexOf('/', ident.length - 2);
  return i >= 0 ? ident.slice(i + 1).replace(/\/$/, '') : ident;
}
