/**
 * `npm run bench:async`: what the asynchronous path costs per step.
 *
 * Two policies with one decision function (test/frameworks/fixtures: a summarizing policy written
 * synchronously, and asynchronously with every hook awaiting a macrotask) on the same workloads: the
 * difference is the bridge's own cost (a round trip per hook, the appended messages mirrored, results as
 * runs), since both make the same decisions and the same summary calls. Then each framework adapter
 * given on the command line (`-- --policy ai-sdk-prune:packageDir=oracles/frameworks`), whose
 * framework code is O(history) per step by its API (it takes and returns whole message lists).
 * CPU time of the whole process (the host thread included), one run per length; figures are printed,
 * never asserted. BENCH_SCENARIO as for `npm run bench` (default claude-code-200k).
 */
import { parseArgs } from 'node:util';
import { createTokenCounter } from '../dist/core/tokens.js';
import { bridgedPolicy } from '../dist/frameworks/bridge/client.js';
import { resolvePolicy, resolvePolicySpec } from '../dist/policies/registry.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { generateWorkload } from '../dist/workload/generator.js';
import { loadScenario } from '../dist/workload/scenario.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
import { syncSummary } from '../test/frameworks/fixtures/sync-summary.js';

const SCENARIO = process.env.BENCH_SCENARIO ?? 'claude-code-200k';
const { values: args } = parseArgs({ options: { policy: { type: 'string', multiple: true }, lengths: { type: 'string' } } });
const lengths = (args.lengths ?? '1000,10000').split(',').map(Number);

const twin = new URL('../test/frameworks/fixtures/async-summary.ts', import.meta.url).href;
// the twins summarize at 60% of the scenario's window, so both make the same summary calls
type ResolvedPolicy = ReturnType<typeof resolvePolicy>;
const specs: { name: string; policy: () => ResolvedPolicy }[] = [
  { name: 'summary twin, synchronous', policy: () => resolvePolicy(syncSummary, {}) },
  { name: 'summary twin, bridged', policy: () => resolvePolicy({ ...syncSummary, create: (p) => bridgedPolicy(twin, 'async-summary', p) }, {}) },
  ...(args.policy ?? []).map((spec) => ({ name: spec, policy: () => resolvePolicySpec(spec) })),
];

for (const steps of lengths) {
  const base = loadScenario(SCENARIO);
  const scenario = { ...base, generator: { ...base.generator, sessionSteps: { kind: 'constant' as const, value: steps } } };
  const tokens = createTokenCounter();
  const workload = generateWorkload(scenario, 1, tokens);
  for (const s of specs) {
    const policy = s.policy();
    const params = s.name.startsWith('summary twin') ? { limit: Math.floor(workload.contextWindow * 0.6) } : policy.params;
    const resolved = { ...policy, params };
    runSession(makeSetup({ scenario: scenario.name, seed: 1, workload, policy: resolved, settings: scenarioSettings(scenario), tokens })); // warm-up
    const c0 = process.cpuUsage();
    const run = runSession(makeSetup({ scenario: scenario.name, seed: 1, workload, policy: resolved, settings: scenarioSettings(scenario), tokens }));
    const c = process.cpuUsage(c0);
    const ms = (c.user + c.system) / 1000;
    const fail = run.failure ? ` (failed: ${run.failure.error})` : '';
    process.stdout.write(`${steps} steps, ${s.name}: ${Math.round(run.steps.length / (ms / 1000))} steps/s, ${((ms * 1000) / run.steps.length).toFixed(1)} µs/step, ${run.events.length} events${fail}\n`);
  }
}
