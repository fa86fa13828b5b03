import { describe, expect, it } from 'vitest';
import { DistSchema, median, quantileAt, sample, type Dist } from '../../src/workload/dist.js';
import { quantile } from '../../src/workload/ks.js';
import { Rng } from '../../src/workload/rng.js';

const draw = (d: Dist, n = 20000) => {
  const rng = new Rng('dist-test');
  return Array.from({ length: n }, () => sample(d, rng));
};

describe('distributions', () => {
  it('a quantile table is reproduced by its samples (the fit round-trips)', () => {
    const points: [number, number][] = [[0, 0], [0.1, 0], [0.25, 29], [0.5, 67], [0.75, 160], [0.9, 764], [0.99, 2876], [1, 3753]];
    const v = draw({ kind: 'quantiles', points });
    for (const [p, x] of points.slice(1, -1)) expect(Math.abs(quantile(v, p) - x)).toBeLessThanOrEqual(Math.max(3, x * 0.06));
    expect(Math.max(...v)).toBeLessThanOrEqual(3753);
    expect(v.filter((x) => x === 0).length / v.length).toBeCloseTo(0.1, 1);
  });

  it('interpolates in log(1 + v), keeping the tail heavy', () => {
    // halfway between 10 and 1000 in log space is ~100, not the linear 505
    expect(quantileAt([[0, 10], [1, 1000]], 0.5)).toBeCloseTo(Math.expm1((Math.log1p(10) + Math.log1p(1000)) / 2), 9);
  });

  it('lognormal has the given median and respects its bounds', () => {
    const v = draw({ kind: 'lognormal', median: 90, sigma: 0.8, max: 1000 });
    expect(quantile(v, 0.5)).toBeGreaterThan(85);
    expect(quantile(v, 0.5)).toBeLessThan(95);
    expect(Math.max(...v)).toBeLessThanOrEqual(1000);
    expect(median({ kind: 'lognormal', median: 90, sigma: 0.8 })).toBe(90);
  });

  it('pareto is heavy-tailed above its scale', () => {
    const v = draw({ kind: 'pareto', xm: 10, alpha: 1.5 });
    expect(Math.min(...v)).toBeGreaterThanOrEqual(10);
    expect(quantile(v, 0.5)).toBeCloseTo(10 * Math.pow(2, 1 / 1.5), 0);
  });

  it('rejects malformed tables', () => {
    expect(DistSchema.safeParse({ kind: 'quantiles', points: [[0.1, 1], [1, 2]] }).success).toBe(false);
    expect(DistSchema.safeParse({ kind: 'quantiles', points: [[0, 5], [1, 2]] }).success).toBe(false);
    expect(DistSchema.safeParse({ kind: 'quantiles', points: [[0, 1], [1, 2]] }).success).toBe(true);
  });
});

describe('distribution bounds', () => {
  it('rejects an inverted range', () => {
    expect(DistSchema.safeParse({ kind: 'uniform', min: 5, max: 2 }).success).toBe(false);
    expect(DistSchema.safeParse({ kind: 'lognormal', median: 5, sigma: 1, min: 10, max: 2 }).success).toBe(false);
  });
});
