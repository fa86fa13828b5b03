/**
 * Runs fuzz cases through the built CLI: in batches (driver.mjs, one Node process per batch, batches in
 * parallel, one per core), or one process per case (bin/compactbench.js) for the cases that may end or
 * hang their process. A batch that falls silent for `hangMs` is killed; the case it was on is a hang,
 * and the batch restarts after it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Case } from './cases.js';
import type { Result } from './oracles.js';

const DRIVER = resolve('test/fuzz/cli/driver.mjs');
const BIN = resolve('bin/compactbench.js');

/** Writes a case's input files (and special files) into its directory. */
export function materialize(root: string, c: Case): string {
  const dir = join(root, String(c.id));
  mkdirSync(dir, { recursive: true });
  for (const f of c.files) {
    const p = join(dir, f.name);
    if (f.special === 'fifo') spawnSync('mkfifo', [p]);
    else if (f.special === 'folder') mkdirSync(p, { recursive: true });
    else if (f.special === 'dev-zero') symlinkSync('/dev/zero', p);
    else if (f.special === 'symlink-loop') {
      symlinkSync(`${p}.b`, p);
      symlinkSync(p, `${p}.b`);
    } else writeFileSync(p, f.text ?? '');
  }
  return dir;
}

export const argsOf = (c: Case, dir: string): string[] => c.args.map((a) => a.replaceAll('{dir}', dir));

/** Runs every case in `batches` parallel driver processes; results by case index. */
export async function runBatches(root: string, cases: readonly Case[], batches: number, hangMs: number): Promise<Map<number, Result>> {
  const results = new Map<number, Result>();
  const groups = Array.from({ length: batches }, (_, b) => cases.filter((_, k) => k % batches === b));
  await Promise.all(groups.map((group, b) => runGroup(root, group, b, hangMs, results)));
  return results;
}

async function runGroup(root: string, group: readonly Case[], b: number, hangMs: number, results: Map<number, Result>): Promise<void> {
  const payload = group.map((c) => ({ args: argsOf(c, join(root, String(c.id))) }));
  const tag = `${Date.now().toString(36)}-${b}`;
  const casesFile = join(root, `batch-${tag}.json`);
  writeFileSync(casesFile, JSON.stringify(payload));
  let first = 0;
  while (first < group.length) {
    const resultsFile = join(root, `batch-${tag}-from-${first}.jsonl`);
    writeFileSync(resultsFile, '');
    const done = await driverRun(casesFile, resultsFile, first, hangMs);
    const lines = readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Result & { i: number });
    for (const l of lines) results.set(group[l.i]!.id, l);
    const next = lines.length ? lines.at(-1)!.i + 1 : first;
    if (done && next >= group.length) return;
    // the driver stopped early: the case it was on hung (or ended the process)
    results.set(group[next]!.id, { code: -1, stdout: '', stderr: done ? 'the batch process ended during this case' : '', hung: !done });
    first = next + 1;
  }
}

/** Resolves true when the driver finished, false when it was killed for silence. */
function driverRun(casesFile: string, resultsFile: string, first: number, hangMs: number): Promise<boolean> {
  return new Promise((res) => {
    const p = spawn(process.execPath, [DRIVER, casesFile, resultsFile, String(first)], { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, CI: 'true' } });
    let size = 0;
    let quiet = 0;
    const tick = setInterval(() => {
      const now = existsSync(resultsFile) ? statSync(resultsFile).size : 0;
      quiet = now === size ? quiet + 500 : 0;
      size = now;
      if (quiet >= hangMs) p.kill('SIGKILL');
    }, 500);
    p.on('exit', (code, signal) => {
      clearInterval(tick);
      res(signal === null && code === 0);
    });
  });
}

/** One case as its own process through bin/compactbench.js, killed after `timeoutMs`. */
export function runSingle(root: string, c: Case, timeoutMs: number): Promise<Result> {
  const dir = join(root, String(c.id));
  return new Promise((res) => {
    const p = spawn(process.execPath, [BIN, ...argsOf(c, dir)], { env: { ...process.env, CI: 'true' } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      p.kill('SIGKILL');
    }, timeoutMs);
    p.on('close', (code) => {
      clearTimeout(timer);
      res({ code: code ?? -1, stdout, stderr, ...(hung ? { hung } : {}) });
    });
  });
}

/** Rebuilds dist/ when a source file is newer than it (the suite exercises the built CLI). */
export function ensureBuilt(): void {
  const stamp = existsSync('dist/.tsbuildinfo') ? 'dist/.tsbuildinfo' : 'dist/cli/main.js';
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const newest = (dir: string): number => readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
    const p = join(dir, e.name);
    return Math.max(m, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
  if (newest('src') > built) {
    const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build failed: ${r.stdout}${r.stderr}`);
  }
}
