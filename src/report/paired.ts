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
  /** delta as a percentage of the baseline mean; ±Infinity when the baseline mean is 0 and the delta is not */
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

function percentOf(x: number, base: number): number {
  if (Number.isNaN(x)) return NaN;
  if (base !== 0) return (100 * x) / Math.abs(base);
  return x === 0 ? 0 : x > 0 ? Infinity : -Infinity;
}

export function relative(delta: Estimate, baselineMean: number): Interval {
  return { mean: percentOf(delta.mean, baselineMean), lo: percentOf(delta.lo, baselineMean), hi: percentOf(delta.hi, baselineMean) };
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
  const delta = tEstimate(c.map((x, i) => x - b[i]!));
  return { scenario, metric, seeds, baseline, candidate: estimate(c), delta, relativePct: seeds.length ? relative(delta, baseline.mean) : null };
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
