/**
 * Running a plan's cells on worker threads. Functions (workload generators, policy factories) cannot
 * cross a thread boundary, so a worker rebuilds the plan itself from a serializable PlanSource — a
 * module URL, the name of an exported factory and its arguments — and runs the cells it is sent.
 * Results are placed by cell index, never by completion order, so a parallel run is byte-identical
 * to an in-process one (every session is deterministic given its cell).
 *
 * N threads are this thread and N − 1 workers taking tasks (the cells of one workload) from one queue,
 * longest first; this thread yields between its cells so the workers' messages are taken promptly, and
 * a worker is sent its next task before it finishes the current one.
 *
 * Workers of the compiled package start from `worker-main.js` and load compiled JavaScript only, and
 * only what rebuilding the plan and running cells needs (cli/plan-spec.ts: no report, output or trace
 * import code unless the plan has traces). From source (tsx, vitest) they start from
 * `worker-entry.mjs`, which registers tsx first (a worker does not inherit a loader registered at
 * runtime) and so recompiles every module: the default is then one thread.
 */
import { createHash } from 'node:crypto';
import { busyElsewhere } from './cpu-busy.js';
import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createTokenCounter } from '../core/tokens.js';
import type { SessionRun } from './records.js';
import { planCells, runCells, type Cell, type RunPlan, type WorkloadCache } from './run.js';
import { deathCause, failureRun, workerLimits, type IsolationLimits } from './isolation.js';
import { isolatedWorker } from './isolated-worker.js';
import { runByModule } from './module-cells.js';
import { loadDigester, type LoadedDigester, type RunDigester } from './run-digester.js';
import { unpackSteps } from './packed-steps.js';
import { toError, wellFormed, type FromWorker, type WorkerInit } from './worker-protocol.js';

/** Where a worker gets the plan: `(await import(module))[exportName](args)`. `args` must be cloneable. */
export interface PlanSource {
  module: string;
  exportName: string;
  args: unknown;
}

export async function loadPlan(source: PlanSource): Promise<RunPlan> {
  const mod = (await import(source.module)) as Record<string, unknown>;
  const factory = mod[source.exportName];
  if (typeof factory !== 'function') throw new Error(`plan source ${source.module}: no exported function ${source.exportName}`);
  return (await (factory as (a: unknown) => RunPlan | Promise<RunPlan>)(source.args)) as RunPlan;
}

/** Whether this module runs as TypeScript (tsx, vitest) rather than from the compiled dist/. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_ENTRY = new URL(FROM_SOURCE ? './worker-entry.mjs' : './worker-main.js', import.meta.url);

/**
 * Simulated steps each thread must get for a worker to pay. Measured on the default suite (2 cores): a
 * compiled worker costs ~1 s of CPU besides its cells (loading the plan's modules and the tokenizer
 * tables, rebuilding the plan, copying its runs back), and a step costs ~80 µs on average (policy,
 * workload generation and records), so 25k steps is ~2 s of work per thread. The default suite
 * (~220k expected steps) gets two threads on a free 2-core machine.
 */
export const STEPS_PER_WORKER = 25_000;
/** Assumed length of a session whose scenario does not say (RunScenario.expectedSteps). */
const FALLBACK_STEPS = 300;

/**
 * Cores not already busy: the available parallelism less the cores other processes kept busy since this
 * process started (cpu-busy.ts), or, when it has run too briefly to tell, less the one-minute load
 * average (0 where the OS has none, as on Windows). On a shared machine whose cores are taken, workers
 * only add their start-up and copying to the same CPU. Only the speed depends on it: output is identical
 * for any worker count.
 */
export function freeCores(busy: number | undefined = busyElsewhere()): number {
  const n = availableParallelism();
  return Math.max(1, Math.min(n, n - Math.round(busy ?? loadavg()[0] ?? 0)));
}

/**
 * The default thread count (this thread included): as many as the free cores and the work support — at
 * most one per free core and per cell, and only as many as get STEPS_PER_WORKER steps each; one
 * (in-process) when the work is small, when the machine's cores are busy (a worker would only add its
 * start-up to the same CPU, so the run is never slower than one thread), or when running from source,
 * where every worker would recompile the TypeScript.
 */
export function defaultWorkers(cells: readonly Cell[], cores = freeCores(), fromSource = FROM_SOURCE): number {
  if (fromSource) return 1;
  const steps = cells.reduce((s, c) => s + (c.scenario.expectedSteps ?? FALLBACK_STEPS), 0);
  return Math.max(1, Math.min(cores, cells.length, Math.floor(steps / STEPS_PER_WORKER)));
}

