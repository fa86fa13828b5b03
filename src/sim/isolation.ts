/**
 * Isolating policy modules (user code, trusted but fallible): a module's failure must end as a failure
 * row with its cause, never a dead or hung run. Sessions with a module policy run on worker threads, one
 * cell per task, where
 * - `process.exit()` in a hook throws instead (the hook fails like any throwing hook);
 * - a rejected promise a hook leaves behind fails the session it happened in;
 * - each hook call sends a heartbeat, and the parent ends a worker whose hook runs past the per-call
 *   time budget (an infinite loop), recording the cause;
 * - the worker's heap is capped (`resourceLimits`), so unbounded allocation ends that worker only.
 * A replacement worker then carries on with the remaining cells.
 */
import type { ResourceLimits } from 'node:worker_threads';
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

/** The session record of a cell whose policy brought its worker down. */
export function failureRun(cell: Cell, error: string): SessionRun {
  const key = { scenario: cell.scenario.name, seed: cell.seed, policy: cell.policy.def.id, policyLabel: cell.policy.label, paramsHash: cell.policy.paramsHash };
  return { key, steps: [], events: [], vetoes: [], violations: [], failure: { ...key, step: 0, phase: 'isolation', error }, userTurns: 0, contextWindow: 0, telemetry: {} };
}

/** Why a worker died, from its error or exit code. */
export function deathCause(e: Error | undefined, code: number | undefined, limits: IsolationLimits): string {
  const c = (e as NodeJS.ErrnoException | undefined)?.code;
  if (c === 'ERR_WORKER_OUT_OF_MEMORY') return `policy exceeded the worker memory limit (${limits.heapMb} MB)`;
  if (e) return `policy crashed its worker: ${e.message}`;
  return `policy ended its worker (exit code ${code})`;
}

/**
 * Worker side: turn process.exit into a throw, collect unhandled rejections, and send a heartbeat
 * before every hook call. Returns a function that hands over (and clears) the rejections seen so far.
 */
export function installWorkerGuards(heartbeat: () => void): () => string[] {
  const rejections: string[] = [];
  process.exit = ((code?: number) => {
    throw new Error(`policy called process.exit(${code ?? ''})`);
  }) as typeof process.exit;
  process.on('unhandledRejection', (reason) => {
    rejections.push(reason instanceof Error ? reason.message : String(reason));
  });
  setHookObserver(heartbeat);
  return () => rejections.splice(0);
}
