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
 * a cell). For each policy: a full collection (so no policy pays for another's garbage), then one
 * uncounted run per length (it warms the JIT and absorbs the collector's background work, which a forced
 * collection before every timed run charged to the next run: ~40% of `none`'s CPU at 1k), then timed
 * runs, 1k and 10k alternating, each paying for its own garbage (at least 3 per length, until ~0.5 s of
 * CPU at 1k and ~1.5 s at 10k). Figures are printed, never asserted.
 *
 *   npm run bench                         a table
 *   npm run bench -- --json               {"scenario", "policies": [{id, stepsPerSecond1k, stepsPerSecond10k, ratio}], ...}
 *   npm run bench -- --policy hermes      only the named policies (repeatable)
 *   npm run bench -- --blocks             also, per policy, CPU µs/step in each 1,000-step block of the
 *                                         10k session next to the whole 1k session (bench/blocks.ts)
 *   npm run bench -- --only-blocks        the per-block figures alone (no steps/s)
 *   npm run bench -- --help               this usage
 */
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
import { blockFigures, type BlockFigures, type Cell } from './blocks.js';

const SCENARIO = process.env.BENCH_SCENARIO ?? 'claude-code-200k';
const LENGTHS = [1_000, 10_000] as const;
const BUDGET_MS: Record<number, number> = { 1000: 500, 10000: 1_500 };

const USAGE = `npm run bench -- [--json] [--policy ID]... [--blocks | --only-blocks]
  steps per CPU second of every registered policy (or each --policy) at 1k and 10k steps of
  BENCH_SCENARIO (default claude-code-200k), and the 10k/1k ratio
  --json          one line: {"scenario", "lengths", "node", "policies": [{"id", "stepsPerSecond1k",
                  "stepsPerSecond10k", "ratio", "blocks"?}]}
  --blocks        also per policy: CPU µs/step of the whole 1k session and of each 1,000-step block of
                  the 10k session, GC ms, mean prompt tokens and history messages, compaction events
  --only-blocks   the per-block figures alone (steps/s fields absent)
`;
const { values: args } = parseArgs({
  options: { json: { type: 'boolean' }, policy: { type: 'string', multiple: true }, blocks: { type: 'boolean' }, 'only-blocks': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
});
if (args.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

function scenarioWithSteps(steps: number): Scenario {
  const s = loadScenario(SCENARIO);
  return { ...s, generator: { ...s.generator, sessionSteps: { kind: 'constant', value: steps } } };
}

/** The scenario at `steps` steps with its workload (seed 1), and a first `none` replay to warm the memoized hashes and token counts. */
function makeCell(steps: number): Cell {
  const scenario = scenarioWithSteps(steps);
  const tokens = createTokenCounter();
  const workload = generateWorkload(scenario, 1, tokens);
  runOnce(scenario, workload, tokens, getPolicy('none'));
  return { scenario, workload, tokens };
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

interface Tally {
  steps: number;
  ms: number;
  runs: number;
  failure?: string;
}

/**
 * Steps per CPU second of `def` at each length: all steps over all CPU time of repeated runs (at least 3
 * per length, until each length's budget is spent); a total rather than a median, because CPU time is
 * counted in ticks. The lengths' runs alternate (1k, 10k, 1k, ...): on a shared machine the CPU time of
 * the same work drifts with the load (up to 3× within minutes here), and runs of one length after all of
 * the other would put that drift into the 10k/1k ratio.
 */
function stepsPerSecond(cells: readonly Cell[], def: PolicyDefinition): Array<{ sps: number; failure?: string }> {
  (globalThis as { gc?: () => void }).gc?.();
  for (const c of cells) runOnce(c.scenario, c.workload, c.tokens, def); // warm-up, not counted
  const tally: Tally[] = cells.map(() => ({ steps: 0, ms: 0, runs: 0 }));
  const more = (t: Tally, budgetMs: number): boolean => {
    if (t.runs > 0 && t.ms > budgetMs * 4) return false; // a very slow policy: one run says enough
    return t.runs < 3 || (t.ms < budgetMs && t.runs < 50);
  };
  for (;;) {
    const todo = cells.map((_, i) => more(tally[i]!, BUDGET_MS[LENGTHS[i]!]!));
    if (!todo.includes(true)) break;
    cells.forEach((c, i) => {
      if (!todo[i]) return;
      const r = runOnce(c.scenario, c.workload, c.tokens, def);
      const t = tally[i]!;
      t.failure ??= r.failure;
      t.steps += r.steps;
      t.ms += r.ms;
      t.runs++;
    });
  }
  return tally.map((t) => ({ sps: Math.round(t.steps / (t.ms / 1000)), ...(t.failure ? { failure: t.failure } : {}) }));
}

function main(): void {
  const ids = args.policy?.length ? args.policy : policyIds();
  const defs = ids.map(getPolicy);
  const rates = new Map<string, Partial<Record<number, number>>>();
  const failures = new Map<string, string>();
  const cells = LENGTHS.map(makeCell);
  for (const def of args['only-blocks'] ? [] : defs) {
    stepsPerSecond(cells, def).forEach((r, i) => {
      rates.set(def.id, { ...rates.get(def.id), [LENGTHS[i]!]: r.sps });
      if (r.failure) failures.set(def.id, r.failure);
    });
    process.stderr.write(`${def.id}: ${LENGTHS.map((n) => `${rates.get(def.id)![n]} steps/s at ${n}`).join(', ')}\n`); // progress
  }
  const blocks = new Map<string, BlockFigures>();
  if (args.blocks || args['only-blocks']) {
    const [c1, c10] = cells as [Cell, Cell];
    for (const def of defs) {
      blocks.set(def.id, blockFigures(def, c1, c10));
      process.stderr.write(`${def.id} blocks: ${JSON.stringify(blocks.get(def.id))}\n`);
    }
  }
  const policies = defs.map((d) => {
    const r = rates.get(d.id) ?? {};
    return {
      id: d.id, stepsPerSecond1k: r[1000]!, stepsPerSecond10k: r[10000]!, ...(r[1000] ? { ratio: +(r[10000]! / r[1000]).toFixed(3) } : {}),
      ...(failures.has(d.id) ? { failure: failures.get(d.id) } : {}), ...(blocks.has(d.id) ? { blocks: blocks.get(d.id) } : {}),
    };
  });
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ scenario: SCENARIO, lengths: LENGTHS, node: process.version, policies })}\n`);
    return;
  }
  console.log(`scenario ${SCENARIO}, one session per length, steps per CPU second (node ${process.version})`);
  if (!args['only-blocks']) console.table(Object.fromEntries(policies.map((p) => [p.id, { 'steps/s 1k': p.stepsPerSecond1k, 'steps/s 10k': p.stepsPerSecond10k, '10k/1k': p.ratio, ...(p.failure ? { failure: p.failure.slice(0, 60) } : {}) }])));
  for (const [id, b] of blocks) {
    console.log(`${id}: µs/step, 1k session ${b.session1k}; 10k session by 1,000-step block ${b.blocks10k.join(' ')}`);
    console.log(`  GC ms 1k ${b.gcMs1k}; by block ${b.gcMs10k.join(' ')}; prompt tokens ${b.promptTokens.join(' ')}; events ${b.events.join(' ')}`);
  }
}

main();
