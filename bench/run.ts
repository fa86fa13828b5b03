/**
 * `npm run bench`: simulator throughput.
 *
 * Measures simulated steps per second of one session with the `none` policy on a synthetic
 * (generated) workload at 1k and 10k steps, so per-step cost can be compared across history
 * lengths (it must not grow with the history). "cold" replays a freshly generated workload (message
 * hashes and token counts not yet memoized, as for the first policy of a cell); "warm" replays the
 * same workload again (as for every further policy of the same cell); its figure is the median over
 * tinybench iterations. Generation is not timed.
 * Also times one session of `threshold-summary` for comparison. Figures are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { Bench } from 'tinybench';
import { createTokenCounter, type TokenCounter } from '../src/core/tokens.js';
import { getPolicy, resolvePolicy } from '../src/policies/registry.js';
import type { PolicyDefinition } from '../src/policies/types.js';
import { runSession } from '../src/sim/session.js';
import { makeSetup } from '../src/sim/setup.js';
import { generateWorkload } from '../src/workload/generator.js';
import { loadScenario, type Scenario } from '../src/workload/scenario.js';
import { scenarioSettings } from '../src/cli/run-plan.js';
import type { Workload } from '../src/workload/types.js';

const BASE = process.env.BENCH_SCENARIO ?? 'claude-code-200k';

function scenarioWithSteps(steps: number): Scenario {
  const s = loadScenario(BASE);
  return {
    ...s,
    model: { ...s.model, contextWindow: 100_000_000, maxOutputTokens: 32_000 },
    generator: { ...s.generator, sessionSteps: { kind: 'constant', value: steps } },
  };
}

function runOnce(s: Scenario, w: Workload, tokens: TokenCounter, policyId: string): number {
  const t0 = performance.now();
  const run = runSession(makeSetup({
    scenario: s.name, seed: 1, workload: w, policy: resolvePolicy(getPolicy(policyId)), settings: scenarioSettings(s), tokens,
  }));
  const ms = performance.now() - t0;
  if (run.failure) throw new Error(run.failure.error);
  return ms;
}

/**
 * Per-step cost by position in one long session: microseconds per step of each 1,000-step block of a
 * 10k-step session (median over runs). If work per step grew with the history, later blocks would be
 * slower in proportion; they are timed by a no-op policy hook, which costs nothing measurable.
 */
function blockTimes(s: Scenario, w: Workload, tokens: TokenCounter, runs = 7): number[] {
  const perRun: number[][] = [];
  for (let r = 0; r < runs; r++) {
    const marks: number[] = [];
    const timer: PolicyDefinition = {
      id: 'none', description: 'none with a step timer', source: 'bench', params: [],
      create: (params) => ({
        id: 'none', params,
        beforeStep: (_h, ctx) => {
          if (ctx.step % 1000 === 0) marks.push(performance.now());
          return undefined;
        },
      }),
    };
    runSession(makeSetup({ scenario: s.name, seed: 1, workload: w, policy: resolvePolicy(timer), settings: scenarioSettings(s), tokens }));
    perRun.push(marks.slice(1).map((t, i) => t - marks[i]!));
  }
  return perRun[0]!.map((_, b) => {
    const xs = perRun.map((r) => r[b]!).sort((x, y) => x - y);
    return +xs[xs.length >> 1]!.toFixed(2);
  });
}

async function main(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const steps of [1_000, 10_000]) {
    (globalThis as { gc?: () => void }).gc?.();
    const s = scenarioWithSteps(steps);
    const tokens = createTokenCounter();
    const cold: number[] = [];
    let w: Workload | undefined;
    for (let i = 0; i < 3; i++) {
      w = generateWorkload(s, 100 + i, tokens);
      cold.push(runOnce(s, w, tokens, 'none'));
    }
    const n = w!.steps.length;
    const bench = new Bench({ name: `${steps} steps`, time: 3_000, warmupTime: 1_000 });
    bench.add(`none warm ${steps}`, () => { runOnce(s, w!, tokens, 'none'); });
    await bench.run();
    const result = bench.tasks[0]!.result;
    if (result.state !== 'completed') throw new Error(`benchmark did not complete: ${result.state}`);
    // the median: a 1k-step run takes ~3 ms, so one garbage collection landing in an iteration
    // would dominate a mean
    const warmMs = result.latency.p50;
    const coldMs = cold.reduce((a, b) => a + b, 0) / cold.length;
    rows.push({
      'session steps': n,
      'cold steps/s': Math.round(n / (coldMs / 1000)),
      'warm steps/s': Math.round(n / (warmMs / 1000)),
      'cold µs/step': +(1000 * coldMs / n).toFixed(2),
      'warm µs/step': +(1000 * warmMs / n).toFixed(2),
      'threshold-summary µs/step': +(1000 * runOnce(s, w!, tokens, 'threshold-summary') / n).toFixed(2),
    });
  }
  console.table(rows);
  const [a, b] = rows as [Record<string, number>, Record<string, number>];
  const ratio = (b['warm steps/s']! / a['warm steps/s']!);
  console.log(`steps/s at 10k vs 1k (warm): ${(100 * ratio).toFixed(1)}%   (cold: ${(100 * b['cold steps/s']! / a['cold steps/s']!).toFixed(1)}%)`);
  const s10 = scenarioWithSteps(10_000);
  const tokens = createTokenCounter();
  const w = generateWorkload(s10, 1, tokens);
  blockTimes(s10, w, tokens, 2); // warm up
  const blocks = blockTimes(s10, w, tokens);
  console.log(`µs/step per 1,000-step block of one 10k-step session (history grows left to right): ${blocks.join(' ')}`);
  console.log(`last block vs first: ${(100 * blocks.at(-1)! / blocks[0]!).toFixed(1)}%`);
}

await main();
