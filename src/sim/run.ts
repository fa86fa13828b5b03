/**
 * Running a plan: every (scenario, seed) workload is generated once and replayed through every
 * policy (common random numbers), so policy differences are paired.
 */
import type { TokenCounter } from '../core/tokens.js';
import type { Workload } from '../workload/types.js';
import type { RecordedBill, SessionRun } from './records.js';
import { runSession } from './session.js';
import { makeSetup, profileFor, type ResolvedPolicy, type SessionSetup, type SimSettings } from './setup.js';
import { alwaysRefetched } from './reaction.js';
import { workloadBound, type NeedPricing } from '../optimum/index.js';

/** A scenario as the runner needs it: a name, simulation settings and a workload per seed. */
export interface RunScenario {
  name: string;
  /** content hash of the scenario definition, for the manifest */
  hash: string;
  settings: SimSettings;
  /** this scenario's seeds; the plan's seeds when absent */
  seeds?: readonly number[];
  /** typical session length in steps, to size the default worker pool (sim/parallel.ts) */
  expectedSteps?: number;
  /** sessions are cut to their first maxSteps steps (`--max-steps`): it changes every record, so the manifest shows it and merge checks it */
  maxSteps?: number;
  makeWorkload(seed: number, tokens: TokenCounter): Workload;
  /** a replayed recorded trace: what its provider billed (null: it recorded no usage) */
  recorded?: RecordedBill | null;
}

export interface RunPlan {
  scenarios: readonly RunScenario[];
  policies: readonly ResolvedPolicy[];
  seeds: readonly number[];
  checked?: boolean;
  /** compute the offline optimum of each workload (`optimumCost` in the records) @default true */
  optimum?: boolean;
}

export interface Cell {
  scenario: RunScenario;
  seed: number;
  policy: ResolvedPolicy;
}

/** Cells in canonical order: scenario, then seed, then policy. Sharding slices this order. */
export function planCells(plan: RunPlan): Cell[] {
  const cells: Cell[] = [];
  for (const scenario of plan.scenarios) {
    for (const seed of scenario.seeds ?? plan.seeds) for (const policy of plan.policies) cells.push({ scenario, seed, policy });
  }
  return cells;
}

export interface ProgressFn {
  (done: number, total: number, cell: Cell): void;
}

/** The workload of the last (scenario, seed) run, and its bound, kept across runCells calls that share it. */
export interface WorkloadCache {
  key: string;
  w?: Workload;
  bound?: number | null;
  /** the token counter of the current workload, when runCells makes one per workload */
  tokens?: TokenCounter;
}

export interface RunCellsOptions {
  checked?: boolean;
  /** compute each workload's offline optimum @default true */
  optimum?: boolean;
  onProgress?: ProgressFn;
  cache?: WorkloadCache;
}

/**
 * Runs `cells` in order. `counter` is one token counter for every cell, or a factory of counters:
 * then each workload gets a fresh one, so the memo of texts counted (every message of the workload and
 * every text the policies wrote) is dropped with the workload instead of growing over the whole run —
 * a default suite's run otherwise kept hundreds of MB of strings alive, which the garbage collector
 * re-marked again and again. Counts are pure functions of the text, so this changes no output.
 */
export function runCells(cells: readonly Cell[], counter: TokenCounter | (() => TokenCounter), opts: RunCellsOptions = {}): SessionRun[] {
  // Cells come ordered by (scenario, seed), so only the current workload (and its bound) needs keeping.
  const cache = opts.cache ?? { key: '' };
  let wkey = cache.key;
  let w: Workload | undefined = cache.w;
  let bound: number | null | undefined = cache.bound;
  let tokens: TokenCounter = typeof counter === 'function' ? (cache.tokens ??= counter()) : counter;
  const out: SessionRun[] = [];
  cells.forEach((cell, i) => {
    const k = `${cell.scenario.name}\u0000${cell.seed}`;
    const fresh = !w || k !== wkey;
    if (fresh) {
      if (typeof counter === 'function') tokens = cache.tokens = counter();
      w = cell.scenario.makeWorkload(cell.seed, tokens);
      wkey = k;
      cache.key = k;
      cache.w = w;
    }
    const setup = makeSetup({
      scenario: cell.scenario.name, seed: cell.seed, workload: w!, policy: cell.policy,
      settings: cell.scenario.settings, tokens, checked: opts.checked,
    });
    if (fresh) {
      bound = opts.optimum === false ? undefined : boundOf(setup, cell.scenario.settings);
      cache.bound = bound;
    }
    const run = runSession(setup);
    if (bound !== undefined) run.optimumCost = bound;
    if (cell.scenario.settings.reaction) {
      const { reaction: _closed, ...openSettings } = cell.scenario.settings;
      addOpenLoop(run, makeSetup({
        scenario: cell.scenario.name, seed: cell.seed, workload: w!, policy: cell.policy, settings: openSettings, tokens, checked: opts.checked,
      }));
    }
    out.push(run);
    opts.onProgress?.(i + 1, cells.length, cell);
  });
  return out;
}

/**
 * A closed-loop session also reports its open-loop cost and steps (the same cell with no reaction), so
 * reports show a band — what the policy costs if the agent never re-reads, and if it does — not a point.
 */
function addOpenLoop(run: SessionRun, openSetup: SessionSetup): void {
  const o = runSession(openSetup);
  const cost = o.steps.reduce<number | null>((sum, st) => (sum === null || st.costTotal === null ? null : sum + st.costTotal), 0);
  run.telemetry = { ...run.telemetry, 'reaction.openLoopSteps': o.steps.length, ...(cost !== null ? { 'reaction.openLoopCost': cost } : {}) };
}

/** What the bound charges for forgetting in a session: its needs in the closed loop, nothing in the open loop. */
export function boundNeeds(w: Workload, settings: SimSettings, scenario: string, seed: number): NeedPricing | undefined {
  if (!settings.reaction || !w.needs?.length) return undefined;
  return { needs: w.needs, alwaysRefetched: alwaysRefetched(settings.reaction, `${scenario}:${seed}`) };
}

/**
 * The workload's offline optimum in dollars; null when unpriced or too long to solve. In the closed loop
 * forgetting has a price (the re-fetches the loop would make), so the bound charges it too; in the open
 * loop it is free, and so it is in the bound.
 */
function boundOf(setup: SessionSetup, settings: SimSettings): number | null {
  const needs = boundNeeds(setup.workload, settings, setup.key.scenario, setup.key.seed);
  const b = workloadBound({
    workload: setup.workload, tokens: setup.tokens, profileOf: (m) => setup.mainProfile(m) ?? profileFor(m, settings.ttl),
    auxProfile: setup.auxProfile, breakpoints: settings.breakpoints, ...(needs ? { needs } : {}),
  });
  return b.status === 'ok' ? b.cost : null;
}
