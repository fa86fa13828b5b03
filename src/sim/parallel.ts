/**
 * Running a plan's cells on worker threads. Functions (workload generators, policy factories) cannot
 * cross a thread boundary, so a worker rebuilds the plan itself from a serializable PlanSource — a
 * module URL, the name of an exported factory and its arguments — and runs the cells it is sent.
 * Results are placed by cell index, never by completion order, so a parallel run is byte-identical
 * to an in-process one (every session is deterministic given its cell).
 *
 * Workers of the compiled package start from `worker-main.js` and load compiled JavaScript only. From
 * source (tsx, vitest) they start from `worker-entry.mjs`, which registers tsx first (a worker does not
 * inherit a loader registered at runtime) and so recompiles every module: the default is then one
 * thread.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { createTokenCounter } from '../core/tokens.js';
import type { SessionRun } from './records.js';
import { planCells, runCells, type Cell, type RunPlan } from './run.js';

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
 * Simulated steps one worker must get for starting it to pay. Measured on the default suite (2 cores):
 * a compiled worker costs 1–3 s of CPU besides its cells (~1.3 s loading modules and the tokenizer,
 * rebuilding the plan, copying its runs back to the parent), and a cell's step costs ~250 µs on
 * average (policy, workload generation and records), so 25k steps is ~6 s of work per worker.
 */
export const STEPS_PER_WORKER = 25_000;
/** Assumed length of a session whose scenario does not say (RunScenario.expectedSteps). */
const FALLBACK_STEPS = 300;

/**
 * Cores not already busy: the available parallelism less the one-minute load average (0 where the OS
 * has none, as on Windows). On a shared machine whose cores are taken, workers only add their start-up
 * and copying to the same CPU. Only the speed depends on it: output is identical for any worker count.
 */
export function freeCores(): number {
  return Math.max(1, availableParallelism() - Math.round(loadavg()[0] ?? 0));
}

/**
 * The default worker count: as many threads as the free cores and the work support — at most one per
 * free core and per cell, and only as many as get STEPS_PER_WORKER steps each; one (in-process) when
 * the work is small or when running from source, where every worker would recompile the TypeScript.
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
  if (opts.workers <= 1 || indices.length <= 1) {
    return runCells(indices.map((i) => cells[i]!), createTokenCounter(), {
      checked: opts.checked,
      onProgress: (done) => opts.onProgress?.(done, indices.length),
    });
  }
  const tasks = cellTasks(cells, indices, opts.workers);
  const byCell = await runPool(source, cellsSignature(cells), tasks, Math.min(opts.workers, tasks.length), opts);
  return indices.map((i) => byCell.get(i)!);
}

interface WorkerInit {
  source: PlanSource;
  signature: string;
  checked: boolean;
}

type FromWorker =
  | { type: 'tick' }
  | { type: 'done'; task: number[]; runs: SessionRun[] }
  | { type: 'error'; message: string };

function runPool(source: PlanSource, signature: string, tasks: number[][], n: number, opts: CellRunOptions): Promise<Map<number, SessionRun>> {
  const total = tasks.reduce((s, t) => s + t.length, 0);
  const results = new Map<number, SessionRun>();
  const queue = [...tasks];
  const workers: Worker[] = [];
  const retired = new Set<Worker>();
  let done = 0;
  let finished = 0;
  return new Promise((resolve, reject) => {
    let failed = false;
    const fail = (e: Error): void => {
      if (failed) return;
      failed = true;
      for (const w of workers) void w.terminate();
      reject(e);
    };
    const feed = (w: Worker): void => {
      const next = queue.shift();
      if (next) {
        w.postMessage(next);
        return;
      }
      retired.add(w);
      void w.terminate().then(() => {
        if (++finished === workers.length && !failed) resolve(results);
      });
    };
    for (let k = 0; k < n; k++) {
      const init: WorkerInit = { source, signature, checked: opts.checked ?? false };
      const w = new Worker(WORKER_ENTRY, { workerData: init });
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        if (m.type === 'tick') opts.onProgress?.(++done, total);
        else if (m.type === 'error') fail(new Error(`worker: ${m.message}`));
        else {
          m.task.forEach((cell, j) => results.set(cell, m.runs[j]!));
          feed(w);
        }
      });
      w.on('error', (e) => fail(e instanceof Error ? e : new Error(String(e))));
      w.on('exit', (code) => {
        if (!retired.has(w)) fail(new Error(`worker exited with code ${code}`));
      });
      feed(w);
    }
  });
}

/** The worker side (called by worker-main): rebuild the plan, then run each task it is sent. */
export async function workerMain(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('workerMain must run in a worker thread');
  const init = workerData as WorkerInit;
  let cells: Cell[];
  try {
    cells = planCells(await loadPlan(init.source));
    const sig = cellsSignature(cells);
    if (sig !== init.signature) throw new Error(`rebuilt plan differs from the parent's (${sig} vs ${init.signature})`);
  } catch (e) {
    port.postMessage({ type: 'error', message: (e as Error).stack ?? String(e) } satisfies FromWorker);
    return;
  }
  const tokens = createTokenCounter();
  port.on('message', (task: number[]) => {
    try {
      const runs = runCells(task.map((i) => cells[i]!), tokens, {
        checked: init.checked,
        onProgress: () => port.postMessage({ type: 'tick' } satisfies FromWorker),
      });
      port.postMessage({ type: 'done', task, runs } satisfies FromWorker);
    } catch (e) {
      port.postMessage({ type: 'error', message: (e as Error).stack ?? String(e) } satisfies FromWorker);
    }
  });
}
