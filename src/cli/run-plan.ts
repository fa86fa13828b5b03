/**
 * Turning CLI arguments into a RunPlan: scenarios (by name, file or suite) and traces become
 * RunScenarios, policy specs become resolved policies, and seeds are 1..N. A PlanSpec is the
 * serializable form, so worker threads can rebuild the same plan; executePlan runs it (or one shard).
 */
import { createHash } from 'node:crypto';
import { getProfile, PROFILES } from '../cache/profiles.js';
import { resolvePolicySpec, policyIds, getPolicy, resolvePolicy } from '../policies/registry.js';
import type { ResolvedPolicy, SimSettings } from '../sim/setup.js';
import { planCells, type Cell, type RunPlan, type RunScenario } from '../sim/run.js';
import { defaultWorkers, loadPlan, runPlanCells, type PlanSource } from '../sim/parallel.js';
import type { SessionRun } from '../sim/records.js';
import { shardIndices, type Shard } from '../report/shard.js';
import { generateWorkload } from '../workload/generator.js';
import { loadScenario, loadSuite, type Scenario } from '../workload/scenario.js';
import { UsageError } from './errors.js';
import { createProgress } from './progress.js';
import { traceScenarios } from './trace-scenarios.js';

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

export function toRunScenario(s: Scenario, maxSteps?: number, seeds?: number): RunScenario {
  checkProfile(s.model.profile, `scenario ${s.name}: model.profile`);
  if (s.auxModel) checkProfile(s.auxModel.profile, `scenario ${s.name}: auxModel.profile`);
  for (const e of s.events) if (e.type === 'model-switch') checkProfile(e.profile, `scenario ${s.name}: events`);
  const hash = createHash('sha256').update(JSON.stringify(s)).digest('hex').slice(0, 12);
  return {
    name: s.name,
    hash,
    settings: scenarioSettings(s),
    seeds: seedList(seeds ?? s.seeds),
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
  const runScenarios = [
    ...scenarios.map((s) => toRunScenario(s, args.maxSteps, args.seeds)),
    ...extraScenarios.map((s) => (args.seeds ? { ...s, seeds: seedList(args.seeds) } : s)),
  ];
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
  return { scenarios: runScenarios, policies, seeds: seedList(args.seeds ?? 1) };
}

/** Everything that defines a plan, in serializable form (worker threads rebuild the plan from it). */
export interface PlanSpec extends PlanArgs {
  trace?: string[];
}

/** The plan a PlanSpec describes (traces are imported here, so a worker can do the same). */
export async function planFromSpec(spec: PlanSpec): Promise<RunPlan> {
  const traces = spec.trace?.length ? await traceScenarios(spec.trace) : [];
  return buildPlan(spec, traces);
}

/** A PlanSource for src/sim/parallel.ts: workers call planFromSpec(spec) themselves. */
export function specSource(spec: PlanSpec): PlanSource {
  return { module: import.meta.url, exportName: 'planFromSpec', args: JSON.parse(JSON.stringify(spec)) as PlanSpec };
}

export interface ExecOptions {
  /** worker threads; default min(cores, cells); 1 runs in-process */
  workers?: number;
  shard?: Shard;
  quiet?: boolean;
}

export interface Execution {
  plan: RunPlan;
  /** every cell of the plan (the manifest counts them all, also for a shard) */
  cells: Cell[];
  /** the cell indices that ran, ascending */
  indices: number[];
  runs: SessionRun[];
}

/** Builds the plan from `source`, runs this shard's cells (all cells without --shard) with progress. */
export async function executePlan(source: PlanSource, opts: ExecOptions = {}): Promise<Execution> {
  const plan = await loadPlan(source);
  const cells = planCells(plan);
  const indices = opts.shard ? shardIndices(cells.length, opts.shard) : cells.map((_, i) => i);
  const progress = createProgress(indices.length, opts.quiet);
  const runs = await runPlanCells(source, plan, indices, {
    workers: opts.workers ?? defaultWorkers(indices.length),
    checked: plan.checked,
    onProgress: (done) => progress.tick(done),
  });
  progress.stop();
  return { plan, cells, indices, runs };
}
