/**
 * Every registered policy, on every shipped scenario (one seed, checked runs): no policy failure, no
 * invariant violation, and a cost no lower than the workload's offline optimum (the bound reports divide
 * by: in the closed loop, the one that charges what forgetting costs). Policies added to the registry are
 * covered automatically.
 */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { REGISTRY, resolvePolicy } from '../../src/policies/registry.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { toRunScenario } from '../../src/cli/run-plan.js';
import { listScenarios, loadScenario } from '../../src/workload/scenario.js';
import type { Workload } from '../../src/workload/types.js';
import { workloadBound } from '../../src/optimum/index.js';
import { profileFor } from '../../src/sim/setup.js';
import { boundNeeds } from '../../src/sim/run.js';

const tokens = createTokenCounter();
const scenarios = listScenarios().map((n) => toRunScenario(loadScenario(n)));
const workloads = new Map<string, Workload>(scenarios.map((s) => [s.name, s.makeWorkload(1, tokens)]));
/** each workload's offline optimum: no policy may cost less (src/optimum) */
const bounds = new Map<string, number>();
function boundOf(name: string): number {
  if (!bounds.has(name)) {
    const sc = scenarios.find((s) => s.name === name)!;
    const w = workloads.get(name)!;
    const needs = boundNeeds(w, sc.settings, name, 1);
    const b = workloadBound({
      workload: w, tokens, breakpoints: sc.settings.breakpoints, ...(needs ? { needs } : {}),
      profileOf: (m) => profileFor(m, sc.settings.ttl), auxProfile: profileFor(sc.settings.auxModel ?? w.model),
    });
    if (b.status !== 'ok') throw new Error(`no bound for ${name}: ${b.status}`);
    bounds.set(name, b.cost);
  }
  return bounds.get(name)!;
}

describe.each([...REGISTRY.keys()])('policy %s on generated sessions', (id) => {
  it.each(scenarios.map((s) => s.name))('%s: no failure, no invariant violation, no cheaper than the offline optimum', (name) => {
    const sc = scenarios.find((s) => s.name === name)!;
    const run = runSession(makeSetup({
      scenario: name, seed: 1, workload: workloads.get(name)!, policy: resolvePolicy(REGISTRY.get(id)!),
      settings: sc.settings, tokens, checked: true,
    }));
    expect(run.failure).toBeNull();
    expect(run.violations).toEqual([]);
    expect(run.steps).toHaveLength(workloads.get(name)!.steps.length);
    const cost = run.steps.reduce((sum, s) => sum + (s.costTotal ?? NaN), 0);
    expect(cost).toBeGreaterThanOrEqual(boundOf(name));
  });
});
