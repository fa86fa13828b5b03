/**
 * Turning CLI arguments into a RunPlan: scenarios (by name, file or suite) and traces become
 * RunScenarios, policy specs become resolved policies, and seeds are 1..N.
 */
import { createHash } from 'node:crypto';
import { resolvePolicySpec, policyIds, getPolicy, resolvePolicy } from '../policies/registry.js';
import type { ResolvedPolicy, SimSettings } from '../sim/setup.js';
import type { RunPlan, RunScenario } from '../sim/run.js';
import { generateWorkload } from '../workload/generator.js';
import { loadScenario, loadSuite, type Scenario } from '../workload/scenario.js';
import { UsageError } from './errors.js';

export function scenarioSettings(s: Scenario): SimSettings {
  return {
    breakpoints: s.model.breakpoints ?? 'auto',
    ...(s.model.ttl ? { ttl: s.model.ttl } : {}),
    ...(s.auxModel?.profile ? { auxModel: s.auxModel.profile } : {}),
    summarizer: {
      fidelity: s.summarizer?.fidelity ?? 1,
      failureRate: s.summarizer?.failureRate ?? 0,
      failAt: s.summarizer?.failAt ?? [],
    },
  };
}

export function toRunScenario(s: Scenario, maxSteps?: number): RunScenario {
  const hash = createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 12);
  return {
    name: s.name,
    hash,
    settings: scenarioSettings(s),
    makeWorkload: (seed, tokens) => {
      const w = generateWorkload(s, seed, tokens);
      return maxSteps && w.steps.length > maxSteps ? { ...w, steps: w.steps.slice(0, maxSteps) } : w;
    },
  };
}

export interface PlanArgs {
  scenario?: string[];
  suite?: string;
  policy?: string[];
  seeds?: number;
  maxSteps?: number;
}

/** The policies `run` uses when none is named: every registered policy at its defaults. */
export function defaultPolicies(): ResolvedPolicy[] {
  return policyIds().map((id) => resolvePolicy(getPolicy(id)));
}

export function buildPlan(args: PlanArgs, extraScenarios: RunScenario[] = []): RunPlan {
  const scenarios: Scenario[] = [];
  for (const s of args.scenario ?? []) scenarios.push(loadScenario(s));
  if (args.suite || (scenarios.length === 0 && extraScenarios.length === 0)) scenarios.push(...loadSuite(args.suite ?? 'default'));
  const runScenarios = [...scenarios.map((s) => toRunScenario(s, args.maxSteps)), ...extraScenarios];
  const names = new Set<string>();
  for (const s of runScenarios) {
    if (names.has(s.name)) throw new UsageError(`scenario ${JSON.stringify(s.name)} is named twice`);
    names.add(s.name);
  }
  const policies = args.policy?.length ? args.policy.map(resolvePolicySpec) : defaultPolicies();
  const labels = new Set<string>();
  for (const p of policies) {
    if (labels.has(p.label)) throw new UsageError(`policy ${JSON.stringify(p.label)} is named twice`);
    labels.add(p.label);
  }
  const seedCount = args.seeds ?? Math.max(1, ...scenarios.map((s) => s.seeds ?? 3));
  return { scenarios: runScenarios, policies, seeds: Array.from({ length: seedCount }, (_, i) => i + 1) };
}
