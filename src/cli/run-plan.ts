/**
 * Running a plan from CLI arguments: the options every plan-running command shares, the PlanSpec they
 * make (built into a RunPlan by plan-spec.ts, which worker threads load alone), executePlan (the run,
 * or one shard of it) and runAndWrite (the run and its report).
 */
import { parsePolicySpec } from '../policies/params.js';
import { looksLikePath } from '../testing/policy-module.js';
import { planCells, type Cell, type RunPlan } from '../sim/run.js';
import { defaultWorkers, loadPlan, runPlanCells, type PlanSource } from '../sim/parallel.js';
import { DEFAULT_ISOLATION, type IsolationLimits } from '../sim/isolation.js';
import type { SessionRun } from '../sim/records.js';
import type { Command } from 'commander';
import { reportManifest, type ReportSpec } from '../report/manifest.js';
import { parseShard, shardIndices, shardLabel, type Shard } from '../report/shard.js';
import { writeShard } from '../report/shard-files.js';
import type { GateVerdict } from '../report/gate-eval.js';
import { writeReport, type ReportOptions } from '../report/write-report.js';
import { runDigester, type DigestOptions } from '../report/run-digest.js';
import { collect, parseFraction, parsePositiveInt, UsageError } from './errors.js';
import { DEFAULT_MIN_RETENTION } from '../report/verdict-retention.js';
import { LIMITS, MAX_SEEDS } from '../workload/limits.js';

/** more threads than this only adds memory: a cell is single-threaded and machines have far fewer cores */
const MAX_WORKERS = 256;
import { createProgress } from './progress.js';
import { committedPaths, discardOutput, prepareOutput, writeAtomically } from './output-dir.js';
import { baselineLabel, JSON_SCHEMA_ID, printOutcome } from './outcome.js';

export {
  buildPlan, checkProfile, checkScenarioProfiles, defaultPolicies, planFromSpec, resolvePolicyRef, scenarioSettings, specSource, toRunScenario,
  type PlanArgs, type PlanSpec,
} from './plan-spec.js';
import { specSource, withModules, type PlanSpec } from './plan-spec.js';
import { setProbeLimits } from '../sim/module-probe.js';

export interface ExecOptions {
  /** threads (this one and workers − 1 worker threads); default from the work and the cores (defaultWorkers); 1 runs in-process */
  workers?: number;
  shard?: Shard;
  quiet?: boolean;
  /** run policy modules on isolated workers with these limits (see src/sim/isolation.ts) */
  isolate?: IsolationLimits;
  /** a report follows (not a shard): what it needs of each run is computed on the simulating threads; `rawRows` when it writes steps.csv and events.csv */
  digest?: DigestOptions;
}

export interface Execution {
  plan: RunPlan;
  /** every cell of the plan (the manifest counts them all, also for a shard) */
  cells: Cell[];
  /** the cell indices that ran, ascending */
  indices: number[];
  runs: SessionRun[];
  /** threads the run used (this one included): the report's helper thread follows it */
  threads: number;
}

/** Builds the plan from `source`, runs this shard's cells (all cells without --shard) with progress. */
export async function executePlan(source: PlanSource, opts: ExecOptions = {}): Promise<Execution> {
  const plan = await loadPlan(source);
  const cells = planCells(plan);
  const indices = opts.shard ? shardIndices(cells.length, opts.shard) : cells.map((_, i) => i);
  const progress = createProgress(indices.length, opts.quiet);
  const threads = opts.workers ?? defaultWorkers(indices.map((i) => cells[i]!));
  const runs = await runPlanCells(source, plan, indices, {
    workers: threads,
    checked: plan.checked,
    onProgress: (done) => progress.tick(done),
    ...(opts.isolate ? { isolate: opts.isolate } : {}),
    // on one thread the report computes it all later (the rows streamed to their file, not all kept until then)
    ...(opts.digest && threads > 1 ? { digest: runDigester(opts.digest) } : {}),
  });
  progress.stop();
  return { plan, cells, indices, runs, threads };
}

