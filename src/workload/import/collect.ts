/**
 * The sessions a trace-reading command was given (`run --trace`, `optimum --trace`, `validate-cache`,
 * `calibrate --against`): files, directories (read recursively for `.jsonl`, `.json` and `.traj` files,
 * sidecars left out) and globs (`*`, `?`, `**`, expanded here so a quoted pattern works the same as one
 * the shell expanded). Every file is imported in whichever supported format it is in; a multi-conversation
 * file gives one session per conversation, and a Claude Code session gives its inline subagent
 * conversations as sessions of their own. Nothing found, or nothing imported, is an error: a command
 * never answers with an empty table.
 */
import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ImportError } from './errors.js';
import { importTrace } from './index.js';
import type { ImportedTrace, ImportOptions } from './types.js';

/** Files a directory contributes: transcripts, not their `.meta.json` sidecars. */
const TRACE_FILE = /\.(jsonl|json|traj)$/i;

export interface Session {
  /** the file it came from (with `#N` for conversation N of a multi-conversation file) */
  file: string;
  /** a short name: the file's base name, `#N`, and `>agent-…` for a subagent recorded inline */
  label: string;
  trace: ImportedTrace;
}

const isGlob = (p: string): boolean => /[*?[]/.test(p);

function statOf(p: string): Stats | undefined {
  try {
    return statSync(p);
  } catch {
    return undefined;
  }
}

/** A glob segment as a regular expression (`*` and `?` within one path segment, `[...]` classes). */
function segmentRegex(seg: string): RegExp {
  let re = '';
  for (const c of seg) re += c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c === '[' || c === ']' ? c : c.replace(/[.+^${}()|\\]/g, '\\$&');
  return new RegExp(`^${re}$`);
}

function expandGlob(pattern: string): string[] {
  const parts = pattern.split(/[\\/]/);
  const absolute = pattern.startsWith('/');
  let bases = [absolute ? '/' : '.'];
  const start = absolute ? 1 : 0;
  for (let i = start; i < parts.length; i++) {
    const seg = parts[i]!;
    if (seg === '' || seg === '.') continue;
    const next: string[] = [];
    for (const b of bases) {
      if (seg === '**') next.push(b, ...subdirs(b, new Set()));
      else if (!isGlob(seg)) next.push(join(b, seg));
      else for (const n of safeReaddir(b)) if (!n.startsWith('.') && segmentRegex(seg).test(n)) next.push(join(b, n));
    }
    bases = [...new Set(next)];
  }
  return bases.filter((p) => statOf(p)).sort();
}

function safeReaddir(dir: string): string[] {
  try {
    return statOf(dir)?.isDirectory() ? readdirSync(dir).sort() : [];
  } catch {
    return [];
  }
}

/** Every directory below `dir`, each real directory once (a symlink loop ends there). */
function subdirs(dir: string, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const n of safeReaddir(dir)) {
    const p = join(dir, n);
    if (!statOf(p)?.isDirectory()) continue;
    const real = realpathSync(p);
    if (seen.has(real)) continue;
    seen.add(real);
    out.push(p, ...subdirs(p, seen));
  }
  return out;
}

function filesIn(dir: string, seen: Set<string>): string[] {
  const real = realpathSync(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  return safeReaddir(dir).flatMap((n) => {
    const p = join(dir, n);
    const st = statOf(p);
    if (!st || n.startsWith('.')) return [];
    if (st.isDirectory()) return filesIn(p, seen);
    return st.isFile() && TRACE_FILE.test(n) && !/\.meta\.json$/i.test(n) ? [p] : [];
  });
}

/** The transcript files named by files, directories and globs, in the order given (each directory sorted). */
export function expandTracePaths(given: readonly string[]): string[] {
  const out: string[] = [];
  for (const g of given) {
    const st = statOf(g) ?? statOf(g.replace(/#\d+$/, ''));
    if (st?.isDirectory()) {
      const found = filesIn(g, new Set());
      if (!found.length) throw new ImportError(g, undefined, 'directory holds no transcript files (.jsonl, .json or .traj)');
      out.push(...found);
    } else if (st) out.push(g);
    else if (isGlob(g)) {
      const matched = expandGlob(g).flatMap((p) => (statOf(p)?.isDirectory() ? filesIn(p, new Set()) : [p]));
      if (!matched.length) throw new ImportError(g, undefined, 'the pattern matches no transcript files');
      out.push(...matched);
    } else throw new ImportError(g, undefined, 'file not found or not readable');
  }
  return [...new Set(out)];
}

/** Every session in the given paths; throws when there is none. */
export async function importSessions(given: readonly string[], opts: ImportOptions = {}): Promise<Session[]> {
  const out: Session[] = [];
  for (const f of expandTracePaths(given)) {
    const first = await importTrace(f, opts);
    const label = basename(f.replace(/#\d+$/, '')) + (/#\d+$/.exec(f)?.[0] ?? '');
    if (!first.entries || /#\d+$/.test(f)) addWithSidechains(out, f, label, first);
    else {
      addWithSidechains(out, `${f}#0`, `${basename(f)}#0`, first);
      for (let n = 1; n < first.entries; n++) addWithSidechains(out, `${f}#${n}`, `${basename(f)}#${n}`, await importTrace(f, { ...opts, entry: n }));
    }
  }
  if (!out.length) throw new ImportError(given.join(', '), undefined, 'no conversation found');
  return out;
}

function addWithSidechains(out: Session[], file: string, label: string, trace: ImportedTrace): void {
  out.push({ file, label: subagentLabel(file, label), trace });
  for (const s of trace.sidechains ?? []) out.push({ file, label: `${label}>${String(s.meta.extra.sidechain)}`, trace: s });
}

/** A subagent file is named with its session: `<session>/subagents/agent-x.jsonl` → `<session>>agent-x.jsonl`. */
function subagentLabel(file: string, label: string): string {
  const dir = dirname(file);
  return basename(dir) === 'subagents' ? `${basename(dirname(dir))}>${label}` : label;
}
