/**
 * A small RunPlan built from the simulator's hand-made fixture workload, for report tests until (and
 * independently of) the scenario generator. Exported as a plan factory so worker threads can rebuild
 * it (see src/sim/parallel.ts PlanSource).
 */
import { createHash } from 'node:crypto';
import { resolvePolicySpec } from '../../src/policies/registry.js';
import type { PlanSource } from '../../src/sim/parallel.js';
import type { RunPlan, RunScenario } from '../../src/sim/run.js';
import { fixtureWorkload, SETTINGS } from '../sim/fixtures.js';

export interface FixtureScenario {
  name: string;
  model?: string;
  contextWindow?: number;
}

export interface FixturePlanArgs {
  scenarios?: FixtureScenario[];
  policies?: string[];
  seeds?: number;
}

/** Sessions vary with the seed (turn count and tool-output sizes), so paired deltas have spread. */
function scenario(s: FixtureScenario): RunScenario {
  return {
    name: s.name,
    hash: createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 12),
    settings: SETTINGS,
    makeWorkload: (seed, tokens) =>
      fixtureWorkload(tokens, {
        turns: 6 + (seed % 3),
        stepsPerTurn: 4 + (seed % 2),
        resultChars: 900 + ((seed * 373) % 700),
        contextWindow: s.contextWindow ?? 9_000,
        ...(s.model ? { model: s.model } : {}),
      }),
  };
}

export const DEFAULT_FIXTURE_POLICIES = ['none', 'threshold-summary', 'threshold-summary:triggerFraction=0.6'];

export function fixturePlan(args: FixturePlanArgs = {}): RunPlan {
  const scenarios = (args.scenarios ?? [{ name: 'fixture-a' }, { name: 'fixture-b', contextWindow: 12_000 }]).map(scenario);
  return {
    scenarios,
    policies: (args.policies ?? DEFAULT_FIXTURE_POLICIES).map(resolvePolicySpec),
    seeds: Array.from({ length: args.seeds ?? 3 }, (_, i) => i + 1),
  };
}

export function fixtureSource(args: FixturePlanArgs = {}): PlanSource {
  return { module: import.meta.url, exportName: 'fixturePlan', args };
}
