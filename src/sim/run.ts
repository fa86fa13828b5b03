/**
 * Running a plan: every (scenario, seed) workload is generated once and replayed through every
 * policy (common random numbers), so policy differences are paired.
 */
import type { TokenCounter } from '../core/tokens.js';
import type { Workload } from '../workload/types.js';
import type { SessionRun } from './records.js';
import { runSession } from './session.js';
import { makeSetup, type ResolvedPolicy, type SimSettings } from './setup.js';

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
  makeWorkload(seed: number, tokens: TokenCounter): Workload;
}

export interface RunPlan {
  scenarios: readonly RunScenario[];
  policies: readonly ResolvedPolicy[];
  seeds: readonly number[];
  checked?: boolean;
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

export function runCells(cells: readonly Cell[], tokens: TokenCounter, opts: { checked?: boolean; onProgress?: ProgressFn } = {}): SessionRun[] {
  // Cells come ordered by (scenario, seed), so only the current workload needs keeping.
  let wkey = '';
  let w: Workload | undefined;
  const out: SessionRun[] = [];
  cells.forEach((cell, i) => {
    const k = `${cell.scenario.name}\u0000${cell.seed}`;
    if (!w || k !== wkey) {
      w = cell.scenario.makeWorkload(cell.seed, tokens);
      wkey = k;
    }
    out.push(
      runSession(
        makeSetup({
          scenario: cell.scenario.name, seed: cell.seed, workload: w, policy: cell.policy,
          settings: cell.scenario.settings, tokens, checked: opts.checked,
        }),
      ),
    );
    opts.onProgress?.(i + 1, cells.length, cell);
  });
  return out;
}
