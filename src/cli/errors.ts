/** CLI error classes: a UsageError exits 2 (bad input), anything else exits 1 (tool error). */
export class UsageError extends Error {}

export const EXIT = { ok: 0, toolError: 1, badInput: 2, gateFail: 2, notEvaluated: 3 } as const;

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function parsePositiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected a positive integer`);
  return n;
}

/** A whole number ≥ 0 written in decimal digits (no sign, exponent, hex or empty string). */
export function parseNonNegativeInt(name: string, raw: string): number {
  const n = /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected a whole number ≥ 0`);
  return n;
}
