/**
 * A small typed table (columns + rows) and its CSV text. Chart data and the comparison/sweep tables
 * are tables like this, written to disk as CSV and read back by the charts from that same text.
 */
import { recordField } from './csv-columns.js';
import type { Estimate } from '../metrics/stats.js';

export type Cell = number | string | boolean | null;
export type Row = Record<string, Cell>;

export interface Table {
  columns: readonly string[];
  rows: readonly Row[];
}

/**
 * The table as CSV: csv-stringify's bytes on formula-neutralized cells (csv-safe.ts), written by hand as
 * csv.ts does (test/report/csv-fast.test.ts compares the two): the charts' tables have up to ~45k rows,
 * and csv-stringify was a tenth of a report's serial time.
 */
export function tableCsv(t: Table): string {
  const lines: string[] = [t.columns.map(recordField).join(',')];
  for (const r of t.rows) {
    let line = '';
    for (let i = 0; i < t.columns.length; i++) {
      const v = r[t.columns[i]!];
      if (i) line += ',';
      // number text is never neutralized nor quoted
      line += typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : recordField(v);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** `{m, m_lo, m_hi}` from an estimate: the mean and its 95% interval; null where unknown. */
export function estimateCells(name: string, e: Estimate | null): Row {
  const ok = (x: number): number | null => (Number.isFinite(x) ? x : null);
  if (!e) return { [name]: null, [`${name}_lo`]: null, [`${name}_hi`]: null };
  return { [name]: ok(e.mean), [`${name}_lo`]: ok(e.lo), [`${name}_hi`]: ok(e.hi) };
}

/** File-name-safe form of a scenario name (`trace:a.jsonl` → `trace-a-jsonl`). */
export function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
}
