/**
 * Output directories that cannot mix or half-exist. The target is checked before anything is computed
 * (a file in the way, a read-only or unwritable place, a foreign directory), the outputs are written to
 * a staging directory beside it, and the staging directory is renamed into place only when complete:
 * a run leaves a complete directory or nothing, and never a mix of two runs' files. SIGINT/SIGTERM
 * remove the staging directory and exit 130/143 (the shell's codes for those signals).
 *
 * The staging directory's name carries the writer's process id (`.<name>.partial-<pid>-XXXXXX`): a run
 * killed with SIGKILL cannot remove its own, so the next run into the same place removes those of
 * processes that no longer exist. A lock file beside the target (`.<name>.lock`, holding the pid) makes a
 * second command into the same `--out` while the first runs fail at once, instead of both exiting 0 and
 * the later rename silently replacing the earlier outputs; a lock left by a dead process is taken over.
 *
 * A non-empty target is replaced only when it holds the outputs of the same kind of command (its
 * manifest.json says so); a directory holding anything else — another command's outputs, or files that
 * are not compactbench's — is refused unless `--force`, which replaces it whole.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class OutputError extends Error {
  override name = 'OutputError';
}

export interface OutputTarget {
  /** the directory the user asked for */
  dir: string;
  /** where the outputs are written until commitOutput */
  staging: string;
  /** removes the signal handlers (commitOutput and discardOutput call it) */
  release(): void;
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a path component is a file, not a directory',
  EEXIST: 'a file is in the way',
  ENOENT: 'no such place (a parent directory cannot be created there)',
  EISDIR: 'a directory is in the way',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
  ENAMETOOLONG: 'the name is too long for the file system (the staging directory beside it adds 16 characters)',
  ELOOP: 'a symbolic link loop',
};

/** A file-system error as one line naming the path and the cause, never a stack trace. */
export function outputErrorOf(e: unknown, what: string): Error {
  if (e instanceof OutputError) return e;
  const err = e as NodeJS.ErrnoException;
  const reason = (err?.code && REASONS[err.code]) ?? undefined;
  if (!reason) return e instanceof Error ? e : new Error(String(e));
  return new OutputError(`${what}: ${reason}${err.code ? ` (${err.code})` : ''}`);
}

/** The command kind recorded in an existing output directory's manifest, or undefined if none. */
function outputKind(dir: string): string | undefined {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) return undefined;
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as { tool?: unknown; report?: { kind?: unknown }; shard?: unknown };
    if (m?.tool !== 'compactbench') return undefined;
    const kind = typeof m.report?.kind === 'string' ? m.report.kind : 'run';
    return m.shard ? `${kind} shard` : kind;
  } catch {
    return undefined;
  }
}

export interface PrepareOptions {
  /** the command writing, as recorded in manifest.report.kind ('run', 'report', 'sweep', 'compare'), plus ' shard' for --shard */
  kind: string;
  force?: boolean;
}

let handlersInstalled: (() => void) | undefined;

/** True unless process `pid` certainly no longer exists (EPERM: it exists, as another user's). */
function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const STAGING = (base: string): RegExp => new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.partial-(\\d+)-`);

/** Removes the staging directories (and `.old` leftovers) that killed runs into `dir` left beside it. */
export function removeStaleStaging(dir: string): string[] {
  const parent = path.dirname(dir);
  const pattern = STAGING(path.basename(dir));
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const n of names) {
    const m = pattern.exec(n);
    if (!m || alive(Number(m[1]))) continue;
    rmSync(path.join(parent, n), { recursive: true, force: true });
    removed.push(n);
  }
  return removed;
}

/** Takes the lock on `dir` (a file beside it holding this pid); refuses while a live process holds it. */
function lockOutput(dir: string, where: string): () => void {
  const file = path.join(path.dirname(dir), `.${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw outputErrorOf(e, `${where}: cannot write beside it`);
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      // removed between our attempt and this read: try again
    }
    if (alive(holder) && holder !== process.pid) {
      throw new OutputError(`${where}: another compactbench (process ${holder}) is writing there now; wait for it to finish or choose another --out (if no such process runs, remove ${file})`);
    }
    rmSync(file, { force: true });
  }
  throw new OutputError(`${where}: cannot take the lock ${file}`);
}

