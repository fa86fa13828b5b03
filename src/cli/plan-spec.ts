/**
 * Turning a serializable PlanSpec into a RunPlan: scenarios (by name, file or suite) and traces become
 * RunScenarios, policy specs become resolved policies, and seeds are 1..N. Worker threads rebuild the
 * plan through `planFromSpec`, so this module imports only what building a plan needs (no report, no
 * output or progress code), which keeps a worker's start-up small.
 */
import { createHash } from 'node:crypto';
import { getProfile, PROFILES } from '../cache/profiles.js';
import { resolvePolicySpec, policyIds, getPolicy, resolvePolicy } from '../policies/registry.js';
import { parsePolicySpec } from '../policies/params.js';
import { looksLikePath } from '../testing/policy-module.js';
import { moduleDefinition, type ModuleMeta } from '../sim/module-policies.js';
import { probePolicyModule } from '../sim/module-probe.js';
import type { ResolvedPolicy, SimSettings } from '../sim/setup.js';
import { DEFAULT_REACTION, type ReactionSettings } from '../sim/reaction.js';
import type { RunPlan, RunScenario } from '../sim/run.js';
import type { PlanSource } from '../sim/parallel.js';
import { median } from '../workload/dist.js';
import { generateWorkload } from '../workload/generator.js';
import { loadScenario, loadSuite, type Scenario } from '../workload/scenario.js';
import { UsageError } from './errors.js';

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
    ...(s.needs?.summaryNames !== undefined ? { needs: { summaryNames: s.needs.summaryNames } } : {}),
  };
}

/** The closed loop's probabilities for a scenario: the calibrated defaults, with the scenario's overrides. */
function reactionOf(s: Scenario | undefined): ReactionSettings {
  const r = s?.needs?.refetch;
  return {
    ...DEFAULT_REACTION,
    ...(r?.placeholder !== undefined ? { pPlaceholder: r.placeholder } : {}),
    ...(r?.summary !== undefined ? { pSummary: r.summary } : {}),
    ...(r?.truncation !== undefined ? { pTruncation: r.truncation } : {}),
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
    ...(maxSteps !== undefined ? { maxSteps } : {}),
    makeWorkload: (seed, tokens) => generateWorkload(s, seed, tokens, maxSteps),
  };
}

/** The scenario with the closed loop on unless open loop is asked for; the manifest's settings show it. */
function withReaction(s: RunScenario, scenario: Scenario, openLoop: boolean | undefined): RunScenario {
  return openLoop ? s : { ...s, settings: { ...s.settings, reaction: reactionOf(scenario) } };
}

/** `--summary-names P` over every scenario, traces included. */
function withSummaryNames(s: RunScenario, p: number | undefined): RunScenario {
  return p === undefined ? s : { ...s, settings: { ...s.settings, needs: { summaryNames: p } } };
}

/**
 * A recorded trace's replay cut to its first `maxSteps` steps, as `--max-steps` cuts a generated
 * session (it was ignored for traces: a reduced run that silently replayed everything).
 */
function cutTo(s: RunScenario, maxSteps: number | undefined): RunScenario {
  if (maxSteps === undefined) return s;
  return {
    ...s,
    maxSteps,
    expectedSteps: Math.min(s.expectedSteps ?? maxSteps, maxSteps),
    makeWorkload: (seed, tokens) => {
      const w = s.makeWorkload(seed, tokens);
      return w.steps.length > maxSteps ? { ...w, steps: w.steps.slice(0, maxSteps) } : w;
    },
  };
}

export interface PlanArgs {
  scenario?: string[];
  suite?: string;
  policy?: string[];
  seeds?: number;
  maxSteps?: number;
  /** replay generated workloads open-loop (no re-fetch); the default is the closed loop (recorded traces are always open-loop) */
  openLoop?: boolean;
  /** P(a summary names an identifier it summarized), over every scenario's own */
  summaryNames?: number;
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
export async function resolvePolicyRef(spec: string, modules?: Readonly<Record<string, ModuleMeta>>): Promise<ResolvedPolicy> {
  const alias = ALIAS.exec(spec);
  if (alias) return { ...(await resolvePolicyRef(alias[2]!, modules)), label: alias[1]! };
  const { id, overrides } = parsePolicySpec(spec);
  if (!looksLikePath(id)) return resolvePolicy(getPolicy(id), overrides);
  // a module's code never runs here: its metadata was read on a throwaway worker (sim/module-probe.ts)
  const meta = modules?.[id] ?? (await probePolicyModule(id));
  return resolvePolicy(moduleDefinition(meta), overrides);
}

/** The spec with the metadata of every policy module it names, so no thread rebuilding the plan loads one. */
export async function withModules(spec: PlanSpec): Promise<PlanSpec> {
  const modules: Record<string, ModuleMeta> = { ...spec.modules };
  for (const ref of spec.policy ?? []) {
    const { id } = parsePolicySpec(ALIAS.exec(ref)?.[2] ?? ref);
    if (looksLikePath(id)) modules[id] ??= await probePolicyModule(id);
  }
  return Object.keys(modules).length ? { ...spec, modules } : spec;
}

export function buildPlan(args: PlanArgs, extraScenarios: RunScenario[] = [], resolved?: ResolvedPolicy[]): RunPlan {
  const scenarios: Scenario[] = [];
  // a suite file given as --scenario runs its scenarios (the file name says which it is)
  for (const s of args.scenario ?? []) scenarios.push(...(/\.suite\.json$/i.test(s) ? loadSuite(s) : [loadScenario(s)]));
  if (args.suite || (scenarios.length === 0 && extraScenarios.length === 0)) scenarios.push(...loadSuite(args.suite ?? 'default'));
  const runScenarios = [
    ...scenarios.map((s) => withReaction(toRunScenario(s, args.maxSteps, args.seeds), s, args.openLoop)),
    ...extraScenarios.map((s) => cutTo(args.seeds ? { ...s, seeds: seedList(args.seeds) } : s, args.maxSteps)),
  ].map((s) => withSummaryNames(s, args.summaryNames));
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
  /** metadata of the policy modules, by the path the --policy value names (withModules) */
  modules?: Record<string, ModuleMeta>;
}

/** The plan a PlanSpec describes (traces are imported here, so a worker can do the same). */
export async function planFromSpec(spec: PlanSpec): Promise<RunPlan> {
  // the trace importers load only when there are traces
  const traces = spec.trace?.length ? await (await import('./trace-scenarios.js')).traceScenarios(spec.trace) : [];
  const policies = spec.policy?.length ? await Promise.all(spec.policy.map((p) => resolvePolicyRef(p, spec.modules))) : undefined;
  return buildPlan(spec, traces, policies);
}

/** A PlanSource for src/sim/parallel.ts: workers call planFromSpec(spec) themselves. */
export function specSource(spec: PlanSpec): PlanSource {
  return { module: import.meta.url, exportName: 'planFromSpec', args: JSON.parse(JSON.stringify(spec)) as PlanSpec };
}

