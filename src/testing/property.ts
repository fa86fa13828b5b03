/**
 * Running the invariants as fast-check properties.
 *
 * `checkPolicy` works in two passes so that a run costs one simulated session per case when the
 * policy is sound: pass 1 drives each generated case once and evaluates every invariant on it;
 * pass 2 runs, for each invariant that failed, a property of that invariant alone with the same seed
 * (so it meets the same failing case) and lets fast-check shrink it. The counterexample keeps
 * fast-check's `seed` and `path`, so `fc.assert(invariantProperty(...), { seed, path })` replays it.
 */
import fc from 'fast-check';
import { policyCaseArb, paramsArb, type PolicyCaseArbOptions } from './arbitraries.js';
import { drive, type DriveOptions, type PolicyTarget } from './drive.js';
import type { Finding, Invariant, InvariantOptions } from './invariant.js';
import { freshInstance, getInvariant, INVARIANTS } from './invariants/index.js';
import type { Observation } from './observation.js';
import type { PolicyCase } from './spec.js';

/** Runs per invariant when none is given (the CLI's default). */
export const DEFAULT_RUNS = 100;
/** The default fast-check seed: fixed, so a check is reproducible unless a seed is given. */
export const DEFAULT_SEED = 1;

export interface CheckOptions extends DriveOptions, InvariantOptions {
  /** generated cases @default DEFAULT_RUNS */
  runs?: number;
  /** fast-check seed @default DEFAULT_SEED */
  seed?: number;
  /** names of the invariants to check @default all of INVARIANTS */
  invariants?: readonly string[];
  /** names of invariants to leave out */
  skip?: readonly string[];
  /** shape of the generated cases */
  cases?: PolicyCaseArbOptions;
  /** draw parameter values from the policy's ParamSpecs for every case @default false */
  varyParams?: boolean;
  /** replaces the generated cases entirely */
  arbitrary?: fc.Arbitrary<PolicyCase>;
  /** invariant name -> why the upstream system the policy models violates it (adds to the definition's own) */
  documented?: Readonly<Record<string, string>>;
}

/**
 * A policy definition may document invariants its upstream system violates by design, with the
 * reason and source: `upstreamProperties: { 'last-user-kept': 'Claude Code summarizes ... (source)' }`.
 * Read structurally, so a definition typed `PolicyDefinition & DocumentedProperties` carries it.
 * Such a failure is still checked and printed with its counterexample, but does not fail the check.
 */
export interface DocumentedProperties {
  upstreamProperties?: Readonly<Record<string, string>>;
}

export function documentedProperties(def: object, opts: Pick<CheckOptions, 'documented'> = {}): Record<string, string> {
  return { ...((def as DocumentedProperties).upstreamProperties ?? {}), ...(opts.documented ?? {}) };
}

export interface Counterexample {
  finding: Finding;
  /** the shrunk case; `drive(target, case)` reproduces the finding */
  case: PolicyCase;
  /** fast-check's replay coordinates for `invariantProperty(target, invariant, options)` */
  seed: number;
  path: string | null;
  shrinks: number;
  /** the run of the shrunk case */
  observation: Observation;
}

export interface InvariantResult {
  name: string;
  description: string;
  ok: boolean;
  /** the documented upstream property this invariant's failure is, if the policy declares one */
  documented?: string;
  counterexample?: Counterexample;
}

export interface CheckReport {
  policy: string;
  params: Record<string, unknown>;
  runs: number;
  seed: number;
  /** every invariant holds, or fails only as a documented upstream property */
  ok: boolean;
  results: InvariantResult[];
}

/** The thrown error that makes a property fail with the finding as its message. */
export class InvariantFailure extends Error {
  constructor(readonly finding: Finding) {
    super(`${finding.invariant}: ${finding.message} (step ${finding.step}, ${finding.phase})`);
    this.name = 'InvariantFailure';
  }
}

/** The invariants selected by `invariants` and `skip`. */
export function selectInvariants(opts: Pick<CheckOptions, 'invariants' | 'skip'> = {}): Invariant[] {
  const chosen = opts.invariants?.length ? opts.invariants.map(getInvariant) : [...INVARIANTS];
  for (const s of opts.skip ?? []) getInvariant(s);
  return chosen.filter((i) => !(opts.skip ?? []).includes(i.name));
}

