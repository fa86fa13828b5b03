/**
 * A small typed table (columns + rows) and its CSV text. Chart data and the comparison/sweep tables
 * are tables like this, written to disk as CSV and read back by the charts from that same text.
 */
import { stringifySafe as stringify } from './csv-safe.js';
import type { Estimate } from '../metrics/stats.js';
import { cell } from './format.js';

export type Cell = number | string | boolean | null;
export type Row = Record<string, Cell>;

export interface Table {
  columns: readonly string[];
  rows: readonly Row[];
}

export function tableCsv(t: Table): string {
  return stringify([[...t.columns], ...t.rows.map((r) => t.columns.map((c) => cell(r[c])))]);
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