/** A fingerprint of the cell order, so a worker can check it rebuilt the same plan as its parent. */
export function cellsSignature(cells: readonly Cell[]): string {
  const h = createHash('sha256');
  for (const c of cells) h.update(`${c.scenario.name}\u0000${c.scenario.hash}\u0000${c.seed}\u0000${c.policy.label}\n`);
  return h.digest('hex').slice(0, 16);
}

export interface CellRunOptions {
  /** 1 runs in this thread */
  workers: number;
  checked?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** run every cell on an isolated worker (policy modules; see isolation.ts) */
  isolate?: IsolationLimits;
  /**
   * a report follows: compute what it needs of each run on the thread that ran it (the report names its
   * digester, report/run-digest.ts), so that work runs in parallel instead of after the run
   */
  digest?: RunDigester;
}

/**
 * Contiguous runs of indices sharing a (scenario, seed) — one workload each — split into chunks small
 * enough that every worker gets some.
 */
export function cellTasks(cells: readonly Cell[], indices: readonly number[], workers: number): number[][] {
  const chunk = Math.max(1, Math.ceil(indices.length / (workers * 2)));
  const tasks: number[][] = [];
  let cur: number[] = [];
  let key = '';
  for (const i of indices) {
    const c = cells[i]!;
    const k = `${c.scenario.name}\u0000${c.seed}`;
    if (cur.length && (k !== key || cur.length >= chunk)) {
      tasks.push(cur);
      cur = [];
    }
    cur.push(i);
    key = k;
  }
  if (cur.length) tasks.push(cur);
  return tasks;
}

/** Runs `indices` (cells of `plan`, which `source` rebuilds) and returns their runs in `indices` order. */
export async function runPlanCells(source: PlanSource, plan: RunPlan, indices: readonly number[], opts: CellRunOptions): Promise<SessionRun[]> {
  const cells = planCells(plan);
  for (const i of indices) if (!cells[i]) throw new Error(`cell ${i} is outside the plan (${cells.length} cells)`);
  if (opts.isolate) {
    const iso = opts.isolate;
    return runByModule(cells, indices, opts, {
      plain: (group, sub) => runPlanCells(source, plan, group, sub),
      isolated: (group, sub) => runPool(source, cells, group.map((i) => [i]), Math.max(1, Math.min(opts.workers, group.length)), false, { ...sub, isolate: iso }),
    });
  }
  const tasks = opts.workers > 1 ? largestFirst(cells, cellTasks(cells, indices, opts.workers)) : [[...indices]];
  const threads = Math.min(opts.workers, tasks.length);
  if (threads <= 1) {
    const results = new Map<number, SessionRun>();
    let done = 0;
    await runHere(cells, [...tasks], results, opts, () => opts.onProgress?.(++done, indices.length), () => false);
    return indices.map((i) => results.get(i)!);
  }
  // this thread is one of the `threads`: it takes tasks from the same queue as the workers it starts
  const byCell = await runPool(source, cells, tasks, threads - 1, true, opts);
  return indices.map((i) => byCell.get(i)!);
}

/** Expected steps of a task, to start the longest tasks first (the pool then ends with short ones). */
function taskSteps(cells: readonly Cell[], task: readonly number[]): number {
  return task.reduce((s, i) => s + (cells[i]!.scenario.expectedSteps ?? FALLBACK_STEPS), 0);
}

/** `tasks` longest first (stable), so no thread is left with one long task at the end. */
export function largestFirst(cells: readonly Cell[], tasks: number[][]): number[][] {
  return tasks.map((t, k) => ({ t, k, n: taskSteps(cells, t) })).sort((a, b) => b.n - a.n || a.k - b.k).map((x) => x.t);
}

/**
 * Runs tasks from `queue` in this thread, one cell at a time and yielding between cells, so a signal
 * (Ctrl-C) is handled within one session and, in a pool, the workers' messages are taken promptly.
 */
async function runHere(
  cells: readonly Cell[], queue: number[][], results: Map<number, SessionRun>, opts: CellRunOptions,
  tick: () => void, stopped: () => boolean,
): Promise<void> {
  const cache: WorkloadCache = { key: '' };
  const digester = opts.digest ? await loadDigester(opts.digest) : undefined;
  for (let task = queue.shift(); task; task = queue.shift()) {
    for (const i of task) {
      const run = runCells([cells[i]!], createTokenCounter, { checked: opts.checked, cache })[0]!;
      // computed here too, while the workers run, so the pool balances this work as well
      if (digester) digester.keep(run, digester.digest(run));
      results.set(i, run);
      tick();
      await new Promise<void>((r) => setImmediate(r));
      if (stopped()) return;
    }
  }
}