/** Checks `out` and creates the staging directory beside it; call before computing anything. */
export function prepareOutput(out: string, opts: PrepareOptions): OutputTarget {
  // a blank name would write into a folder called ' ' (or the working directory's parent entry)
  if (out.trim() === '' || out !== out.trim()) throw new OutputError(`--out ${JSON.stringify(out)}: a directory name cannot be blank or start or end with a space`);
  const dir = path.resolve(out);
  const where = `--out ${out}`;
  let st;
  try {
    st = statSync(dir, { throwIfNoEntry: false });
  } catch (e) {
    throw outputErrorOf(e, where);
  }
  if (st && !st.isDirectory()) throw new OutputError(`${where}: a file is in the way (expected a directory)`);
  if (st && !opts.force) {
    const entries = readdirSync(dir).filter((f) => !f.startsWith('.'));
    if (entries.length) {
      const kind = outputKind(dir);
      if (kind === undefined) throw new OutputError(`${where}: the directory is not empty and holds no compactbench output (${entries.length} entries); choose another --out, or pass --force to replace it`);
      if (kind !== opts.kind) throw new OutputError(`${where}: the directory holds the outputs of a \`${kind}\`, not a \`${opts.kind}\`; choose another --out, or pass --force to replace it`);
    }
  }
  const parent = path.dirname(dir);
  let staging: string;
  let unlock: () => void;
  try {
    mkdirSync(parent, { recursive: true });
  } catch (e) {
    throw outputErrorOf(e, `${where}: cannot write beside it`);
  }
  unlock = lockOutput(dir, where);
  try {
    removeStaleStaging(dir);
    staging = mkdtempSync(path.join(parent, `.${path.basename(dir)}.partial-${process.pid}-`));
  } catch (e) {
    unlock();
    throw outputErrorOf(e, `${where}: cannot write beside it`);
  }
  const onSignal = (signal: NodeJS.Signals): void => {
    rmSync(staging, { recursive: true, force: true });
    unlock();
    process.stderr.write(`compactbench: ${signal}: stopped; nothing written to ${out}\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  handlersInstalled?.();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const release = (): void => {
    unlock();
    unlock = () => undefined;
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    handlersInstalled = undefined;
  };
  handlersInstalled = release;
  return { dir, staging, release };
}

/** Moves the complete staging directory into place (replacing the old directory whole). */
export function commitOutput(t: OutputTarget): void {
  try {
    if (existsSync(t.dir)) {
      const old = `${t.staging}.old`;
      renameSync(t.dir, old);
      renameSync(t.staging, t.dir);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(t.staging, t.dir);
  } catch (e) {
    discardOutput(t);
    throw outputErrorOf(e, `cannot move the outputs into ${t.dir}`);
  } finally {
    t.release();
  }
}

/** Removes the staging directory (after a failure). */
export function discardOutput(t: OutputTarget): void {
  rmSync(t.staging, { recursive: true, force: true });
  t.release();
}

/** Runs `write(staging)` and commits it; on any failure removes the staging directory and reports the cause. */
export async function writeAtomically<T>(t: OutputTarget, write: (staging: string) => Promise<T> | T): Promise<T> {
  let result: T;
  try {
    result = await write(t.staging);
  } catch (e) {
    discardOutput(t);
    throw outputErrorOf(e, `writing ${t.dir}`);
  }
  commitOutput(t);
  return result;
}

/**
 * The paths a command wrote, as they are after commitOutput: under `out` as given, not in the staging
 * directory (which no longer exists; `--json` listed those paths before).
 */
export function committedPaths(t: OutputTarget, out: string, files: readonly string[]): string[] {
  return files.map((f) => (path.isAbsolute(f) && f.startsWith(t.staging) ? path.join(out, path.relative(t.staging, f)) : f));
}
