/**
 * Paired baseline-vs-candidate deltas. Both policies ran on identical workloads and seeds (common
 * random numbers), so per scenario the per-seed differences `candidate − baseline` are the sample and
 * the 95% CI is the paired Student t interval on them (DESIGN.md, "Statistics and comparison").
 * The relative delta is that interval divided by the baseline mean over the same seeds. The baseline
 * and candidate levels carry percentile-bootstrap intervals (src/metrics/stats.ts says why).
 */
import type { SessionRow } from '../metrics/aggregate.js';
import { ALL_METRIC_KEYS, type MetricKey } from '../metrics/catalogue.js';
import { estimate, tEstimate, type Estimate } from '../metrics/stats.js';

export interface Interval {
  mean: number;
  lo: number;
  hi: number;
}

export interface PairedDelta {
  scenario: string;
  metric: MetricKey;
  /** seeds where both sessions completed and have a value for this metric */
  seeds: number[];
  /** null when the metric is unpriced (a null cost) on any seed of either side */
  baseline: Estimate | null;
  candidate: Estimate | null;
  delta: Estimate | null;
  /**
   * delta as a percentage of the baseline mean, never below −100% (clipToRange); NaN when the baseline
   * mean is 0 and the delta is not (relativeLabel says "new")
   */
  relativePct: Interval | null;
}

function byScenarioSeed(rows: readonly SessionRow[], label: string): Map<string, Map<number, SessionRow>> {
  const out = new Map<string, Map<number, SessionRow>>();
  for (const r of rows) {
    if (r.run.key.policyLabel !== label) continue;
    let m = out.get(r.run.key.scenario);
    if (!m) out.set(r.run.key.scenario, (m = new Map()));
    m.set(r.run.key.seed, r);
  }
  return out;
}

/** x as a percentage of |base|; NaN when the base is 0 (a relative change from nothing is undefined: see relativeLabel). */
function percentOf(x: number, base: number): number {
  if (Number.isNaN(x)) return NaN;
  if (base !== 0) return (100 * x) / Math.abs(base);
  return x === 0 ? 0 : NaN;
}

export function relative(delta: Estimate, baselineMean: number): Interval {
  return { mean: percentOf(delta.mean, baselineMean), lo: percentOf(delta.lo, baselineMean), hi: percentOf(delta.hi, baselineMean) };
}

/**
 * The paired-t interval kept inside what the difference can be: when neither side can be negative (every
 * metric the bench reports), the candidate's mean is at least 0, so the mean difference is at least
 * −(baseline mean) and its relative change at least −100%. The t interval is symmetric and knows nothing
 * of that bound (aux calls 1 → 0 gave "−100% [−113%, −87%]"); clipping its low end changes no decision,
 * since the bound is the smallest value the truth can take.
 */
export function clipToRange(delta: Estimate, baselineMean: number, nonNegative: boolean): Estimate {
  if (!nonNegative || !(delta.lo < -baselineMean)) return delta;
  return { ...delta, lo: -baselineMean };
}

/**
 * How a relative change reads when it has no number: "new" when the baseline was 0 on every seed and the
 * candidate is not (a percentage of nothing is no number), "n/a" when it is undefined otherwise, null when
 * it has a number.
 */
export function relativeLabel(d: Pick<PairedDelta, 'baseline' | 'delta' | 'relativePct'>): 'new' | 'n/a' | null {
  if (d.relativePct && Number.isFinite(d.relativePct.mean)) return null;
  return d.baseline?.mean === 0 && (d.delta?.mean ?? 0) > 0 ? 'new' : 'n/a';
}

function pairOne(scenario: string, metric: MetricKey, base: Map<number, SessionRow>, cand: Map<number, SessionRow>): PairedDelta {
  const b: number[] = [], c: number[] = [], seeds: number[] = [];
  let unpriced = false;
  for (const [seed, br] of base) {
    const cr = cand.get(seed);
    // a failed session stopped part-way: its figures are no result to pair (the gate fails on it instead)
    if (!cr || br.run.failure || cr.run.failure) continue;
    const bv = br.metrics[metric], cv = cr.metrics[metric];
    if (bv === null || cv === null) { unpriced = true; continue; }
    if (!Number.isFinite(bv) || !Number.isFinite(cv)) continue;
    b.push(bv); c.push(cv); seeds.push(seed);
  }
  if (unpriced) return { scenario, metric, seeds, baseline: null, candidate: null, delta: null, relativePct: null };
  const baseline = estimate(b);
  const nonNegative = b.every((x) => x >= 0) && c.every((x) => x >= 0);
  const delta = clipToRange(tEstimate(c.map((x, i) => x - b[i]!)), baseline.mean, nonNegative);
  const pct = seeds.length ? relative(delta, baseline.mean) : null;
  // the mean of the differences can land a rounding error below −(baseline mean)
  const floor = (x: number): number => (nonNegative && x < -100 ? -100 : x);
  return { scenario, metric, seeds, baseline, candidate: estimate(c), delta, relativePct: pct && { mean: floor(pct.mean), lo: floor(pct.lo), hi: floor(pct.hi) } };
}

/** Deltas per scenario (in run order) and metric; scenarios where either label is missing are skipped. */
export function pairedDeltas(rows: readonly SessionRow[], baselineLabel: string, candidateLabel: string, metrics: readonly MetricKey[] = ALL_METRIC_KEYS): PairedDelta[] {
  const base = byScenarioSeed(rows, baselineLabel);
  const cand = byScenarioSeed(rows, candidateLabel);
  const out: PairedDelta[] = [];
  for (const [scenario, b] of base) {
    const c = cand.get(scenario);
    if (!c) continue;
    for (const m of metrics) out.push(pairOne(scenario, m, b, c));
  }
  return out;
}
