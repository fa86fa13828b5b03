/**
 * Isolating policy modules (user code, trusted but fallible): a module's failure must end as a failure
 * row with its cause, never a dead or hung run. Sessions with a module policy run on worker threads, one
 * cell per task, where
 * - `process.exit()` in a hook throws instead (the hook fails like any throwing hook);
 * - a rejected promise a hook leaves behind, or a throw from its timers or microtasks, fails the session
 *   it happened in (or, when it comes later than one timer turn, the next session on that worker);
 * - each hook call sends a heartbeat, and the parent ends a worker whose hook runs past the per-call
 *   time budget (an infinite loop), recording the cause;
 * - the worker's heap is capped (`resourceLimits`), so unbounded allocation ends that worker only.
 * A replacement worker then carries on with the remaining cells.
 */
import type { ResourceLimits } from 'node:worker_threads';
import { describeThrown } from '../testing/module-import.js';
import { setHookObserver } from './policy-call.js';
import type { SessionRun } from './records.js';
import type { Cell } from './run.js';

export interface IsolationLimits {
  /** longest a single hook call may run before its worker is stopped, in ms */
  hookBudgetMs: number;
  /** heap cap of an isolated worker, in MB */
  heapMb: number;
}

/** Defaults: generous enough for any real policy (the slowest shipped hook takes well under a second). */
export const DEFAULT_ISOLATION: IsolationLimits = { hookBudgetMs: 60_000, heapMb: 2048 };

export const workerLimits = (l: IsolationLimits): ResourceLimits => ({ maxOldGenerationSizeMb: l.heapMb, maxYoungGenerationSizeMb: 64 });

/** The session record of a cell whose policy brought its worker down, or whose module failed to load on it. */
export function failureRun(cell: Cell, error: string, phase: 'isolation' | 'load' = 'isolation'): SessionRun {
  const key = { scenario: cell.scenario.name, seed: cell.seed, policy: cell.policy.def.id, policyLabel: cell.policy.label, paramsHash: cell.policy.paramsHash };
  return { key, steps: [], events: [], vetoes: [], violations: [], failure: { ...key, step: 0, phase, error }, userTurns: 0, contextWindow: 0, telemetry: {} };
}

/** Why a worker died, from its error or exit code. */
export function deathCause(e: Error | undefined, code: number | undefined, limits: IsolationLimits): string {
  const c = (e as NodeJS.ErrnoException | undefined)?.code;
  if (c === 'ERR_WORKER_OUT_OF_MEMORY') return `policy exceeded the worker memory limit (${limits.heapMb} MB)`;
  if (e) return `policy crashed its worker: ${e.message}`;
  return `policy ended its worker (exit code ${code})`;
}

/**
 * Worker side: turn process.exit into a throw, collect unhandled rejections and uncaught exceptions, and
 * send a heartbeat before every hook call. Returns a function that hands over (and clears) the causes
 * seen so far.
 */
export function installWorkerGuards(heartbeat: () => void): () => string[] {
  const rejections: string[] = [];
  process.exit = ((code?: number) => {
    throw new Error(`policy called process.exit(${code ?? ''})`);
  }) as typeof process.exit;
  process.on('unhandledRejection', (reason) => {
    rejections.push(`policy left a rejected promise: ${describeThrown(reason)}`);
  });
  // a timer or microtask of the policy throwing after its hook returned: handled here, not by Node's
  // default (which can abort the whole process while a worker is being stopped), and blamed on the cell
  process.on('uncaughtException', (e) => {
    rejections.push(`policy threw after its hook returned (from a timer or microtask): ${describeThrown(e)}`);
  });
  setHookObserver(heartbeat);
  return () => rejections.splice(0);
}