/** The generated cases for a target (with its parameter space when `varyParams`). */
export function caseArbitrary(target: PolicyTarget, opts: CheckOptions = {}): fc.Arbitrary<PolicyCase> {
  const base = opts.arbitrary ?? policyCaseArb(opts.cases);
  if (!opts.varyParams || target.def.params.length === 0) return base;
  return fc.tuple(base, paramsArb(target.def)).map(([c, params]) => ({ ...c, params }));
}

/** The options invariants see: the target's own claims unless the caller gives claims. */
const withClaims = (target: PolicyTarget, opts: CheckOptions): CheckOptions =>
  (opts.claims || !target.claims ? opts : { ...opts, claims: target.claims });

/** Every selected invariant that fails on one case (empty when all hold). */
export function checkCase(target: PolicyTarget, c: PolicyCase, options: CheckOptions = {}): Finding[] {
  const opts = withClaims(target, options);
  const obs = drive(target, c, opts);
  return selectInvariants(opts).flatMap((inv) => inv.check(obs, opts) ?? []);
}

/** A fast-check property that one invariant holds for the target on every generated case. */
export function invariantProperty(target: PolicyTarget, invariant: string | Invariant, options: CheckOptions = {}): fc.IPropertyWithHooks<[PolicyCase]> {
  const opts = withClaims(target, options);
  const inv = typeof invariant === 'string' ? getInvariant(invariant) : invariant;
  return fc.property(caseArbitrary(target, opts), (c) => {
    const f = inv.check(drive(target, c, opts), opts);
    if (f) throw new InvariantFailure(f);
  });
}

interface FirstFailure {
  case: PolicyCase;
  finding: Finding;
}

/** Pass 1: every case driven once, every invariant evaluated; the first failing case per invariant. */
function survey(target: PolicyTarget, invariants: Invariant[], opts: CheckOptions, runs: number, seed: number): Map<string, FirstFailure> {
  const failing = new Map<string, FirstFailure>();
  const details = fc.check(fc.property(caseArbitrary(target, opts), (c) => {
    const obs = drive(target, c, opts);
    for (const inv of invariants) {
      if (failing.has(inv.name)) continue;
      const f = inv.check(obs, opts);
      if (f) failing.set(inv.name, { case: c, finding: f });
    }
  }), { seed, numRuns: runs });
  if (details.failed) throw new Error(`compactbench check: the survey pass crashed: ${String(details.errorInstance)}`);
  return failing;
}

/** Pass 2: the invariant alone, same seed, shrunk by fast-check. */
function shrink(target: PolicyTarget, inv: Invariant, first: FirstFailure, opts: CheckOptions, runs: number, seed: number): Counterexample {
  const details = fc.check(invariantProperty(target, inv, opts), { seed, numRuns: runs });
  if (details.failed && details.counterexample) {
    const c = details.counterexample[0];
    const observation = drive(target, c, opts);
    const finding = inv.check(observation, opts) ?? (details.errorInstance as InvariantFailure).finding;
    return { finding, case: c, seed: details.seed, path: details.counterexamplePath, shrinks: details.numShrinks, observation };
  }
  // the failure did not recur with the same seed: the policy is not deterministic; report the first case
  return { finding: first.finding, case: first.case, seed, path: null, shrinks: 0, observation: drive(target, first.case, opts) };
}

/**
 * Checks every selected invariant against the target; failures carry a shrunk counterexample.
 * Synchronous, so `fresh-instance` (which imports the module again) is left out: `checkTarget` runs it.
 */
export function checkPolicy(target: PolicyTarget, options: CheckOptions = {}): CheckReport {
  const opts = withClaims(target, options);
  const runs = opts.runs ?? DEFAULT_RUNS;
  const seed = opts.seed ?? DEFAULT_SEED;
  const invariants = selectInvariants(opts).filter((i) => i !== freshInstance);
  const documented = documentedProperties(target.def, opts);
  const failing = survey(target, invariants, opts, runs, seed);
  const results = invariants.map((inv): InvariantResult => {
    const first = failing.get(inv.name);
    const base = { name: inv.name, description: inv.description, ...(documented[inv.name] ? { documented: documented[inv.name] } : {}) };
    return first ? { ...base, ok: false, counterexample: shrink(target, inv, first, opts, runs, seed) } : { ...base, ok: true };
  });
  const ok = results.every((r) => r.ok || r.documented);
  return { policy: target.def.id, params: { ...(target.params ?? {}) }, runs, seed, ok, results };
}

