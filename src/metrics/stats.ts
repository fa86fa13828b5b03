/**
 * Small statistics: mean, median, sample standard deviation, and the two 95% intervals the reports use
 * (docs/statistics.md):
 * - levels (a policy's mean cost, events, cache-read share…): the percentile bootstrap over seeds. Its
 *   ends are means of resampled seeds, so they never leave the range of the observed values, hence never
 *   a metric's possible range (no negative counts, no share above 1).
 * - paired differences between policies (common random numbers: the same workloads and seeds): the
 *   Student t interval on the per-seed differences. A difference has no bound to respect, and with few
 *   seeds t is wide where a bootstrap would be overconfident.
 */
import { bootstrapInterval } from './bootstrap.js';

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function stdev(xs: readonly number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / (xs.length - 1));
}

/** Two-sided 97.5% quantiles of Student's t for df = 1..30; beyond, the normal 1.96 is close enough. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function tQuantile975(df: number): number {
  if (df < 1) return NaN;
  return df <= 30 ? T975[df - 1]! : df <= 60 ? 2.0 : 1.96;
}

/** A mean with its 95% interval [lo, hi] (NaN ends with fewer than 2 samples). */
export interface Estimate {
  mean: number;
  lo: number;
  hi: number;
  n: number;
}

/** Student t 95% interval (for paired differences, which have no bound). */
export function tEstimate(xs: readonly number[]): Estimate {
  const clean = xs.filter((x) => Number.isFinite(x));
  const n = clean.length;
  const m = mean(clean);
  const h = n >= 2 ? (tQuantile975(n - 1) * stdev(clean)) / Math.sqrt(n) : NaN;
  return { mean: m, lo: m - h, hi: m + h, n };
}

/** Percentile-bootstrap 95% interval over the samples (for levels: it stays inside the observed range). */
export function estimate(xs: readonly number[]): Estimate {
  const clean = xs.filter((x) => Number.isFinite(x));
  const { lo, hi } = bootstrapInterval(clean);
  return { mean: mean(clean), lo, hi, n: clean.length };
}

/** Half the interval's width (NaN when it is unknown): for the "±" of a symmetric t interval. */
export const halfWidth = (e: Estimate): number => (e.hi - e.lo) / 2;
