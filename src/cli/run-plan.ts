/**
 * Turning CLI arguments into a RunPlan: scenarios (by name, file or suite) and traces become
 * RunScenarios, policy specs become resolved policies, and seeds are 1..N. A PlanSpec is the
 * serializable form, so worker threads can rebuild the same plan; executePlan runs it (or one shard).
 */
import { createHash } from 'node:crypto';
import { getProfile, PROFILES } from '../cache/profiles.js';
import { resolvePolicySpec, policyIds, getPolicy, resolvePolicy } from '../policies/registry.js';
import { parsePolicySpec } from '../policies/params.js';
import { loadPolicyModule, looksLikePath } from '../testing/policy-module.js';
import type { ResolvedPolicy, SimSettings } from '../sim/setup.js';
import { DEFAULT_REACTION } from '../sim/reaction.js';
import { planCells, type Cell, type RunPlan, type RunScenario } from '../sim/run.js';
import { defaultWorkers, loadPlan, runPlanCells, type PlanSource } from '../sim/parallel.js';
import { DEFAULT_ISOLATION, type IsolationLimits } from '../sim/isolation.js';
import type { SessionRun } from '../sim/records.js';
import type { Command } from 'commander';
import { reportManifest, type ReportSpec } from '../report/manifest.js';
import { parseShard, shardIndices, shardLabel, type Shard } from '../report/shard.js';
import { writeShard } from '../report/shard-files.js';
import type { GateVerdict } from '../report/gate-eval.js';
import { writeReport, type ReportOptions } from '../report/write-report.js';
import { median } from '../workload/dist.js';
import { generateWorkload } from '../workload/generator.js';
import { loadScenario, loadSuite, type Scenario } from '../workload/scenario.js';
import { collect, parsePositiveInt, UsageError } from './errors.js';
import { LIMITS, MAX_SEEDS } from '../workload/limits.js';

/** more threads than this only adds memory: a cell is single-threaded and machines have far fewer cores */
const MAX_WORKERS = 256;
import { createProgress } from './progress.js';
import { discardOutput, prepareOutput, writeAtomically } from './output-dir.js';
import { traceScenarios } from './trace-scenarios.js';
import { baselineLabel, JSON_SCHEMA_ID, printOutcome } from './outcome.js';

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

const seedList = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

/** Unknown model ids must be marked `unpriced:` so a typo cannot silently drop the prices. */
export function checkProfile(id: string, where: string): void {
  if (id.startsWith('unpriced:') || getProfile(id)) return;
  throw new UsageError(`${where}: unknown model profile ${JSON.stringify(id)}; known: ${Object.keys(PROFILES).join(', ')} (or "unpriced:<name>")`);
}

/** Every model profile a scenario names is known (or marked unpriced); `validate` and `run` both call this. */
export function checkScenarioProfiles(s: Scenario): void {
  checkProfile(s.model.profile, `scenario ${s.name}: model.profile`);
  if (s.auxModel) checkProfile(s.auxModel.profile, `scenario ${s.name}: auxModel.profile`);
  for (const e of s.events) if (e.type === 'model-switch') checkProfile(e.profile, `scenario ${s.name}: events`);
}

export function toRunScenario(s: Scenario, maxSteps?: number, seeds?: number): RunScenario {
  checkScenarioProfiles(s);
  const hash = createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 12);
  return {
    name: s.name,
    hash,
    settings: scenarioSettings(s),
    seeds: seedList(seeds ?? s.seeds),
    expectedSteps: Math.min(maxSteps ?? Infinity, Math.max(1, Math.round(median(s.generator.sessionSteps)))),
    makeWorkload: (seed, tokens) => generateWorkload(s, seed, tokens, maxSteps),
  };
}

/** The scenario with the closed loop on (DEFAULT_REACTION), when asked for; the manifest's settings show it. */
function withReaction(s: RunScenario, on: boolean | undefined): RunScenario {
  return on ? { ...s, settings: { ...s.settings, reaction: DEFAULT_REACTION } } : s;
}