/**
 * The session a second module instance runs before the case, so module-scope state it leaves behind
 * shows: the same conversation on another window and model, with another seed.
 */
export function warmUpCase(c: PolicyCase): PolicyCase {
  const window = c.context.contextWindow === 200_000 ? 64_000 : 200_000;
  return { ...c, seed: c.seed + 1, context: { ...c.context, contextWindow: window, model: c.context.model === 'gpt-4.1' ? 'claude-sonnet-4.5' : 'gpt-4.1', modelSwitch: null } };
}

/**
 * Drives `c` in a freshly imported instance of the policy's module, and again in another fresh instance
 * after it ran `warmUpCase(c)`; the second run is the observation's `fresh`. Both instances start
 * pristine, so the comparison does not depend on what ran before (a counterexample replays).
 */
export async function driveFresh(target: PolicyTarget, c: PolicyCase, opts: CheckOptions = {}): Promise<Observation> {
  if (!target.reload) throw new Error('driveFresh: the target has no module to import again (a registered policy)');
  const first = drive({ ...target, def: await target.reload() }, c, opts);
  const other = { ...target, def: await target.reload() };
  drive(other, warmUpCase(c), opts);
  return { ...first, fresh: drive(other, c, opts) };
}

/** `fresh-instance` as a fast-check async property. */
export function freshInstanceProperty(target: PolicyTarget, options: CheckOptions = {}): fc.IAsyncPropertyWithHooks<[PolicyCase]> {
  const opts = withClaims(target, options);
  return fc.asyncProperty(caseArbitrary(target, opts), async (c) => {
    const f = freshInstance.check(await driveFresh(target, c, opts), opts);
    if (f) throw new InvariantFailure(f);
  });
}

/** `checkCase`, plus `fresh-instance` when it is selected and the target is a module file. */
export async function checkCaseAsync(target: PolicyTarget, c: PolicyCase, options: CheckOptions = {}): Promise<Finding[]> {
  const found = checkCase(target, c, options);
  const wanted = selectInvariants(options).includes(freshInstance);
  if (!wanted || !target.reload) return found.filter((f) => f.invariant !== freshInstance.name);
  const f = freshInstance.check(await driveFresh(target, c, withClaims(target, options)), options);
  return f ? [...found, f] : found;
}

/** Cases for `fresh-instance`: each costs three runs and two imports, and module state shows on most cases. */
export const freshInstanceRuns = (runs: number): number => Math.min(runs, Math.max(10, Math.ceil(runs / 4)));

/** `checkPolicy`, plus `fresh-instance` for module files (it imports the module again per case). */
export async function checkTarget(target: PolicyTarget, options: CheckOptions = {}): Promise<CheckReport> {
  const report = checkPolicy(target, options);
  if (!target.reload || !selectInvariants(options).includes(freshInstance)) return report;
  const opts = withClaims(target, options);
  const seed = opts.seed ?? DEFAULT_SEED;
  const details = await fc.check(freshInstanceProperty(target, opts), { seed, numRuns: freshInstanceRuns(opts.runs ?? DEFAULT_RUNS) });
  const documented = documentedProperties(target.def, opts)[freshInstance.name];
  const base = { name: freshInstance.name, description: freshInstance.description, ...(documented ? { documented } : {}) };
  let result: InvariantResult = { ...base, ok: true };
  if (details.failed && details.counterexample) {
    const c = details.counterexample[0];
    const observation = await driveFresh(target, c, opts);
    const finding = freshInstance.check(observation, opts) ?? (details.errorInstance as InvariantFailure).finding;
    result = { ...base, ok: false, counterexample: { finding, case: c, seed: details.seed, path: details.counterexamplePath, shrinks: details.numShrinks, observation } };
  } else if (details.failed) {
    throw new Error(`compactbench check: the fresh-instance pass crashed: ${String(details.errorInstance)}`);
  }
  const results = [...report.results, result];
  return { ...report, ok: results.every((r) => r.ok || r.documented), results };
}
