/**
 * Running a plan's cells on worker threads. Functions (workload generators, policy factories) cannot
 * cross a thread boundary, so a worker rebuilds the plan itself from a serializable PlanSource — a
 * module URL, the name of an exported factory and its arguments — and runs the cells it is sent.
 * Results are placed by cell index, never by completion order, so a parallel run is byte-identical
 * to an in-process one (every session is deterministic given its cell).
 *
 * Workers start from `worker-entry.mjs`, which registers tsx before importing this TypeScript module:
 * the CLI runs TypeScript through tsx, and a worker does not inherit a loader registered at runtime.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { createTokenCounter } from '../core/tokens.js';
import type { SessionRun } from './records.js';
import { planCells, runCells, type Cell, type RunPlan, type WorkloadCache } from './run.js';

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

/** min(cores, cells), at least 1. */
export function defaultWorkers(cells: number): number {
  return Math.max(1, Math.min(availableParallelism(), cells));
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
    // one cell at a time, yielding between cells, so a signal (Ctrl-C) is handled within one session
    const tokens = createTokenCounter();
    const cache: WorkloadCache = { key: '' };
    const out: SessionRun[] = [];
    for (const [k, i] of indices.entries()) {
      out.push(...runCells([cells[i]!], tokens, { checked: opts.checked, cache }));
      opts.onProgress?.(k + 1, indices.length);
      await new Promise<void>((r) => setImmediate(r));
    }
    return out;
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
  | { type: 'error'; message: string; name?: string };

/** Errors about the input (not the tool) keep their name and message across the thread boundary. */
const INPUT_ERRORS = new Set(['InputError', 'ScenarioError', 'ImportError', 'TraceError', 'ParamError', 'DocumentError', 'PolicyLoadError']);
function fromWorker(e: unknown): FromWorker {
  const err = e instanceof Error ? e : new Error(String(e));
  return INPUT_ERRORS.has(err.name) ? { type: 'error', message: err.message, name: err.name } : { type: 'error', message: err.stack ?? err.message };
}
function toError(m: { message: string; name?: string }): Error {
  if (!m.name) return new Error(`worker: ${m.message}`);
  const e = new Error(m.message);
  e.name = m.name;
  return e;
}

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
      const w = new Worker(new URL('./worker-entry.mjs', import.meta.url), { workerData: init });
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        if (m.type === 'tick') opts.onProgress?.(++done, total);
        else if (m.type === 'error') fail(toError(m));
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

/** The worker side (called by worker-entry.mjs): rebuild the plan, then run each task it is sent. */
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
    port.postMessage(fromWorker(e));
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
      port.postMessage(fromWorker(e));
    }
  });
}
