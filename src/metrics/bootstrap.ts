/**
 * A deterministic percentile bootstrap of the mean. The resamples are drawn once per sample size from a
 * fixed-seed PRNG (seedrandom alea, seed BOOTSTRAP_SEED), so every report with the same inputs has the
 * same intervals, and all policies of a scenario are resampled with the same seed indices (the paired
 * design: a resample picks seeds, not sessions).
 */
import seedrandom from 'seedrandom';

export const BOOTSTRAP_RESAMPLES = 2000;
export const BOOTSTRAP_SEED = 'compactbench-bootstrap-v1';

const plans = new Map<number, Uint16Array>();

/** BOOTSTRAP_RESAMPLES × n indices in 0..n-1, row after row. */
export function resamplePlan(n: number): Uint16Array {
  let p = plans.get(n);
  if (p) return p;
  const rng = seedrandom.alea(`${BOOTSTRAP_SEED}:${n}`);
  p = new Uint16Array(BOOTSTRAP_RESAMPLES * n);
  for (let i = 0; i < p.length; i++) p[i] = Math.floor(rng() * n);
  plans.set(n, p);
  return p;
}

/** Type-7 quantile of sorted values (interpolates between neighbours, so it stays inside their range). */
function quantile(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const i = Math.floor(h);
  const next = sorted[Math.min(i + 1, sorted.length - 1)]!;
  return sorted[i]! + (h - i) * (next - sorted[i]!);
}

/** The 95% percentile interval of the mean; NaN ends with fewer than 2 values. */
export function bootstrapInterval(xs: readonly number[], level = 0.95): { lo: number; hi: number } {
  const n = xs.length;
  if (n < 2) return { lo: NaN, hi: NaN };
  let min = Infinity, max = -Infinity;
  for (const x of xs) { min = Math.min(min, x); max = Math.max(max, x); }
  if (min === max) return { lo: min, hi: max };
  const plan = resamplePlan(n);
  const means = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += xs[plan[b * n + j]!]!;
    means[b] = s / n;
  }
  means.sort();
  const a = (1 - level) / 2;
  // clamp: floating-point sums of n equal-ish values can stray an ulp outside [min, max]
  return { lo: Math.max(min, quantile(means, a)), hi: Math.min(max, quantile(means, 1 - a)) };
}
