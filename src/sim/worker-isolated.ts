/**
 * A task on an isolated worker (isolation.ts): load the cell's policy module on this thread first (its
 * top level runs here, never in the main process), run the cell, blame it for any rejected promise the
 * module left behind, and send back only what can cross a thread — a run holding a Symbol or a function
 * (a veto reason, a telemetry value) becomes a failure row instead of a DataCloneError taking the worker,
 * or the process, down.
 */
import type { MessagePort } from 'node:worker_threads';
import { createTokenCounter } from '../core/tokens.js';
import { describeThrown } from '../testing/module-import.js';
import { failureRun } from './isolation.js';
import { loadModuleHere, moduleOf } from './module-policies.js';
import type { SessionRun } from './records.js';
import { runCells, type Cell, type WorkloadCache } from './run.js';
import { fromWorker, type FromWorker } from './worker-protocol.js';

export async function runIsolatedTask(
  port: MessagePort, cells: readonly Cell[], task: number[], checked: boolean, cache: WorkloadCache, takeRejections: () => string[],
): Promise<void> {
  const mine = task.map((i) => cells[i]!);
  let runs: SessionRun[];
  try {
    for (const c of mine) {
      const meta = moduleOf(c.policy.def);
      if (!meta) continue;
      // loading runs the module's top level: its time counts against the budget like a hook call's
      port.postMessage({ type: 'beat', loading: true } satisfies FromWorker);
      await loadModuleHere(meta);
      // building the workload is the harness's time, not the policy's
      port.postMessage({ type: 'loaded' } satisfies FromWorker);
    }
  } catch (e) {
    const why = describeThrown(e);
    send(port, task, mine.map((c) => failureRun(c, why.startsWith('policy module') ? why : `policy module failed to load: ${why}`, 'load')));
    return;
  }
  try {
    runs = runCells(mine, createTokenCounter, { checked, cache, onProgress: () => port.postMessage({ type: 'tick' } satisfies FromWorker) });
  } catch (e) {
    port.postMessage(fromWorker(e));
    return;
  }
  // unhandled rejections and throws from timers surface after the synchronous session: wait a timer
  // turn and an immediate, then blame this cell (isolation.ts)
  await new Promise<void>((r) => setTimeout(() => setImmediate(r), 0));
  const late = takeRejections();
  if (late.length) runs = runs.map((r) => (r.failure ? r : { ...r, failure: { ...r.key, step: r.steps.length, phase: 'isolation', error: late[0]! } }));
  send(port, task, runs, mine);
}

/** Posts the runs; a run that cannot be copied to the parent (a Symbol, a function in it) is replaced by a failure row. */
function send(port: MessagePort, task: number[], runs: SessionRun[], mine?: readonly Cell[]): void {
  try {
    port.postMessage({ type: 'done', task, runs } satisfies FromWorker);
    return;
  } catch {
    // find the runs that cannot cross, below
  }
  const safe = runs.map((r, k) => {
    try {
      structuredClone(r);
      return r;
    } catch (e) {
      const cell = mine?.[k];
      const why = `policy returned a value that cannot cross a thread (a Symbol, a function or another uncloneable value in a result, veto or telemetry): ${describeThrown(e)}`;
      return cell ? failureRun(cell, why) : { ...r, steps: [], events: [], vetoes: [], telemetry: {}, failure: { ...r.key, step: r.steps.length, phase: 'isolation', error: why } };
    }
  });
  port.postMessage({ type: 'done', task, runs: safe } satisfies FromWorker);
}
