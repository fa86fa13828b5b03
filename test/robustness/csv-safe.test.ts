/** Issue 13 finding 11: input text never starts a spreadsheet formula in a CSV cell. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { safeText, stringifySafe } from '../../src/report/csv-safe.js';
import { sessionsCsv } from '../../src/report/csv.js';
import { toRows } from '../../src/metrics/aggregate.js';
import { fixtureRun } from '../report/helpers.js';

describe('CSV formula prefixes', () => {
  it('neutralizes =, +, -, @, tab and CR starts in text, keeps numbers numbers', () => {
    for (const s of ['=HYPERLINK("http://x","y")', '+1+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(safeText(s)).toBe(`'${s}`);
    for (const s of ['-0.25', '-1e-7', '12', 'plain', '']) expect(safeText(s)).toBe(s);
    expect(stringifySafe([['=a', -1, '-1']])).toBe("'=a,-1,-1\n");
  });

  it('in every cell of sessions.csv that comes from input (a policy module id here)', () => {
    const { runs } = fixtureRun({ seeds: 1, scenarios: [{ name: 'a' }] });
    const evil = runs.map((r) => ({ ...r, key: { ...r.key, policy: '=HYPERLINK("http://evil","x")', policyLabel: '@label' } }));
    const rows = parse(sessionsCsv(toRows(evil)), { columns: true }) as Record<string, string>[];
    for (const row of rows) {
      expect(row.policy).toBe(`'=HYPERLINK("http://evil","x")`);
      expect(row.policyLabel).toBe("'@label");
      for (const v of Object.values(row)) expect(v).not.toMatch(/^[=+@\t\r]/);
    }
  });
});
