/**
 * Distributions the scenario files use for sizes and times, and their samplers.
 *
 * `quantiles` is the one fitted to real transcripts: a table of (probability, value) points taken from
 * the empirical distribution (e.g. o200k tokens of every Read result in the Claude Code traces), sampled
 * by inverse transform with interpolation linear in log(1 + value). Log interpolation keeps the heavy
 * right tail of tool outputs (p99 an order of magnitude above p90) instead of flattening it.
 */
import { z } from 'zod';
import type { Rng } from './rng.js';

const num = (what: string) => z.number({ error: what });
const nonNeg = num('a number >= 0').min(0, { error: 'a number >= 0' });
const pos = num('a number > 0').positive({ error: 'a number > 0' });

const Constant = z.object({ kind: z.literal('constant'), value: nonNeg }).strict();
/** bounds must be ordered: an inverted range would silently become a constant */
const ordered = (d: { min?: number; max?: number }, ctx: z.RefinementCtx) => {
  if (d.min !== undefined && d.max !== undefined && d.max < d.min) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: `a number >= min (${d.min})`, input: d.max });
  }
};
const Uniform = z.object({ kind: z.literal('uniform'), min: nonNeg, max: nonNeg }).strict().superRefine(ordered);
const LogNormal = z
  .object({ kind: z.literal('lognormal'), median: pos, sigma: nonNeg, min: nonNeg.optional(), max: pos.optional() })
  .strict()
  .superRefine(ordered);
const Pareto = z
  .object({ kind: z.literal('pareto'), xm: pos, alpha: pos, max: pos.optional() })
  .strict();
const Point = z.tuple([num('a probability in [0, 1]').min(0).max(1), nonNeg], {
  error: 'a [probability, value] pair',
});
const Quantiles = z
  .object({ kind: z.literal('quantiles'), points: z.array(Point).min(2, { error: 'at least two points' }).max(1000, { error: 'at most 1000 points (calibrate writes about 20)' }) })
  .strict()
  .superRefine((d, ctx) => {
    const pts = d.points;
    if (pts[0][0] !== 0) ctx.addIssue({ code: 'custom', path: ['points', 0, 0], message: 'the first probability to be 0', input: pts[0][0] });
    const last = pts.length - 1;
    if (pts[last][0] !== 1) ctx.addIssue({ code: 'custom', path: ['points', last, 0], message: 'the last probability to be 1', input: pts[last][0] });
    for (let i = 1; i < pts.length; i++) {
      if (pts[i][0] < pts[i - 1][0] || pts[i][1] < pts[i - 1][1]) {
        ctx.addIssue({ code: 'custom', path: ['points', i], message: 'points non-decreasing in both probability and value', input: pts[i] });
      }
    }
  });

export const DistSchema = z.discriminatedUnion('kind', [Constant, Uniform, LogNormal, Pareto, Quantiles]);
export type Dist = z.infer<typeof DistSchema>;

/** The value a distribution is centred on or topped at (its draws are capped at the field's bound). */
function location(d: Dist): { field: (string | number)[]; value: number } {
  switch (d.kind) {
    case 'constant':
      return { field: ['value'], value: d.value };
    case 'uniform':
      return { field: ['max'], value: d.max };
    case 'lognormal':
      return { field: [d.min !== undefined && d.min > d.median ? 'min' : 'median'], value: Math.max(d.median, d.min ?? 0) };
    case 'pareto':
      return { field: ['xm'], value: d.xm };
    case 'quantiles':
      return { field: ['points', d.points.length - 1, 1], value: d.points[d.points.length - 1][1] };
  }
}

/**
 * A distribution for a size bounded by `limit` (src/workload/limits.ts): its location (constant value,
 * uniform max, lognormal median, pareto scale, last quantile) must not exceed the limit, and sampleInt
 * caps every draw of a heavy tail at it.
 */
export function boundedDist(limit: number, what: string) {
  return DistSchema.superRefine((d, ctx) => {
    const { field, value } = location(d);
    if (value > limit) ctx.addIssue({ code: 'custom', path: field, message: `at most ${limit} (${what})`, input: value });
  });
}

/** value of a quantile table at probability u (interpolated in log(1 + v)) */
export function quantileAt(points: readonly (readonly [number, number])[], u: number): number {
  for (let i = 1; i < points.length; i++) {
    const [p1, v1] = points[i];
    if (u <= p1) {
      const [p0, v0] = points[i - 1];
      if (p1 === p0) return v1;
      const t = (u - p0) / (p1 - p0);
      const l0 = Math.log1p(v0);
      return Math.expm1(l0 + t * (Math.log1p(v1) - l0));
    }
  }
  return points[points.length - 1][1];
}

/** one draw from `d` (a real number; callers round where they need integers) */
export function sample(d: Dist, rng: Rng): number {
  switch (d.kind) {
    case 'constant':
      return d.value;
    case 'uniform':
      return d.min + rng.next() * (d.max - d.min);
    case 'lognormal': {
      const v = d.median * Math.exp(d.sigma * rng.normal());
      return Math.min(d.max ?? Infinity, Math.max(d.min ?? 0, v));
    }
    case 'pareto': {
      const v = d.xm / Math.pow(1 - rng.next(), 1 / d.alpha);
      return Math.min(d.max ?? Infinity, v);
    }
    case 'quantiles':
      return quantileAt(d.points, rng.next());
  }
}

/** a draw rounded to a non-negative integer, at most `cap` (the field's bound in limits.ts) */
export function sampleInt(d: Dist, rng: Rng, cap = Infinity): number {
  return Math.min(cap, Math.max(0, Math.round(sample(d, rng))));
}

/** the distribution's median (used for documentation and quick checks) */
export function median(d: Dist): number {
  switch (d.kind) {
    case 'constant':
      return d.value;
    case 'uniform':
      return (d.min + d.max) / 2;
    case 'lognormal':
      return Math.min(d.max ?? Infinity, Math.max(d.min ?? 0, d.median));
    case 'pareto':
      return Math.min(d.max ?? Infinity, d.xm * Math.pow(2, 1 / d.alpha));
    case 'quantiles':
      return quantileAt(d.points, 0.5);
  }
}
