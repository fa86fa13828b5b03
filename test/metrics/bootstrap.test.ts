/**
 * The bootstrap interval finds its two quantiles by selection, not by sorting the resampled means; it
 * must return exactly the numbers the sorted version does (reports are byte-identical across versions).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP_RESAMPLES, bootstrapInterval, resamplePlan } from '../../src/metrics/bootstrap.js';

/** The definition: sort all resampled means, type-7 quantiles, clamped to the observed range. */
function bySorting(xs: number[], level: number): { lo: number; hi: number } {
  const n = xs.length;
  if (n < 2) return { lo: NaN, hi: NaN };
  const min = Math.min(...xs), max = Math.max(...xs);
  if (min === max) return { lo: min, hi: max };
  const plan = resamplePlan(n);
  const means = new Float64Array(BOOTSTRAP_RESAMPLES);
  for (let b = 0; b < BOOTSTRAP_RESAMPLES; b++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += xs[plan[b * n + j]!]!;
    means[b] = s / n;
  }
  means.sort();
  const q = (p: number): number => {
    const h = (means.length - 1) * p;
    const i = Math.floor(h);
    return means[i]! + (h - i) * (means[Math.min(i + 1, means.length - 1)]! - means[i]!);
  };
  const a = (1 - level) / 2;
  return { lo: Math.max(min, q(a)), hi: Math.min(max, q(1 - a)) };
}

const sample = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 0, maxLength: 12 }), // many ties
  fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 12 }),
  fc.array(fc.constantFrom(0, -0, 1e-12, -1e-12), { minLength: 2, maxLength: 8 }),
);

describe('bootstrapInterval', () => {
  it('equals the sort-based definition exactly (ties, signed zeros, any spread)', () => {
    fc.assert(fc.property(sample, fc.constantFrom(0.95, 0.9, 0.5, 0.99), (xs, level) => {
      const got = bootstrapInterval(xs, level);
      const want = bySorting(xs, level);
      expect(Object.is(got.lo, want.lo) || (Number.isNaN(got.lo) && Number.isNaN(want.lo)), `lo ${got.lo} vs ${want.lo}`).toBe(true);
      expect(Object.is(got.hi, want.hi) || (Number.isNaN(got.hi) && Number.isNaN(want.hi)), `hi ${got.hi} vs ${want.hi}`).toBe(true);
    }), { numRuns: 400, seed: 15 });
  });
});
