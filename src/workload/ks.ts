/**
 * Two-sample Kolmogorov-Smirnov statistic: the largest vertical distance between two empirical CDFs.
 * Ties (common in token counts: many identical acknowledgements) are handled by stepping both samples
 * past each distinct value before comparing, so D is exact for discrete data too.
 */

export interface KsResult {
  /** sup |F_a(x) - F_b(x)| */
  d: number;
  /** asymptotic two-sided p-value (Kolmogorov distribution with n = na·nb/(na+nb)); approximate for ties */
  p: number;
  na: number;
  nb: number;
}

export function ksStatistic(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return NaN;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i], y[j]);
    while (i < x.length && x[i] === v) i++;
    while (j < y.length && y[j] === v) j++;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return d;
}

/** Q_KS(λ) = 2 Σ (-1)^(k-1) exp(-2 k² λ²) */
function kolmogorovQ(lambda: number): number {
  if (lambda < 0.2) return 1;
  let sum = 0;
  for (let k = 1; k <= 100; k++) {
    const term = Math.exp(-2 * k * k * lambda * lambda);
    sum += (k % 2 ? 1 : -1) * term;
    if (term < 1e-12) break;
  }
  return Math.max(0, Math.min(1, 2 * sum));
}

export function ks(a: readonly number[], b: readonly number[]): KsResult {
  const d = ksStatistic(a, b);
  const n = (a.length * b.length) / (a.length + b.length);
  const sqrtN = Math.sqrt(n);
  // Stephens' small-sample correction of the asymptotic distribution
  const p = Number.isNaN(d) ? NaN : kolmogorovQ((sqrtN + 0.12 + 0.11 / sqrtN) * d);
  return { d, p, na: a.length, nb: b.length };
}

/** value at probability q of a sample (nearest rank) */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((p, r) => p - r);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}
