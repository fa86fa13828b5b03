/**
 * A gate's floor on the candidate's own level (`min`), beside the bounds on its difference from the
 * baseline (gate-eval.ts). The floor exists for retention: a candidate that forgets what later steps use
 * saves money, and a bound on the difference alone passes it when the baseline forgot as much.
 *
 * The tests read the candidate's 95% percentile-bootstrap interval over seeds: `estimate` the mean,
 * `significant` fails only when the interval's high end is below the floor, `conservative` when its low
 * end is. A metric undefined on every seed is not evaluated, except retention: a session without needs
 * has nothing to lose, so the floor holds (said so in the check's reason).
 */
import type { GateCheck } from './gate-check.js';
import type { Gate, GateLimit, GateTest } from './gate.js';
import type { PairedDelta } from './paired.js';

/** Metrics whose undefined value means "nothing could go wrong" rather than "cannot tell". */
const VACUOUS_WHEN_UNDEFINED = new Set(['retention']);

const show = (x: number): string => String(+x.toFixed(4));

export function levelRule(limit: number): string {
  return `level ≥ ${show(limit)}`;
}

export function checkLevel(d: PairedDelta | undefined, scenario: string, l: GateLimit, test: GateTest): GateCheck {
  const limit = l.min!;
  const base = { scenario, metric: l.metric, bound: 'min' as const, limit, test, rule: levelRule(limit) };
  const c = d?.candidate ?? null;
  if (!d) return { ...base, status: 'not-evaluated', observed: null, reason: `scenario ${JSON.stringify(scenario)} is not in this comparison` };
  if (!c) return { ...base, status: 'not-evaluated', observed: null, reason: `${l.metric} is unpriced (the model has no price), so it cannot be compared` };
  if (!Number.isFinite(c.mean)) {
    return VACUOUS_WHEN_UNDEFINED.has(l.metric)
      ? { ...base, status: 'pass', observed: null, reason: `no ${l.metric} to measure in these sessions (no needs): nothing was lost` }
      : { ...base, status: 'not-evaluated', observed: null, reason: `${l.metric} is undefined for these sessions` };
  }
  if (test !== 'estimate' && (!Number.isFinite(c.lo) || !Number.isFinite(c.hi))) return { ...base, status: 'not-evaluated', observed: null, reason: `test "${test}" needs a confidence interval (at least 2 seeds)` };
  // estimate: the mean; significant: the interval's high end (all of it must be below to fail); conservative: its low end
  const observed = test === 'estimate' ? c.mean : test === 'significant' ? c.hi : c.lo;
  const pass = observed >= limit;
  const what = test === 'estimate' ? 'mean' : test === 'significant' ? 'CI high end' : 'CI low end';
  return { ...base, status: pass ? 'pass' : 'fail', observed, reason: `candidate ${what} ${show(observed)} ${pass ? '≥' : '<'} ${show(limit)}` };
}

/** The gate with compare's `--min-retention` added as a floor on the candidate's retention (a gate of its own when there was none). */
export function withRetentionFloor(gate: Gate | null, min: number | undefined): Gate | null {
  if (min === undefined) return gate;
  const floor: GateLimit = { metric: 'retention', min, note: `--min-retention ${min}: the candidate keeps at least this share of what later steps use` };
  return gate ? { ...gate, limits: [...gate.limits, floor] } : { description: 'compare --min-retention', limits: [floor] };
}
