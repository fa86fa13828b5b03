/**
 * Every registered policy, on every shipped scenario (one seed, checked runs): no policy failure and
 * no invariant violation. Policies added to the registry are covered automatically.
 */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { REGISTRY, resolvePolicy } from '../../src/policies/registry.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { toRunScenario } from '../../src/cli/run-plan.js';
import { listScenarios, loadScenario } from '../../src/workload/scenario.js';
import type { Workload } from '../../src/workload/types.js';

const tokens = createTokenCounter();
const scenarios = listScenarios().map((n) => toRunScenario(loadScenario(n)));
const workloads = new Map<string, Workload>(scenarios.map((s) => [s.name, s.makeWorkload(1, tokens)]));

describe.each([...REGISTRY.keys()])('policy %s on generated sessions', (id) => {
  it.each(scenarios.map((s) => s.name))('%s: no failure, no invariant violation', (name) => {
    const sc = scenarios.find((s) => s.name === name)!;
    const run = runSession(makeSetup({
      scenario: name, seed: 1, workload: workloads.get(name)!, policy: resolvePolicy(REGISTRY.get(id)!),
      settings: sc.settings, tokens, checked: true,
    }));
    expect(run.failure).toBeNull();
    expect(run.violations).toEqual([]);
    expect(run.steps).toHaveLength(workloads.get(name)!.steps.length);
  });
});
