/**
 * The messages between parallel.ts and its worker threads: what a worker is started with, what it
 * sends back, and errors across the thread boundary (input errors keep their name, so the CLI still
 * reports them as the user's mistake; any other error keeps its stack).
 */
import { describeThrown } from '../testing/module-import.js';
import type { SessionRun } from './records.js';
import type { RunDigester } from './run-digester.js';
import type { PackedSteps } from './packed-steps.js';
import type { PlanSource } from './parallel.js';

export interface WorkerInit {
  source: PlanSource;
  signature: string;
  checked: boolean;
  /** isolated workers run one policy module's cells and load it first (module-policies.ts) */
  isolate: boolean;
  digest: RunDigester | null;
}

export type FromWorker =
  | { type: 'tick' }
  /** before each hook call of an isolated worker, and before it loads a module (`loading`) */
  | { type: 'beat'; loading?: boolean }
  /** an isolated worker finished loading its module: the budget waits for the next hook call */
  | { type: 'loaded' }
  | { type: 'done'; task: number[]; runs: SessionRun[]; packed?: (PackedSteps | null)[]; digests?: unknown[] }
  | { type: 'error'; message: string; name?: string; init?: boolean };

/** Errors about the input (not the tool) keep their name and message across the thread boundary. */
const INPUT_ERRORS = new Set(['InputError', 'ScenarioError', 'ImportError', 'TraceError', 'ParamError', 'DocumentError', 'PolicyLoadError']);
export function fromWorker(e: unknown, init = false): FromWorker {
  const err = e instanceof Error ? e : new Error(describeThrown(e));
  const base = INPUT_ERRORS.has(err.name) ? { message: err.message, name: err.name } : { message: err.stack ?? err.message };
  return { type: 'error', ...base, ...(init ? { init } : {}) };
}
export function toError(m: { message: string; name?: string }): Error {
  if (!m.name) return new Error(`worker: ${m.message}`);
  const e = new Error(m.message);
  e.name = m.name;
  return e;
}

/** A message of the protocol (an isolated worker runs module code, which can post anything); a `done` must answer the task in flight. */
export function wellFormed(m: unknown, inflight: readonly number[] | undefined): m is FromWorker {
  const x = m as FromWorker;
  if (!x || typeof x !== 'object') return false;
  if (x.type === 'beat' || x.type === 'tick' || x.type === 'loaded') return true;
  if (x.type === 'error') return typeof x.message === 'string';
  return x.type === 'done' && Array.isArray(x.task) && Array.isArray(x.runs) && x.runs.length === x.task.length && !!inflight && x.task.length === inflight.length && x.task.every((c, k) => c === inflight[k]);
}
