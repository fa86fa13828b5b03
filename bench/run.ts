/**
 * `npm run bench`: simulator throughput of every registered policy.
 *
 * For each policy in the registry (iterated, so new policies are benchmarked without listing them),
 * the steps per CPU second of one session at 1,000 and at 10,000 steps of the scenario BENCH_SCENARIO
 * (default claude-code-200k; its own model, window and cache settings, only the session length is
 * fixed), and the 10k/1k ratio: a per-step cost that grows with the history shows as a ratio below 1.
 * It runs the compiled package (dist/, built first by the npm script), as users do: run from source,
 * tsx's name-keeping helper alone was 6–19% of some sessions.
 * Each workload is generated once per length and replayed through every policy (generation is not
 * timed; a first `none` replay warms the memoized token counts, as for every policy after the first of
 * a cell). For each policy and length: a full collection (so no policy pays for another's garbage),
 * then one uncounted run (it warms the JIT and absorbs the collector's background work, which a forced
 * collection before every timed run charged to the next run: ~40% of `none`'s CPU at 1k), then timed
 * runs back to back, each paying for its own garbage (at least 3, until ~0.5 s of CPU at 1k and ~1.5 s
 * at 10k). Figures are printed, never asserted.
 *
 *   npm run bench                         a table
 *   npm run bench -- --json               {"scenario", "policies": [{id, stepsPerSecond1k, stepsPerSecond10k, ratio}], ...}
 *   npm run bench -- --policy hermes      only the named policies (repeatable)
 *   npm run bench -- --blocks             also µs/step per 1,000-step block of a 10k-step `none` session
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createTokenCounter, type TokenCounter } from '../dist/core/tokens.js';
import { policyIds, getPolicy, resolvePolicy } from '../dist/policies/registry.js';
import type { PolicyDefinition } from '../dist/policies/types.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { generateWorkload } from '../dist/workload/generator.js';
import { loadScenario, type Scenario } from '../dist/workload/scenario.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
import type { Workload } from '../dist/workload/types.js';

const SCENARIO = process.env.BENCH_SCENARIO ?? 'claude-code-200k';
const LENGTHS = [1_000, 10_000] as const;
const BUDGET_MS: Record<number, number> = { 1000: 500, 10000: 1_500 };

const { values: args } = parseArgs({ options: { json: { type: 'boolean' }, policy: { type: 'string', multiple: true }, blocks: { type: 'boolean' } } });

function scenarioWithSteps(steps: number, windowTokens?: number): Scenario {
  const s = loadScenario(SCENARIO);
  return {
    ...s,
    ...(windowTokens ? { model: { ...s.model, contextWindow: windowTokens } } : {}),
    generator: { ...s.generator, sessionSteps: { kind: 'constant', value: steps } },
  };
}

/**
 * One session: the CPU time it took in ms (user + system of this process: the machine may be shared,
 * and CPU time does not count the time other processes held the core) and the steps it simulated.
 */
function runOnce(s: Scenario, w: Workload, tokens: TokenCounter, def: PolicyDefinition): { ms: number; steps: number; failure?: string } {
  const c0 = process.cpuUsage();
  const run = runSession(makeSetup({ scenario: s.name, seed: 1, workload: w, policy: resolvePolicy(def), settings: scenarioSettings(s), tokens }));
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, steps: run.steps.length, ...(run.failure ? { failure: run.failure.error } : {}) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/**
 * Steps per CPU second of `def` on `w`: all steps over all CPU time of repeated runs (at least 3, until
 * the length's budget is spent); a total rather than a median, because CPU time is counted in ticks.
 */
function stepsPerSecond(s: Scenario, w: Workload, tokens: TokenCounter, def: PolicyDefinition, budgetMs: number): { sps: number; failure?: string } {
  let steps = 0;
  let spent = 0;
  let runs = 0;
  let failure: string | undefined;
  (globalThis as { gc?: () => void }).gc?.();
  runOnce(s, w, tokens, def); // warm-up, not counted
  while (runs < 3 || (spent < budgetMs && runs < 50)) {
    const r = runOnce(s, w, tokens, def);
    failure ??= r.failure;
    steps += r.steps;
    spent += r.ms;
    runs++;
    if (r.ms > budgetMs * 4) break; // a very slow policy: one run says enough
  }
  return { sps: Math.round(steps / (spent / 1000)), ...(failure ? { failure } : {}) };
}

/** µs/step per 1,000-step block of one 10k-step `none` session (a per-step cost growing with history shows here). */
function blockTimes(): number[] {
  const s = scenarioWithSteps(10_000, 100_000_000);
  const tokens = createTokenCounter();
  const w = generateWorkload(s, 1, tokens);
  const perRun: number[][] = [];
  for (let r = 0; r < 5; r++) {
    const marks: number[] = [];
    const timer: PolicyDefinition = {
      id: 'none', description: 'none with a step timer', source: 'bench', params: [],
      create: (params) => ({ id: 'none', params, beforeStep: (_h, ctx) => { if (ctx.step % 1000 === 0) marks.push(performance.now()); return undefined; } }),
    };
    runOnce(s, w, tokens, timer);
    perRun.push(marks.slice(1).map((t, i) => t - marks[i]!));
  }
  return perRun[0]!.map((_, b) => +median(perRun.map((r) => r[b]!)).toFixed(2));
}

function main(): void {
  const ids = args.policy?.length ? args.policy : policyIds();
  const defs = ids.map(getPolicy);
  const rates = new Map<string, Partial<Record<number, number>>>();
  const failures = new Map<string, string>();
  for (const steps of LENGTHS) {
    const s = scenarioWithSteps(steps);
    const tokens = createTokenCounter();
    const w = generateWorkload(s, 1, tokens);
    runOnce(s, w, tokens, getPolicy('none')); // warm the memoized hashes and token counts
    for (const def of defs) {
      const r = stepsPerSecond(s, w, tokens, def, BUDGET_MS[steps]!);
      rates.set(def.id, { ...rates.get(def.id), [steps]: r.sps });
      if (r.failure) failures.set(def.id, r.failure);
      process.stderr.write(`${def.id} ${steps} steps: ${r.sps} steps/s\n`); // progress, and figures if a slow policy is cut short
    }
  }
  const policies = defs.map((d) => {
    const r = rates.get(d.id)!;
    return { id: d.id, stepsPerSecond1k: r[1000]!, stepsPerSecond10k: r[10000]!, ratio: +(r[10000]! / r[1000]!).toFixed(3), ...(failures.has(d.id) ? { failure: failures.get(d.id) } : {}) };
  });
  const blocks = args.blocks ? blockTimes() : undefined;
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ scenario: SCENARIO, lengths: LENGTHS, node: process.version, policies, ...(blocks ? { noneMicrosecondsPerStepByBlock: blocks } : {}) })}\n`);
    return;
  }
  console.log(`scenario ${SCENARIO}, one session per length, steps per CPU second (node ${process.version})`);
  console.table(Object.fromEntries(policies.map((p) => [p.id, { 'steps/s 1k': p.stepsPerSecond1k, 'steps/s 10k': p.stepsPerSecond10k, '10k/1k': p.ratio, ...(p.failure ? { failure: p.failure.slice(0, 60) } : {}) }])));
  if (blocks) console.log(`none, µs/step per 1,000-step block of one 10k-step session (100M window): ${blocks.join(' ')}`);
}

main();
