/**
 * `npm run bench`: simulator throughput of every registered policy.
 *
 * For each policy in the registry (iterated, so new policies are benchmarked without listing them),
 * the steps per CPU second of one session at 1,000 and at 10,000 steps of the scenario BENCH_SCENARIO
 * (default claude-code-200k; its own model, window and cache settings, only the session length is
 * fixed; needs measured and the closed loop on, as `run` by default), and the 10k/1k ratio: a per-step cost that grows with the history shows as a ratio below 1
 * (a fixed cost per session, as a ratio above 1).
 * It runs the compiled package (dist/, built first by the npm script), as users do: run from source,
 * tsx's name-keeping helper alone was 6–19% of some sessions.
 * Each workload is generated once per length and replayed through every policy (generation is not
 * timed; a first `none` replay warms the memoized token counts, as for every policy after the first of
 * a cell). For each policy: a full collection (so no policy pays for another's garbage), then one
 * uncounted run per length (it warms the JIT and absorbs the collector's background work, which a forced
 * collection before every timed run charged to the next run: ~40% of `none`'s CPU at 1k), then timed
 * rounds of ten 1k runs and one 10k run, each run paying for its own garbage (stepsPerSecond below).
 * Figures are printed, never asserted.
 *
 *   npm run bench                         a table
 *   npm run bench -- --json               {"scenario", "policies": [{id, stepsPerSecond1k, stepsPerSecond10k, ratio, pairedRatio,
 *                                         pairedRatioQuartiles, rounds}], ...}
 *   npm run bench -- --policy hermes      only the named policies (repeatable), each as the CLI takes it, with
 *                                         parameters: --policy microcompact:keepLastN=5
 *   npm run bench -- --blocks             also, per policy, CPU µs/step in each 1,000-step block of the
 *                                         10k session next to the whole 1k session (bench/blocks.ts)
 *   npm run bench -- --only-blocks        the per-block figures alone (no steps/s)
 *   npm run bench -- --help               this usage
 */
import { parseArgs } from 'node:util';
import { createTokenCounter, type TokenCounter } from '../dist/core/tokens.js';
import { parsePolicySpec } from '../dist/policies/params.js';
import { policyIds, getPolicy, resolvePolicy } from '../dist/policies/registry.js';
import type { PolicyDefinition } from '../dist/policies/types.js';
import { runSession } from '../dist/sim/session.js';
import { makeSetup } from '../dist/sim/setup.js';
import { DEFAULT_REACTION } from '../dist/sim/reaction.js';
import { generateWorkload } from '../dist/workload/generator.js';
import { loadScenario, type Scenario } from '../dist/workload/scenario.js';
import { scenarioSettings } from '../dist/cli/run-plan.js';
import type { Workload } from '../dist/workload/types.js';
import { blockFigures, type BlockFigures, type Cell } from './blocks.js';

const SCENARIO = process.env.BENCH_SCENARIO ?? 'claude-code-200k';
const LENGTHS = [1_000, 10_000] as const;
/** CPU ms of timed runs per policy (both lengths), once the minimum of rounds is done */
const BUDGET_MS = 2_000;
/** a 10k run longer than this ends the rounds (one says enough) */
const SLOW_RUN_MS = 4_000;