/** The options every plan-running command (run, report, sweep, compare) shares. */
export interface CommonOpts {
  scenario?: string[];
  suite?: string;
  trace?: string[];
  policy?: string[];
  seeds?: string;
  maxSteps?: string;
  reaction?: boolean;
  openLoop?: boolean;
  summaryNames?: string;
  out: string;
  workers?: string;
  shard?: string;
  quiet?: boolean;
  png?: boolean;
  raw?: boolean;
  force?: boolean;
  hookBudget?: string;
  policyHeapMb?: string;
  baseline?: string;
  json?: boolean;
  config?: string;
  minRetention?: string;
}

export function addPlanOptions(cmd: Command, withPolicy = true): Command {
  cmd
    .option('--scenario <name|file>', 'a scenario name (see scenarios/) or a scenario JSON file; repeatable', collect)
    .option('--suite <name>', 'a scenario suite (default: "default" when no --scenario or --trace is given)')
    .option('--trace <file>', 'a recorded transcript (any importable format) to replay; repeatable', collect);
  if (withPolicy) cmd.option('--policy <id[:key=value,...]>', 'a policy with optional parameters; repeatable (default: every registered policy)', collect);
  return cmd
    .option('--seeds <n>', "number of seeds (1..n); default: the scenarios' own")
    .option('--max-steps <n>', 'truncate every session to its first n steps (a reduced, quicker run)')
    .option('--open-loop', 'replay generated workloads as scripted: the agent never re-fetches what a policy removed (the default is the closed loop, docs/closed-loop.md)')
    .option('--reaction', 'the closed loop (now the default; kept for old command lines)')
    .option('--summary-names <p>', 'P(a summary names a file or identifier of what it summarized), for checking needs (default: fitted on real summaries, 0.65)');
}

export function addExecOptions(cmd: Command, defaultOut: string): Command {
  return cmd
    .option('--out <dir>', 'output directory', defaultOut)
    .option('--workers <n>', 'threads running the (scenario, seed, policy) cells: this one and n − 1 workers (default: by the amount of work, at most one per free core; 1 = in-process)')
    .option('--shard <i/n>', 'run only the i-th of n slices of the cells; writes manifest.json and runs.jsonl for `compactbench merge`')
    .option('--force', 'replace --out even if it holds files that are not this command\'s outputs')
    .option('--hook-budget <seconds>', 'policy modules: longest their loading or one hook call may run before it fails (default 60)')
    .option('--policy-heap-mb <n>', 'policy modules: heap limit of the worker running them, in MB (default 2048)')
    .option('--quiet', 'no progress output')
    .option('--json', 'print the verdict and every aggregate as JSON on stdout (schema: docs/json-output.md); the summary goes to stderr')
    .option('--config <file>', 'a config file (default: compactbench.config.yaml/.yml/.json in the working directory); flags override it')
    .option('--no-raw', 'leave out steps.csv and events.csv (the per-step and per-event records)')
    .option('--min-retention <x>', `the retention floor (0..1): the verdict names the cheapest policy keeping at least this share of what later steps use (default ${DEFAULT_MIN_RETENTION}); in compare, also a gate check on the candidate`);
}

/** `--min-retention`: a share in [0, 1]. */
export function parseMinRetention(v: string | undefined): number | undefined {
  return v === undefined ? undefined : parseFraction('--min-retention', v);
}

export function planSpecOf(o: CommonOpts, policy = o.policy): PlanSpec {
  return {
    scenario: o.scenario, suite: o.suite, trace: o.trace, policy,
    seeds: o.seeds !== undefined ? parsePositiveInt('--seeds', o.seeds, MAX_SEEDS) : undefined,
    maxSteps: o.maxSteps !== undefined ? parsePositiveInt('--max-steps', o.maxSteps, LIMITS.sessionSteps) : undefined,
    ...(o.openLoop ? { openLoop: true } : {}),
    ...(o.summaryNames !== undefined ? { summaryNames: parseFraction('--summary-names', o.summaryNames) } : {}),
  };
}

/** Policy modules are user code: their cells run isolated (a failure row, never a dead or hung run). */
function isolationOf(o: CommonOpts, policies: readonly string[] | undefined): IsolationLimits | undefined {
  const budget = o.hookBudget !== undefined ? parsePositiveInt('--hook-budget', o.hookBudget, 86_400) * 1000 : DEFAULT_ISOLATION.hookBudgetMs;
  const heapMb = o.policyHeapMb !== undefined ? parsePositiveInt('--policy-heap-mb', o.policyHeapMb, 1_048_576) : DEFAULT_ISOLATION.heapMb;
  const modules = (policies ?? []).some((p) => looksLikePath(parsePolicySpec(p).id));
  // reading a module's definition runs its top level: the same limits apply (sim/module-probe.ts)
  setProbeLimits({ hookBudgetMs: budget, heapMb });
  return modules ? { hookBudgetMs: budget, heapMb } : undefined;
}

