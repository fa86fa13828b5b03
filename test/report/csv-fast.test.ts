/**
 * The hand-written CSV writer (src/report/csv.ts) produces exactly what csv-stringify's defaults do on
 * cells neutralized against spreadsheet formulas (src/report/csv-safe.ts).
 */
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVENT_COLUMNS, eventsCsv, STEP_COLUMNS, stepsCsv, toCsv } from '../../src/report/csv.js';
import { fixtureRun } from './helpers.js';
import { cell } from '../../src/report/format.js';
import { safeText, stringifySafe } from '../../src/report/csv-safe.js';
import { tableCsv } from '../../src/report/table.js';

const value = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é', ';', "'", '\t', '#', '=', '-', '+', '@') }),
  fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined),
);

describe('toCsv', () => {
  it('is byte-identical to csv-stringify on adversarial fields', () => {
    fc.assert(fc.property(fc.array(fc.tuple(value, value, value), { maxLength: 20 }), (rows) => {
      const columns = ['a', 'b,c', 'd"e'];
      const objs = rows.map(([a, b, d]) => ({ a, 'b,c': b, 'd"e': d }));
      const expected = stringify([columns, ...objs.map((o) => columns.map((c) => safeText(cell(o[c as keyof typeof o] as never))))]);
      expect(toCsv(objs, columns)).toBe(expected);
    }), { numRuns: 300, seed: 1 });
  });

  it('writes the header alone for no rows', () => {
    expect(toCsv([], ['x', 'y'])).toBe('x,y\n');
  });
});

describe('tableCsv', () => {
  it('is byte-identical to csv-stringify on adversarial cells and column names', () => {
    const tcell = fc.oneof(fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', 'é', "'", '=', '-', '+', '@', '1', '.') }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(fc.property(fc.array(fc.tuple(tcell, tcell), { maxLength: 20 }), (rows) => {
      const columns = ['x', '=y,"z"'];
      const table = { columns, rows: rows.map(([a, b]) => ({ x: a, '=y,"z"': b })) };
      expect(tableCsv(table)).toBe(stringifySafe([[...columns], ...table.rows.map((r) => columns.map((c) => cell(r[c as keyof typeof r])))]));
    }), { numRuns: 300, seed: 2 });
  });
});

describe('steps.csv and events.csv writers', () => {
  it('write the same bytes as the generic toCsv, also for hostile text, nulls and non-finite numbers', () => {
    const { runs } = fixtureRun();
    const hostile = runs.map((r, k) => ({
      ...r,
      steps: r.steps.map((s, i) => ({
        ...s,
        ...(k === 1 ? { scenario: '=HYPERLINK("x"),y', policyLabel: 'a\nb' } : {}),
        model: i % 3 === 0 ? '-cmd' : s.model,
        events: i % 4 === 0 ? 'trim,"summary"' : s.events,
        costTotal: i % 5 === 0 ? null : s.costTotal,
        utilization: i % 7 === 0 ? Number.NaN : i % 11 === 0 ? -0 : s.utilization,
      })),
      events: r.events.map((e, i) => ({ ...e, note: i % 2 ? '@note, "quoted"' : e.note, breakEvenSteps: i % 3 ? null : Infinity })),
    }));
    for (const rs of [runs, hostile]) {
      expect(stepsCsv(rs)).toBe(toCsv(rs.flatMap((r) => r.steps), STEP_COLUMNS));
      expect(eventsCsv(rs)).toBe(toCsv(rs.flatMap((r) => r.events), EVENT_COLUMNS));
    }
    expect(hostile.some((r) => r.events.length > 0)).toBe(true);
  });
});
