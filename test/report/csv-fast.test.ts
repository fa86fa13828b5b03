/**
 * The hand-written CSV writer (src/report/csv.ts) produces exactly what csv-stringify's defaults do on
 * cells neutralized against spreadsheet formulas (src/report/csv-safe.ts).
 */
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../src/report/csv.js';
import { cell } from '../../src/report/format.js';
import { safeText } from '../../src/report/csv-safe.js';

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
