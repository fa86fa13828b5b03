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

/** `mean [lo, hi]` with the interval omitted when it is unknown (one seed) or a single point. */
export function meanCi(e: { mean: number; lo: number; hi: number } | null, digits: number): string {
  if (!e) return 'unpriced';
  if (!Number.isFinite(e.mean)) return '—';
  if (!Number.isFinite(e.lo) || !Number.isFinite(e.hi)) return fixed(e.mean, digits);
  const [m, lo, hi] = [fixed(e.mean, digits), fixed(e.lo, digits), fixed(e.hi, digits)];
  return lo === hi ? m : `${m} [${lo}, ${hi}]`;
}

/** JSON replacer: NaN and Infinity become null (JSON has no NaN). */
export function jsonSafe(_k: string, v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? null : v;
}