export interface PlanArgs {
  scenario?: string[];
  suite?: string;
  policy?: string[];
  seeds?: number;
  maxSteps?: number;
  /** closed-loop agent reaction on synthetic workloads (recorded traces stay open-loop) */
  reaction?: boolean;
}

/** The policies `run` uses when none is named: every registered policy at its defaults. */
export function defaultPolicies(): ResolvedPolicy[] {
  return policyIds().map((id) => resolvePolicy(getPolicy(id)));
}

/** `label=spec`: a policy under a label of the user's choosing (e.g. `base=./p.ts`, `head=./p.ts`). */
const ALIAS = /^([A-Za-z0-9][\w.@+-]*)=(.+)$/;

/**
 * A `--policy` value: a registered id, or a policy module file (`./my-policy.ts`, see
 * docs/writing-a-policy.md), each with optional `:key=value,...` parameters, optionally prefixed by
 * `label=` to name it in the report (two versions of one module need two labels).
 */
export async function resolvePolicyRef(spec: string): Promise<ResolvedPolicy> {
  const alias = ALIAS.exec(spec);
  if (alias) return { ...(await resolvePolicyRef(alias[2]!)), label: alias[1]! };
  const { id, overrides } = parsePolicySpec(spec);
  if (!looksLikePath(id)) return resolvePolicy(getPolicy(id), overrides);
  const { def } = await loadPolicyModule(id);
  return resolvePolicy(def, overrides);
}

export function buildPlan(args: PlanArgs, extraScenarios: RunScenario[] = [], resolved?: ResolvedPolicy[]): RunPlan {
  const scenarios: Scenario[] = [];
  // a suite file given as --scenario runs its scenarios (the file name says which it is)
  for (const s of args.scenario ?? []) scenarios.push(...(/\.suite\.json$/i.test(s) ? loadSuite(s) : [loadScenario(s)]));
  if (args.suite || (scenarios.length === 0 && extraScenarios.length === 0)) scenarios.push(...loadSuite(args.suite ?? 'default'));
  const runScenarios = [
    ...scenarios.map((s) => withReaction(toRunScenario(s, args.maxSteps, args.seeds), args.reaction)),
    ...extraScenarios.map((s) => (args.seeds ? { ...s, seeds: seedList(args.seeds) } : s)),
  ];
  const names = new Set<string>();
  for (const s of runScenarios) {
    if (names.has(s.name)) throw new UsageError(`scenario ${JSON.stringify(s.name)} is named twice`);
    names.add(s.name);
  }
  const policies = resolved ?? (args.policy?.length ? args.policy.map(resolvePolicySpec) : defaultPolicies());
  const labels = new Set<string>();
  for (const p of policies) {
    if (labels.has(p.label)) throw new UsageError(`policy ${JSON.stringify(p.label)} is named twice`);
    labels.add(p.label);
  }
  return { scenarios: runScenarios, policies, seeds: seedList(args.seeds ?? 1) };
}

/** Everything that defines a plan, in serializable form (worker threads rebuild the plan from it). */
export interface PlanSpec extends PlanArgs {
  trace?: string[];
}

/** The plan a PlanSpec describes (traces are imported here, so a worker can do the same). */
export async function planFromSpec(spec: PlanSpec): Promise<RunPlan> {
  const traces = spec.trace?.length ? await traceScenarios(spec.trace) : [];
  const policies = spec.policy?.length ? await Promise.all(spec.policy.map(resolvePolicyRef)) : undefined;
  return buildPlan(spec, traces, policies);
}

/** A PlanSource for src/sim/parallel.ts: workers call planFromSpec(spec) themselves. */
export function specSource(spec: PlanSpec): PlanSource {
  return { module: import.meta.url, exportName: 'planFromSpec', args: JSON.parse(JSON.stringify(spec)) as PlanSpec };
}