export function execOf(o: CommonOpts, policies: readonly string[] | undefined = o.policy): ExecOptions {
  const isolate = isolationOf(o, policies);
  // A module may keep state at module scope (a counter, a cache) across the sessions its process runs;
  // a shard's processes run other sessions than an unsharded run's, so the merged rows could differ from
  // the unsharded ones with nothing in the records to show it. Modules run unsharded (docs/sharding.md).
  if (o.shard !== undefined && isolate) throw new UsageError('--shard cannot run policy modules: module-scope state would make shards differ from an unsharded run, undetectably; run them without --shard (--workers runs their sessions in parallel)');
  return {
    ...(isolate ? { isolate } : {}),
    workers: o.workers !== undefined ? parsePositiveInt('--workers', o.workers, MAX_WORKERS) : undefined,
    shard: o.shard !== undefined ? parseShard(o.shard) : undefined,
    quiet: o.quiet,
  };
}

/**
 * Runs the plan (or one shard of it) and writes the outputs: a shard's manifest.json and runs.jsonl,
 * or the full report of the given kind. `exitCode` is what the report asks for (a gate's verdict).
 */
export async function runAndWrite(
  spec: PlanSpec,
  report: (plan: RunPlan, baseline: string) => ReportSpec,
  o: CommonOpts,
  ropts: ReportOptions = {},
  /** the report kind, when `report` needs a real plan to say it (compare) */
  reportKind?: ReportSpec['kind'],
): Promise<{ exitCode: number; verdict: GateVerdict | null }> {
  const ex = execOf(o, spec.policy);
  const minRetention = parseMinRetention(o.minRetention);
  if (!ex.shard) ex.digest = { rawRows: (ropts.raw ?? o.raw) !== false };
  // the output location is checked (and its staging directory made) before anything is computed
  const kind = reportKind ?? report({ scenarios: [], policies: [], seeds: [] }, '').kind;
  const target = prepareOutput(o.out, { kind: ex.shard ? `${kind} shard` : kind, force: o.force });
  let exec: Execution;
  let reportSpec: ReportSpec;
  try {
    exec = await executePlan(specSource(await withModules(spec)), ex);
    reportSpec = report(exec.plan, await baselineLabel(exec.plan, o.baseline, !!spec.policy?.length));
    if (minRetention !== undefined) reportSpec = { ...reportSpec, minRetention };
  } catch (e) {
    discardOutput(target);
    throw e;
  }
  if (ex.shard) {
    const manifest = reportManifest(exec.plan, exec.cells.length, reportSpec, shardLabel(ex.shard));
    await writeAtomically(target, (dir) => writeShard(dir, exec.runs.map((run, i) => ({ cell: exec.indices[i]!, run })), manifest));
    const line = `wrote shard ${shardLabel(ex.shard)} (${exec.runs.length} of ${exec.cells.length} sessions) to ${o.out}; combine the shards with \`compactbench merge DIR... --out DIR\`\n`;
    if (o.json) {
      process.stderr.write(line);
      process.stdout.write(`${JSON.stringify({ schema: JSON_SCHEMA_ID, command: 'shard', shard: shardLabel(ex.shard), out: o.out, sessions: exec.runs.length, cells: exec.cells.length }, null, 2)}\n`);
    } else process.stdout.write(line);
    return { exitCode: 0, verdict: null };
  }
  const written = await writeAtomically(target, (dir) => writeReport(dir, exec.runs, reportManifest(exec.plan, exec.cells.length, reportSpec), { png: o.png, raw: o.raw, threads: exec.threads, ...ropts }));
  const res = { ...written, files: committedPaths(target, o.out, written.files) };
  printOutcome({ command: reportSpec.kind, out: o.out, sessions: exec.cells.length, result: res }, o.json);
  return { exitCode: res.exitCode, verdict: res.verdict };
}
