/** CLI error classes: a UsageError exits 2 (bad input), anything else exits 1 (tool error). */
import { TOOL_VERSION } from '../version.js';

export class UsageError extends Error {}

export const EXIT = { ok: 0, toolError: 1, badInput: 2, gateFail: 2, notEvaluated: 3 } as const;

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * A decimal integer flag in [min, max]. Strict on purpose: `Number()` would also take '' (0), '0x10',
 * '0b11', '1e3' and ' 7 ', none of which anyone means as a count.
 */
export function parseIntFlag(name: string, raw: string, min: number, max: number): number {
  const expected = `a whole number from ${min} to ${max} (decimal digits only)`;
  if (!/^\d{1,16}$/.test(raw)) throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected ${expected}`);
  const n = Number(raw);
  if (n < min || n > max) throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected ${expected}`);
  return n;
}

/** The largest value any count flag takes without an explicit bound. */
export const MAX_COUNT_FLAG = 1_000_000;

export function parsePositiveInt(name: string, raw: string, max = MAX_COUNT_FLAG): number {
  return parseIntFlag(name, raw, 1, max);
}

/** A whole number ≥ 0 written in decimal digits (no sign, exponent, hex or empty string). */
export function parseNonNegativeInt(name: string, raw: string, max = MAX_COUNT_FLAG): number {
  return parseIntFlag(name, raw, 0, max);
}

/** A probability in [0, 1], written as a plain decimal (`0.65`, `1`, `.5`). */
export function parseFraction(name: string, raw: string): number {
  const n = /^(\d+(\.\d*)?|\.\d+)$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 0 && n <= 1)) throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected a number from 0 to 1`);
  return n;
}

/**
 * The last resort: an error no command turned into a message is a bug in compactbench, whatever the
 * input was (bad input always gets a one-line message). Say so, and give what a report needs.
 */
export function internalErrorText(e: unknown): string {
  let detail: string;
  try {
    detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
  } catch {
    detail = '(the error could not be printed)';
  }
  return `compactbench: internal error: this is a bug in compactbench, not a problem with your input.\n`
    + `Please report it with the command you ran, compactbench ${TOOL_VERSION} on Node ${process.version}, and the lines below:\n${detail}\n`;
}
