/**
 * The worker side of parallel.ts, run by worker-main: rebuild the plan from its source, check it is the
 * parent's, then run each task it is sent and send back the runs (step records packed into columns).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createTokenCounter } from '../core/tokens.js';
import { installWorkerGuards } from './isolation.js';
import { runIsolatedTask } from './worker-isolated.js';
import { packSteps, transferList } from './packed-steps.js';
import { cellsSignature, loadPlan } from './parallel.js';
import type { SessionRun } from './records.js';
import { loadDigester, type LoadedDigester } from './run-digester.js';
import { planCells, runCells, type Cell, type WorkloadCache } from './run.js';
import { fromWorker, type FromWorker, type WorkerInit } from './worker-protocol.js';

/** Runs in a worker thread: rebuild the plan, then run each task it is sent. */
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
    port.postMessage(fromWorker(e, true));
    return;
  }
  const cache: WorkloadCache = { key: '' };
  let digester: LoadedDigester | null = null;
  try {
    if (init.digest) digester = await loadDigester(init.digest);
  } catch (e) {
    port.postMessage(fromWorker(e, true));
    return;
  }
  if (init.isolate) {
    const takeRejections = installWorkerGuards(() => port.postMessage({ type: 'beat' } satisfies FromWorker));
    port.on('message', (task: number[]) => void runIsolatedTask(port, cells, task, init.checked, cache, takeRejections));
    return;
  }
  port.on('message', (task: number[]) => {
    let runs: SessionRun[];
    try {
      runs = runCells(task.map((i) => cells[i]!), createTokenCounter, { checked: init.checked, cache, onProgress: () => port.postMessage({ type: 'tick' } satisfies FromWorker) });
    } catch (e) {
      port.postMessage(fromWorker(e));
      return;
    }
    port.postMessage(...doneMessage(task, runs, digester));
  });
}

/**
 * A finished task's message: the runs with their step records packed into columns (sim/packed-steps.ts),
 * whose buffers are moved, not copied, and the digests a report needs.
 */
function doneMessage(task: number[], runs: SessionRun[], digester: LoadedDigester | null): [FromWorker, ArrayBuffer[]] {
  const digests = digester ? runs.map((r) => digester.digest(r)) : undefined;
  const packed = runs.map((r) => packSteps(r.steps));
  const sent = runs.map((r, j) => (packed[j] ? { ...r, steps: [] } : r));
  return [{ type: 'done', task, runs: sent, packed, ...(digests ? { digests } : {}) }, packed.flatMap((p) => (p ? transferList(p) : []))];
}
