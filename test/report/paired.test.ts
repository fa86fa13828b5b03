import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../src/metrics/aggregate.js';
import { pctText } from '../../src/report/compare-markdown.js';
import { pairedDeltas, relativeLabel } from '../../src/report/paired.js';

/** A session row with only the run key and the given metrics (what pairedDeltas reads). */
function row(label: string, seed: number, metrics: Record<string, number | null>, scenario = 's'): SessionRow {
  return { run: { key: { scenario, seed, policy: label, policyLabel: label, paramsHash: '' } }, metrics } as unknown as SessionRow;
}

describe('paired deltas', () => {
  it('takes the paired Student t interval of per-seed differences and a relative delta over the baseline mean', () => {
    const rows = [
      row('A', 1, { costTotal: 1 }), row('B', 1, { costTotal: 2 }),
      row('A', 2, { costTotal: 2 }), row('B', 2, { costTotal: 4 }),
      row('A', 3, { costTotal: 3 }), row('B', 3, { costTotal: 5 }),
    ];
    const [d] = pairedDeltas(rows, 'A', 'B', ['costTotal']);
    // differences 1, 2, 2: mean 5/3, sd 0.57735, t(2) = 4.303
    expect(d!.seeds).toEqual([1, 2, 3]);
    expect(d!.delta!.mean).toBeCloseTo(5 / 3, 12);
    const h = (4.303 * Math.sqrt(1 / 3)) / Math.sqrt(3);
    expect(d!.delta!.lo).toBeCloseTo(5 / 3 - h, 9);
    expect(d!.delta!.hi).toBeCloseTo(5 / 3 + h, 9);
    expect(d!.baseline!.mean).toBe(2);
    expect(d!.relativePct!.mean).toBeCloseTo((100 * 5) / 3 / 2, 9);
    expect(d!.relativePct!.lo).toBeCloseTo((100 * (5 / 3 - h)) / 2, 9);
  });

  it('is narrower than the unpaired spread when seeds share most of their variation', () => {
    const rows = [10, 20, 30, 40].flatMap((base, i) => [row('A', i + 1, { x: base }), row('B', i + 1, { x: base + 1 + (i % 2) * 0.1 })]);
    const [d] = pairedDeltas(rows, 'A', 'B', ['x' as never]);
    expect(d!.delta!.mean).toBeCloseTo(1.05, 12);
    expect(d!.delta!.hi - d!.delta!.lo).toBeLessThan(0.4);
    expect(d!.baseline!.hi - d!.baseline!.lo).toBeGreaterThan(10);
  });

  it('reports an unpriced metric as null, drops seeds where a metric is undefined, and pairs by scenario and seed', () => {
    const rows = [
      row('A', 1, { costTotal: null, m: NaN }), row('B', 1, { costTotal: 1, m: 3 }),
      row('A', 2, { costTotal: 1, m: 1 }), row('B', 2, { costTotal: 1, m: 2 }),
      row('A', 1, { costTotal: 1, m: 5 }, 't'), row('B', 2, { costTotal: 1, m: 5 }, 't'),
    ];
    const ds = pairedDeltas(rows, 'A', 'B', ['costTotal', 'm' as never]);
    expect(ds.find((d) => d.scenario === 's' && d.metric === 'costTotal')!.delta).toBeNull();
    const m = ds.find((d) => d.scenario === 's' && d.metric === ('m' as never))!;
    expect(m.seeds).toEqual([2]);
    expect(m.delta!.mean).toBe(1);
    expect(m.delta!.lo).toBeNaN();
    const t = ds.find((d) => d.scenario === 't' && d.metric === ('m' as never))!;
    expect(t.seeds).toEqual([]);
    expect(t.relativePct).toBeNull();
  });

  it('gives no percentage when the baseline mean is 0 and the delta is not, and says "new"', () => {
    const rows = [row('A', 1, { v: 0 }), row('B', 1, { v: 2 }), row('A', 2, { v: 0 }), row('B', 2, { v: 0 })];
    const [d] = pairedDeltas(rows, 'A', 'B', ['v' as never]);
    expect(d!.relativePct!.mean).toBeNaN();
    expect(relativeLabel(d!)).toBe('new');
    expect(pctText(d!)).toBe('new');
    const same = pairedDeltas([row('A', 1, { v: 0 }), row('B', 1, { v: 0 })], 'A', 'B', ['v' as never])[0]!;
    expect(same.relativePct!.mean).toBe(0);
    expect(relativeLabel(same)).toBeNull();
  });

  it('keeps the interval at or above −100% when a non-negative metric falls to 0 on every seed', () => {
    const rows = [1, 2, 3].flatMap((s) => [row('A', s, { v: s === 2 ? 1 : 3 }), row('B', s, { v: 0 })]);
    const d = pairedDeltas(rows, 'A', 'B', ['v' as never])[0]!;
    // unclipped, the paired t interval on (−3, −1, −3) reaches far below −(baseline mean)
    expect(d.delta!.lo).toBeCloseTo(-d.baseline!.mean, 12);
    expect(d.relativePct!.lo).toBeGreaterThanOrEqual(-100);
    expect(d.relativePct!.mean).toBeGreaterThanOrEqual(-100);
  });

  it('leaves the interval of a metric that can be negative unclipped', () => {
    const rows = [1, 2, 3].flatMap((s) => [row('A', s, { v: s === 2 ? -1 : 3 }), row('B', s, { v: 0 })]);
    const d = pairedDeltas(rows, 'A', 'B', ['v' as never])[0]!;
    expect(d.delta!.lo).toBeLessThan(-d.baseline!.mean);
  });
});