/** Runs `tasks` on `n` workers, and in this thread too when `here` (sharing the queue). */
async function runPool(source: PlanSource, cells: readonly Cell[], tasks: number[][], n: number, here: boolean, opts: CellRunOptions): Promise<Map<number, SessionRun>> {
  const digester: LoadedDigester | undefined = opts.digest && !opts.isolate ? await loadDigester(opts.digest) : undefined;
  const total = tasks.reduce((s, t) => s + t.length, 0);
  const results = new Map<number, SessionRun>();
  const queue = [...tasks];
  const live = new Set<Worker>();
  const iso = opts.isolate;
  const init: WorkerInit = { source, signature: cellsSignature(cells), checked: opts.checked ?? false, isolate: !!iso, digest: (!iso && opts.digest) || null };
  let done = 0;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (e: Error): void => {
      if (failed) return;
      failed = true;
      for (const w of live) void w.terminate();
      reject(e);
    };
    let hereBusy = here;
    const maybeFinish = (): void => {
      if (!failed && !hereBusy && queue.length === 0 && live.size === 0) resolve(results);
    };
    const start = (): void => {
      // an isolated worker runs a module's code: its console goes to stderr, never into --json stdout
      const w = iso ? isolatedWorker(WORKER_ENTRY, init, iso) : new Worker(WORKER_ENTRY, { workerData: init });
      live.add(w);
      // tasks sent and not yet done, in order; a worker that is not isolated gets its next task before it
      // finishes the current one, so it never waits for this thread (busy with its own cells) to answer
      const inflight: number[][] = [];
      const depth = iso ? 1 : 2;
      let timer: NodeJS.Timeout | undefined;
      let dead = false;
      const retire = (): void => {
        dead = true;
        clearTimeout(timer);
        live.delete(w);
      };
      // isolation: the worker's current cells become failure rows with the cause; a new worker carries on
      const die = (cause: string): void => {
        if (dead || failed) return;
        retire();
        void w.terminate();
        for (const c of inflight.flat()) {
          if (results.has(c)) continue;
          results.set(c, failureRun(cells[c]!, cause));
          opts.onProgress?.(++done, total);
        }
        inflight.length = 0;
        if (queue.length) start();
        else maybeFinish();
      };
      const arm = (loading = false): void => {
        if (!iso) return;
        clearTimeout(timer);
        const what = loading ? 'policy module took longer than' : 'policy hook ran longer than';
        timer = setTimeout(() => die(`${what} ${iso.hookBudgetMs / 1000} s (the per-call time budget); its worker was stopped`), iso.hookBudgetMs);
      };
      const feed = (): void => {
        while (inflight.length < depth && queue.length) {
          const task = queue.shift()!;
          inflight.push(task);
          // the budget runs from each hook call's heartbeat, not from here: booting a worker is not the policy's time
          w.postMessage(task);
        }
        if (inflight.length) return;
        retire();
        void w.terminate().then(maybeFinish);
      };
      w.on('message', (m: FromWorker) => {
        // an isolated worker runs a module's code, which can post anything on the same port
        if (!wellFormed(m, inflight[0])) {
          if (iso) die(`policy sent the harness a message it did not expect (${m === null ? 'null' : typeof m})`);
          else fail(new Error('worker sent a malformed message'));
        } else if (m.type === 'beat') arm(m.loading);
        else if (m.type === 'loaded') clearTimeout(timer);
        else if (m.type === 'tick') opts.onProgress?.(++done, total);
        else if (m.type === 'error') {
          if (iso && inflight.length && !m.init && !m.name) die(`policy crashed its worker: ${m.message.split('\n')[0]}`);
          else fail(toError(m));
        } else {
          m.task.forEach((cell, j) => {
            const run = m.runs[j]!;
            const packed = m.packed?.[j];
            if (packed) unpackSteps(run, packed);
            if (m.digests && digester) digester.keep(run, m.digests[j]);
            results.set(cell, run);
          });
          inflight.shift();
          clearTimeout(timer);
          feed();
        }
      });
      w.on('error', (e) => (iso ? die(deathCause(e, undefined, iso)) : fail(e instanceof Error ? e : new Error(String(e)))));
      w.on('exit', (code) => {
        if (dead) return;
        if (iso) die(deathCause(undefined, code, iso));
        else fail(new Error(`worker exited with code ${code}`));
      });
      feed();
    };
    for (let k = 0; k < n; k++) start();
    if (here) {
      runHere(cells, queue, results, opts, () => opts.onProgress?.(++done, total), () => failed).then(
        () => {
          hereBusy = false;
          maybeFinish();
        },
        (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))),
      );
    }
  });
}
