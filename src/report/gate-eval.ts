/**
 * Evaluating a gate against paired deltas. Each (limit, bound, scenario) is one check: pass, fail, or
 * not evaluated (an unpriced cost, a metric undefined for these sessions, or a CI test with one seed).
 * The verdict's exit code follows the CLI convention: 0 pass, 2 fail, 3 not evaluated — a definite
 * failure outranks an unevaluated check, since the candidate already broke a limit.
 * A failed session is never a result: every check of a scenario where the candidate failed a session
 * fails, and every check of one where only the baseline failed is not evaluated (nothing to compare).
 */
import type { MetricKey } from '../metrics/catalogue.js';
import { BOUNDS, type BoundKey, type Gate, type GateLimit, type GateTest } from './gate.js';
import { checkLevel } from './gate-level.js';
import type { CheckStatus, GateCheck } from './gate-check.js';
import { relativeLabel, type Interval, type PairedDelta } from './paired.js';

export type { CheckStatus, GateCheck } from './gate-check.js';

export interface GateVerdict {
  status: CheckStatus;
  exitCode: 0 | 2 | 3;
  checks: GateCheck[];
}

const signed = (x: number, pct: boolean): string => `${x >= 0 ? '+' : ''}${Number.isFinite(x) ? +x.toFixed(pct ? 2 : 4) : x}${pct ? '%' : ''}`;

export function ruleText(bound: BoundKey, limit: number): string {
  const pct = bound.endsWith('Pct');
  return `${bound.startsWith('maxRise') ? 'rise' : 'drop'} ≤ ${signed(limit, pct)}`;
}

/** The interval of the quantity the bound limits: the rise (delta) or the drop (−delta). */
function limitedInterval(d: PairedDelta, bound: BoundKey): Interval | null {
  const iv: Interval | null = bound.endsWith('Pct')
    ? d.relativePct
    : d.delta && { mean: d.delta.mean, lo: d.delta.lo, hi: d.delta.hi };
  if (!iv) return null;
  return bound.startsWith('maxRise') ? iv : { mean: -iv.mean, lo: -iv.hi, hi: -iv.lo };
}

/**
 * A percentage bound when the baseline was 0 on every seed: the relative change has no number, but its
 * sign is the absolute change's, so a rise of any size exceeds every percentage bound on rises and no
 * percentage bound on drops can fail.
 */
function fromNothing(d: PairedDelta, base: Omit<GateCheck, 'status' | 'observed' | 'reason'>, bound: BoundKey, test: GateTest): GateCheck {
  const e = d.delta!;
  const end = test === 'estimate' ? e.mean : test === 'significant' ? e.lo : e.hi;
  const rises = end > 0;
  const fail = rises && bound.startsWith('maxRise');
  return { ...base, status: fail ? 'fail' : 'pass', observed: null, reason: `the baseline is 0 on every seed, so the change has no percentage; ${rises ? 'the candidate rises from nothing (new)' : 'the candidate does not rise'}` };
}

function checkOne(d: PairedDelta | undefined, scenario: string, l: GateLimit, bound: BoundKey, test: GateTest): GateCheck {
  const limit = l[bound]!;
  const base = { scenario, metric: l.metric, bound, limit, test, rule: ruleText(bound, limit) };
  const notEvaluated = (reason: string): GateCheck => ({ ...base, status: 'not-evaluated', observed: null, reason });
  if (!d) return notEvaluated(`scenario ${JSON.stringify(scenario)} is not in this comparison`);
  if (!d.delta) return notEvaluated(`${l.metric} is unpriced (the model has no price), so it cannot be compared`);
  if (!d.seeds.length || Number.isNaN(d.delta.mean)) {
    // a session without needs has nothing to lose (gate-level.ts says why retention is the exception)
    if (l.metric === 'retention') return { ...base, status: 'pass', observed: null, reason: 'no retention to measure in these sessions (no needs): nothing was lost' };
    return notEvaluated(`${l.metric} is undefined for these sessions`);
  }
  if (bound.endsWith('Pct') && relativeLabel(d) === 'new') return fromNothing(d, base, bound, test);
  const iv = limitedInterval(d, bound)!;
  if (test !== 'estimate' && (Number.isNaN(iv.lo) || Number.isNaN(iv.hi))) return notEvaluated(`test "${test}" needs a confidence interval (at least 2 seeds)`);
  // estimate: the mean; significant: the interval's near end (all of it must exceed); conservative: its far end
  const observed = test === 'estimate' ? iv.mean : test === 'significant' ? iv.lo : iv.hi;
  const pass = observed <= limit;
  const pct = bound.endsWith('Pct');
  return { ...base, status: pass ? 'pass' : 'fail', observed, reason: `${test === 'estimate' ? 'mean' : test === 'significant' ? 'CI low end' : 'CI high end'} ${signed(observed, pct)} ${pass ? '≤' : '>'} ${signed(limit, pct)}` };
}

/** Failed sessions per scenario of a comparison, with the first failure's cause (report/verdict-failures.ts). */
export interface SideFailures {
  baseline?: { failures: number; sessions: number; firstError: string };
  candidate?: { failures: number; sessions: number; firstError: string };
}

function failedCheck(c: GateCheck, f: SideFailures | undefined): GateCheck {
  const side = f?.candidate ? 'candidate' : f?.baseline ? 'baseline' : null;
  if (!side) return c;
  const x = f![side]!;
  const reason = `the ${side} FAILED in ${x.failures} of ${x.sessions} sessions (${x.firstError}): a failed session is not a result`;
  return { ...c, status: side === 'candidate' ? 'fail' : 'not-evaluated', observed: null, reason };
}

export function evaluateGate(gate: Gate, deltas: readonly PairedDelta[], failures: ReadonlyMap<string, SideFailures> = new Map()): GateVerdict {
  const scenarios = [...new Set(deltas.map((d) => d.scenario))];
  const checks: GateCheck[] = [];
  for (const l of gate.limits) {
    const test = l.test ?? gate.test ?? 'estimate';
    for (const scenario of l.scenarios ?? scenarios) {
      const d = deltas.find((x) => x.scenario === scenario && x.metric === l.metric);
      for (const bound of BOUNDS) if (l[bound] !== undefined) checks.push(failedCheck(checkOne(d, scenario, l, bound, test), failures.get(scenario)));
      if (l.min !== undefined) checks.push(failedCheck(checkLevel(d, scenario, l, test), failures.get(scenario)));
    }
  }
  const status: CheckStatus = checks.some((c) => c.status === 'fail')
    ? 'fail'
    : checks.length === 0 || checks.some((c) => c.status === 'not-evaluated') ? 'not-evaluated' : 'pass';
  return { status, exitCode: status === 'pass' ? 0 : status === 'fail' ? 2 : 3, checks };
}