const USAGE = `npm run bench -- [--json] [--policy ID[:KEY=VALUE,...]]... [--blocks | --only-blocks]
  steps per CPU second of every registered policy (or each --policy, with parameters as the CLI takes
  them) at 1k and 10k steps of BENCH_SCENARIO (default claude-code-200k), the 10k/1k ratio of the two,
  and the paired ratio
  (median over rounds of ten 1k runs and one 10k run of the round's own ratio: robust to load drift)
  with the lower and upper quartiles of the rounds' ratios
  --json          one line: {"scenario", "lengths", "node", "policies": [{"id", "stepsPerSecond1k",
                  "stepsPerSecond10k", "ratio", "pairedRatio", "pairedRatioQuartiles", "rounds",
                  "blocks"?}]}
  --blocks        also per policy: CPU µs/step of the whole 1k session and of each 1,000-step block of
                  the 10k session, GC ms, mean prompt tokens and history messages, compaction events,
                  the median wall µs of a step with and without an event at each length (like for like),
                  and the policy's own share of those steps (median µs in its hooks)
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
  runOnce(scenario, workload, tokens, { id: 'none', def: getPolicy('none'), overrides: {} });
  return { scenario, workload, tokens };
}

/**
 * One session: the CPU time it took in ms (user + system of this process: the machine may be shared,
 * and CPU time does not count the time other processes held the core) and the steps it simulated.
 */
function runOnce(s: Scenario, w: Workload, tokens: TokenCounter, p: BenchPolicy): { ms: number; steps: number; failure?: string } {
  const policy = resolvePolicy(p.def, p.overrides);
  const c0 = process.cpuUsage();
  // as `run` does by default: needs measured and the closed loop on (re-fetched steps count as steps)
  const run = runSession(makeSetup({ scenario: s.name, seed: 1, workload: w, policy, settings: { ...scenarioSettings(s), reaction: DEFAULT_REACTION }, tokens }));
  const c = process.cpuUsage(c0);
  return { ms: (c.user + c.system) / 1000, steps: run.steps.length, ...(run.failure ? { failure: run.failure.error } : {}) };
}

/** A policy as benchmarked: `id` is the spec as given (`microcompact` or `microcompact:keepLastN=5`). */
interface BenchPolicy {
  id: string;
  def: PolicyDefinition;
  overrides: Record<string, string>;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
/**
 * The lower and upper quartiles of `xs` (nearest rank): how far the rounds' ratios spread around their
 * median. Why: on this shared machine the paired ratio of the same code moves by up to ~0.1 between whole
 * runs, as much as a 10% target, so a figure near 0.9 says little without its spread.
 */
const quartiles = (xs: number[]): [number, number] => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (f: number): number => +s[Math.round(f * (s.length - 1))]!.toFixed(3);
  return [q(0.25), q(0.75)];
};

/**
 * Memory written before every timed run (untimed), larger than this machine's processor caches (2 MiB L2
 * per core, 32 MiB L3). Why: a round replays the same 1k session ten times in a row, so without it each
 * 1k run but the first found its messages, counts and keys still in the caches, while the 10k session,
 * whose data does not fit, could not; the ratio then measured cache warmth. With every run starting
 * cold, as each session of a real run does, the paired ratios rose by ~0.1 (two alternating runs
 * each: codex 0.76–0.77 → 0.87–0.88, claude-code 0.85–0.86 → 0.97, roo-code 0.84–0.93 → 1.0); the 10k
 * figures hardly moved. BENCH_NO_EVICT=1 skips it (to compare with figures taken before), and then
 * nothing is allocated: with the 48 MB allocated but unused, the paired ratios of the same code fell
 * (two alternating runs: none 0.84–0.88 against 0.88–0.96, two-phase 0.82–0.86 against 0.91–0.93;
 * V8 counts the buffer as external memory). BENCH_EVICT_MB sets the size.
 */
const EVICT_MB = Number(process.env.BENCH_EVICT_MB ?? 48);
let evictBuffer: Float64Array | undefined;
let evictions = 0;
function evictCaches(): void {
  if (process.env.BENCH_NO_EVICT) return;
  (evictBuffer ??= new Float64Array((EVICT_MB * 1024 * 1024) / 8)).fill(++evictions);
}

interface Tally {
  steps: number;
  ms: number;
  failure?: string;
}

interface Rates {
  /** steps per CPU second at 1k and at 10k steps: all steps over all CPU time */
  sps: [number, number];
  /** median over the rounds of (10k rate ÷ 1k rate) within the round */
  pairedRatio: number;
  /** lower and upper quartiles of those rounds' ratios */
  pairedRatioQuartiles: [number, number];
  rounds: number;
  failure?: string;
}

/**
 * Steps per CPU second of `p` at 1k and 10k steps, in rounds of ten 1k sessions then one 10k session
 * (the same number of steps on each side), at least 5 rounds (3 when a 10k run takes over 1 s, 1 over 4 s)
 * and until ~2 s of CPU are spent (at most 30).
 * Rates are totals (all steps over all CPU time: CPU time is counted in ticks). On a shared machine the
 * CPU time of the same work drifts with the load (up to 3× within minutes here), so the ratio is also
 * taken round by round, each round's 10k session against the 1k sessions just before it, and the median
 * of those kept (`pairedRatio`): a load spike moves one round, not the figure.
 */
function stepsPerSecond(cells: readonly [Cell, Cell], p: BenchPolicy): Rates {
  const [c1, c10] = cells;
  (globalThis as { gc?: () => void }).gc?.();
  for (const c of cells) runOnce(c.scenario, c.workload, c.tokens, p); // warm-up, not counted
  const t1: Tally = { steps: 0, ms: 0 };
  const t10: Tally = { steps: 0, ms: 0 };
  const ratios: number[] = [];
  const add = (t: Tally, r: ReturnType<typeof runOnce>): void => {
    t.failure ??= r.failure;
    t.steps += r.steps;
    t.ms += r.ms;
  };
  let minRounds = 5;
  while (ratios.length < minRounds || (t1.ms + t10.ms < BUDGET_MS && ratios.length < 30)) {
    let steps1 = 0;
    let ms1 = 0;
    for (let i = 0; i < LENGTHS[1] / LENGTHS[0]; i++) {
      evictCaches();
      const r = runOnce(c1.scenario, c1.workload, c1.tokens, p);
      add(t1, r);
      steps1 += r.steps;
      ms1 += r.ms;
    }
    evictCaches();
    const r = runOnce(c10.scenario, c10.workload, c10.tokens, p);
    add(t10, r);
    ratios.push((r.steps / r.ms) / (steps1 / ms1));
    if (r.ms > SLOW_RUN_MS) break; // a very slow policy: one round says enough
    if (r.ms > BUDGET_MS / 2) minRounds = 3; // a slow one: three
  }
  const sps = (t: Tally): number => Math.round(t.steps / (t.ms / 1000));
  const failure = t1.failure ?? t10.failure;
  return {
    sps: [sps(t1), sps(t10)], pairedRatio: +median(ratios).toFixed(3), pairedRatioQuartiles: quartiles(ratios), rounds: ratios.length,
    ...(failure ? { failure } : {}),
  };
}

function main(): void {
  const ids = args.policy?.length ? args.policy : policyIds();
  let benched: BenchPolicy[];
  try {
    benched = ids.map((spec) => {
      const { id, overrides } = parsePolicySpec(spec);
      const p = { id: spec, def: getPolicy(id), overrides };
      resolvePolicy(p.def, p.overrides); // a bad parameter fails here, before any timing
      return p;
    });
  } catch (e) {
    process.stderr.write(`npm run bench: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  const cells = [makeCell(LENGTHS[0]), makeCell(LENGTHS[1])] as const;
  const rates = new Map<string, Rates>();
  for (const p of args['only-blocks'] ? [] : benched) {
    const r = stepsPerSecond(cells, p);
    rates.set(p.id, r);
    process.stderr.write(`${p.id}: ${r.sps[0]} steps/s at 1k, ${r.sps[1]} at 10k, paired ratio ${r.pairedRatio} (quartiles ${r.pairedRatioQuartiles.join('–')}, ${r.rounds} rounds)\n`); // progress
  }
  const blocks = new Map<string, BlockFigures>();
  if (args.blocks || args['only-blocks']) {
    const [c1, c10] = cells;
    for (const p of benched) {
      blocks.set(p.id, blockFigures(p.def, c1, c10, 5, p.overrides));
      process.stderr.write(`${p.id} blocks: ${JSON.stringify(blocks.get(p.id))}\n`);
    }
  }
  const policies = benched.map((d) => {
    const r = rates.get(d.id);
    return {
      id: d.id,
      ...(r ? { stepsPerSecond1k: r.sps[0], stepsPerSecond10k: r.sps[1], ratio: +(r.sps[1] / r.sps[0]).toFixed(3), pairedRatio: r.pairedRatio, pairedRatioQuartiles: r.pairedRatioQuartiles, rounds: r.rounds } : {}),
      ...(r?.failure ? { failure: r.failure } : {}), ...(blocks.has(d.id) ? { blocks: blocks.get(d.id) } : {}),
    };
  });
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ scenario: SCENARIO, lengths: LENGTHS, node: process.version, policies })}\n`);
    return;
  }
  console.log(`scenario ${SCENARIO}, one session per length, steps per CPU second (node ${process.version})`);
  if (!args['only-blocks']) console.table(Object.fromEntries(policies.map((p) => [p.id, { 'steps/s 1k': p.stepsPerSecond1k, 'steps/s 10k': p.stepsPerSecond10k, '10k/1k': p.ratio, 'paired': p.pairedRatio, 'q1': p.pairedRatioQuartiles?.[0], 'q3': p.pairedRatioQuartiles?.[1], ...(p.failure ? { failure: p.failure.slice(0, 60) } : {}) }])));
  for (const [id, b] of blocks) {
    console.log(`${id}: µs/step, 1k session ${b.session1k}; 10k session by 1,000-step block ${b.blocks10k.join(' ')}`);
    console.log(`  GC ms 1k ${b.gcMs1k}; by block ${b.gcMs10k.join(' ')}; prompt tokens ${b.promptTokens.join(' ')}; events ${b.events.join(' ')}`);
    const s = b.steps;
    console.log(`  median wall µs of a step without an event: 1k ${s.plain1k}, 10k ${s.plain10k}; with one: 1k ${s.event1k ?? '-'} (${s.eventSteps1k} steps), 10k ${s.event10k ?? '-'} (${s.eventSteps10k} steps)`);
    console.log(`  of which in the policy's hooks (median µs): without an event 1k ${s.policyPlain1k}, 10k ${s.policyPlain10k}; with one 1k ${s.policyEvent1k ?? '-'}, 10k ${s.policyEvent10k ?? '-'}`);
  }
}

main();
