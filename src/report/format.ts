/** Number formatting shared by the CSV, JSON and Markdown writers (deterministic, no locale). */

/** CSV/JSON cell: empty for null/NaN, plain JS number text otherwise (round-trips exactly). */
export function cell(x: number | string | boolean | null | undefined): string {
  if (x === null || x === undefined) return '';
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : '';
  return String(x);
}

/** Fixed digits for tables; '—' for missing values. */
export function fixed(x: number | null | undefined, digits: number): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  return x.toFixed(digits);
}

/** `mean ± ci` with the CI omitted when it is unknown (one seed). */
export function meanCi(e: { mean: number; ci95: number } | null, digits: number): string {
  if (!e) return 'unpriced';
  if (!Number.isFinite(e.mean)) return '—';
  return Number.isFinite(e.ci95) ? `${fixed(e.mean, digits)} ± ${fixed(e.ci95, digits)}` : fixed(e.mean, digits);
}

/** JSON replacer: NaN and Infinity become null (JSON has no NaN). */
export function jsonSafe(_k: string, v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}
