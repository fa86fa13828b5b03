/** Point labels: one per point (identical points named together), none overlapping, none outside the panel. */
import { describe, expect, it } from 'vitest';
import { placeLabels } from '../../src/report/charts/label-placement.js';
import type { Row } from '../../src/report/table.js';

const pt = (policyLabel: string, x: number, y: number): Row => ({ policyLabel, x, y, x_lo: x, x_hi: x, y_lo: y, y_hi: y });
const SIZE = { width: 300, height: 230 };

describe('placeLabels', () => {
  it('names policies at the same point in one label', () => {
    const rows = [pt('a', 1, 1), pt('b', 1, 1), pt('c', 5, 5), pt('d', 9, 9)];
    placeLabels(rows, rows, SIZE);
    expect(rows.map((r) => r.label_right ?? r.label_left)).toEqual(['a = b', null, 'c', 'd']);
  });

  it('moves a label that would overlap another to a free line inside the panel', () => {
    // three points a pixel apart in y: their labels would sit on top of each other
    const rows = [pt('first', 1, 10), pt('second', 1, 10.01), pt('third', 1, 10.02), pt('floor', 0, 0), pt('roof', 10, 20)];
    placeLabels(rows, rows, SIZE);
    const ys = rows.slice(0, 3).map((r) => r.label_y as number);
    expect(new Set(ys.map((y) => y.toFixed(6))).size).toBe(3);
    // 12 px lines on a 230 px panel over 20 units: labels at least ~1 unit apart
    const sorted = [...ys].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThan(1);
    for (const r of rows) expect(r.label_y as number).toBeGreaterThanOrEqual(-1);
  });

  it('puts a label left of its point when it would run past the right edge', () => {
    const rows = [pt('a-rather-long-policy-name', 10, 5), pt('origin', 0, 0)];
    placeLabels(rows, rows, SIZE);
    expect(rows[0]!.label_left).toBe('a-rather-long-policy-name');
    expect(rows[1]!.label_right).toBe('origin');
  });
});
