/** Small statistics: mean, median, sample standard deviation and Student-t 95% intervals. */

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

export interface Estimate {
  mean: number;
  /** half-width of the 95% confidence interval (NaN with fewer than 2 samples) */
  ci95: number;
  n: number;
}

export function estimate(xs: readonly number[]): Estimate {
  const clean = xs.filter((x) => Number.isFinite(x));
  const n = clean.length;
  return { mean: mean(clean), ci95: n >= 2 ? (tQuantile975(n - 1) * stdev(clean)) / Math.sqrt(n) : NaN, n };
}
