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

/**
 * Rearranges a[lo..hi] so that a[k] holds the value a full sort would put there, smaller-or-equal values
 * before it and greater-or-equal after (Hoare's selection, median-of-three pivot). The two order
 * statistics a quantile needs cost O(n) this way instead of a sort's O(n log n).
 */
function select(a: Float64Array, k: number, lo: number, hi: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three as the pivot value
    let x = a[lo]!, y = a[mid]!, z = a[hi]!;
    if (x > y) [x, y] = [y, x];
    if (y > z) y = z;
    const pivot = x > y ? x : y;
    let i = lo, j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** The smallest of a[from..]. */
function minFrom(a: Float64Array, from: number): number {
  let m = a[from]!;
  for (let i = from + 1; i < a.length; i++) if (a[i]! < m) m = a[i]!;
  return m;
}

/**
 * Type-7 quantile (interpolates between neighbours, so it stays inside their range) of `values`, which
 * it reorders; `from` says the values below index `from` are already the smallest, in any order.
 * The same number as on the sorted array: it needs only the order statistics at floor(h) and the next.
 */
function quantile(values: Float64Array, q: number, from = 0): number {
  const n = values.length;
  const h = (n - 1) * q;
  const i = Math.floor(h);
  select(values, i, from, n - 1);
  const at = values[i]!;
  const next = i + 1 < n ? minFrom(values, i + 1) : at;
  return at + (h - i) * (next - at);
}

/** The mean of each resample of `v` (BOOTSTRAP_RESAMPLES of them, by the plan's rows). */
function resampledMeans(v: Float64Array, plan: Uint16Array): Float64Array {
  const n = v.length;
  const means = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += v[plan[b * n + j]!]!;
    means[b] = s / n;
  }
  return means;
}

/** The 95% percentile interval of the mean; NaN ends with fewer than 2 values. */
export function bootstrapInterval(xs: readonly number[], level = 0.95): { lo: number; hi: number } {
  const n = xs.length;
  if (n < 2) return { lo: NaN, hi: NaN };
  // a typed copy: callers pass arrays of small integers, of doubles or of both, and optimized code
  // specialized on one element kind was discarded at the next (about a thousand times per report)
  const v = Float64Array.from(xs);
  let min = Infinity, max = -Infinity;
  for (let i = 0; i < n; i++) { min = Math.min(min, v[i]!); max = Math.max(max, v[i]!); }
  if (min === max) return { lo: min, hi: max };
  const means = resampledMeans(v, resamplePlan(n));
  const a = (1 - level) / 2;
  // the low quantile first: selecting it leaves the values below it in front, so the high one starts after
  const lo = quantile(means, a);
  const hi = quantile(means, 1 - a, Math.floor((BOOTSTRAP_RESAMPLES - 1) * a) + 1);
  // clamp: floating-point sums of n equal-ish values can stray an ulp outside [min, max]
  return { lo: Math.max(min, lo), hi: Math.min(max, hi) };
}
