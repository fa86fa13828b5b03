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
