/**
 * Starting a worker thread that runs a policy module's code (module-probe.ts, the check command, and the
 * cells of parallel.ts): its console goes to this process's stderr, never into stdout (where `--json`
 * goes), its heap is capped, and a budget timer, re-armed by each heartbeat, ends it when the module's
 * code runs too long (a loop, `Atomics.wait`, a top-level await that never settles).
 */
import { Worker } from 'node:worker_threads';
import { workerLimits, type IsolationLimits } from './isolation.js';

/** Whether this module runs as TypeScript (tsx, vitest) rather than from the compiled dist/. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** A worker on `entry` (a URL) whose stdout and stderr end up on this process's stderr. */
export function isolatedWorker(entry: URL, workerData: unknown, limits: IsolationLimits): Worker {
  const w = new Worker(entry, { workerData, resourceLimits: workerLimits(limits), stdout: true, stderr: true });
  // written on, not piped: a pipe per worker would add listeners to process.stderr for every worker alive
  const pass = (chunk: Buffer | string): void => void process.stderr.write(chunk);
  w.stdout.on('data', pass);
  w.stderr.on('data', pass);
  return w;
}

/** The entry of the one-off isolated workers (module-probe.ts, check): compiled, or from source through tsx. */
export const ISOLATED_ENTRY = new URL(FROM_SOURCE ? './isolated-entry.mjs' : './isolated-main.js', import.meta.url);

/** What an isolated one-off worker sends: a heartbeat, its answer, or why it could not give one. */
export type IsolatedMessage = { type: 'beat' } | { type: 'result'; value: unknown } | { type: 'error'; message: string; name?: string };

const isMessage = (m: unknown): m is IsolatedMessage =>
  !!m && typeof m === 'object' && ((m as IsolatedMessage).type === 'beat' || (m as IsolatedMessage).type === 'result' || (m as IsolatedMessage).type === 'error');

export type Outcome = { ok: true; value: unknown } | { ok: false; name?: string; reason: string };

/**
 * Runs one job on an isolated worker and settles with its result, or with why there is none: an error it
 * reported, a crash, an exit before answering, the heap cap, or `budgetMs` without a heartbeat. The worker
 * is stopped as soon as it answers (a module's timers and intervals die with it).
 */
export function runIsolated(job: { kind: string; [k: string]: unknown }, limits: IsolationLimits, what: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const w = isolatedWorker(ISOLATED_ENTRY, job, limits);
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (o: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // one turn first, so the output the worker sent before its answer is passed on
      setImmediate(() => void w.terminate());
      resolve(o);
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ ok: false, reason: `${what} ran longer than ${limits.hookBudgetMs / 1000} s without returning (the --hook-budget); its worker was stopped` }), limits.hookBudgetMs);
    };
    w.on('message', (m: unknown) => {
      if (!isMessage(m)) settle({ ok: false, reason: `${what} sent the harness a message it did not expect (${describe(m)})` });
      else if (m.type === 'beat') arm();
      else if (m.type === 'result') settle({ ok: true, value: m.value });
      else settle({ ok: false, ...(m.name ? { name: m.name } : {}), reason: m.message });
    });
    w.on('error', (e) => {
      const c = (e as NodeJS.ErrnoException).code;
      settle({ ok: false, reason: c === 'ERR_WORKER_OUT_OF_MEMORY' ? `${what} exceeded the worker memory limit (${limits.heapMb} MB)` : `${what} crashed its worker: ${e instanceof Error ? e.message : String(e)}` });
    });
    w.on('exit', (code) => settle({ ok: false, reason: `${what} ended its worker before answering (exit code ${code}): a top-level await that never settles, or the thread ended` }));
    // the budget starts at the worker's first heartbeat, sent just before the module's code runs: starting a worker is not the module's time
  });
}

const describe = (m: unknown): string => (m === null ? 'null' : typeof m);
