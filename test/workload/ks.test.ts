import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ks, ksStatistic, quantile } from '../../src/workload/ks.js';
import { RUNS } from './helpers.js';

describe('two-sample KS statistic', () => {
  it('is 0 for identical samples and 1 for disjoint ones', () => {
    expect(ksStatistic([1, 2, 3], [3, 2, 1])).toBe(0);
    expect(ksStatistic([1, 2, 3], [4, 5])).toBe(1);
  });

  it('matches a hand-computed value, ties included', () => {
    // F_a steps: 1 -> 0.5, 2 -> 1; F_b: 1 -> 0.25, 3 -> 1; largest gap 0.75 at x = 2
    expect(ksStatistic([1, 2], [1, 3, 3, 3])).toBeCloseTo(0.75, 12);
    // ties across samples are stepped together: [0,0,1] vs [0,1,1] -> |2/3 - 1/3|
    expect(ksStatistic([0, 0, 1], [0, 1, 1])).toBeCloseTo(1 / 3, 12);
  });

  it('is symmetric, in [0, 1], and invariant under a common monotone transform', () => {
    const sample = fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        const d = ksStatistic(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1);
        expect(ksStatistic(b, a)).toBeCloseTo(d, 12);
        expect(ksStatistic(a.map((x) => Math.log1p(x)), b.map((x) => Math.log1p(x)))).toBeCloseTo(d, 12);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('gives a small p-value for clearly different samples and a large one for the same', () => {
    const a = Array.from({ length: 200 }, (_, i) => i);
    expect(ks(a, a.map((x) => x + 100)).p).toBeLessThan(1e-6);
    expect(ks(a, a).p).toBe(1);
  });

  it('reads nearest-rank quantiles', () => {
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([5, 1, 3, 2, 4], 1)).toBe(5);
    expect(quantile([5, 1, 3, 2, 4], 0.1)).toBe(1);
  });
});