export interface ExecOptions {
  /** worker threads; default from the work and the cores (defaultWorkers); 1 runs in-process */
  workers?: number;
  shard?: Shard;
  quiet?: boolean;
  /** run policy modules on isolated workers with these limits (see src/sim/isolation.ts) */
  isolate?: IsolationLimits;
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
    .option('--reaction', 'closed loop (modelled): the agent re-reads files a policy removed before it edits them (synthetic workloads only)');
}

export function addExecOptions(cmd: Command, defaultOut: string): Command {
  return cmd
    .option('--out <dir>', 'output directory', defaultOut)
    .option('--workers <n>', 'worker threads across (scenario, seed, policy) cells (default: by the amount of work, at most one per free core; 1 = in-process)')
    .option('--shard <i/n>', 'run only the i-th of n slices of the cells; writes manifest.json and runs.jsonl for `compactbench merge`')
    .option('--force', 'replace --out even if it holds files that are not this command\'s outputs')
    .option('--hook-budget <seconds>', 'policy modules: longest one hook call may run before its session fails (default 60)')
    .option('--policy-heap-mb <n>', 'policy modules: heap limit of the worker running them, in MB (default 2048)')
    .option('--quiet', 'no progress output')
    .option('--json', 'print the verdict and every aggregate as JSON on stdout (schema: docs/json-output.md); the summary goes to stderr')
    .option('--config <file>', 'a config file (default: compactbench.config.yaml/.yml/.json in the working directory); flags override it')
    .option('--no-raw', 'leave out steps.csv and events.csv (the per-step and per-event records)');
}

export function planSpecOf(o: CommonOpts, policy = o.policy): PlanSpec {
  return {
    scenario: o.scenario, suite: o.suite, trace: o.trace, policy,
    seeds: o.seeds !== undefined ? parsePositiveInt('--seeds', o.seeds, MAX_SEEDS) : undefined,
    maxSteps: o.maxSteps !== undefined ? parsePositiveInt('--max-steps', o.maxSteps, LIMITS.sessionSteps) : undefined,
    ...(o.reaction ? { reaction: true } : {}),
  };
}

/** Policy modules are user code: their cells run isolated (a failure row, never a dead or hung run). */
function isolationOf(o: CommonOpts, policies: readonly string[] | undefined): IsolationLimits | undefined {
  const budget = o.hookBudget !== undefined ? parsePositiveInt('--hook-budget', o.hookBudget, 86_400) * 1000 : DEFAULT_ISOLATION.hookBudgetMs;
  const heapMb = o.policyHeapMb !== undefined ? parsePositiveInt('--policy-heap-mb', o.policyHeapMb, 1_048_576) : DEFAULT_ISOLATION.heapMb;
  const modules = (policies ?? []).some((p) => looksLikePath(parsePolicySpec(p).id));
  return modules ? { hookBudgetMs: budget, heapMb } : undefined;
}

export function execOf(o: CommonOpts, policies: readonly string[] | undefined = o.policy): ExecOptions {
  const isolate = isolationOf(o, policies);
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
  // the output location is checked (and its staging directory made) before anything is computed
  const kind = reportKind ?? report({ scenarios: [], policies: [], seeds: [] }, '').kind;
  const target = prepareOutput(o.out, { kind: ex.shard ? `${kind} shard` : kind, force: o.force });
  let exec: Execution;
  let reportSpec: ReportSpec;
  try {
    exec = await executePlan(specSource(spec), ex);
    reportSpec = report(exec.plan, await baselineLabel(exec.plan, o.baseline, !!spec.policy?.length));
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
  const res = await writeAtomically(target, (dir) => writeReport(dir, exec.runs, reportManifest(exec.plan, exec.cells.length, reportSpec), { png: o.png, raw: o.raw, threads: exec.threads, ...ropts }));
  printOutcome({ command: reportSpec.kind, out: o.out, sessions: exec.cells.length, result: res }, o.json);
  return { exitCode: res.exitCode, verdict: res.verdict };
}
