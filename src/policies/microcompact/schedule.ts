/**
 * When /microcompact fires without a scenario command: a schedule given as policy parameters
 * (`everySteps`, `atSteps`), so a "user types /microcompact every k steps" experiment runs on any
 * workload. Also parses the command's optional argument, `/microcompact [N]` (seed 000, "Usage").
 */
import { ParamError } from '../params.js';

export interface Schedule {
  /** fire on every step that is a positive multiple of this (0: off) */
  everySteps: number;
  /** fire on these 0-based steps */
  atSteps: ReadonlySet<number>;
}

/**
 * `"10;25;40"` → {10, 25, 40}; empty → {}. Items may be separated by `;`, `,`, `:` or spaces: the
 * CLI's `--policy id:key=value,...` form splits parameters at commas, so `;` is the one to use there.
 * Throws a ParamError naming the bad item.
 */
export function parseStepList(raw: string, policyId = 'microcompact'): Set<number> {
  const out = new Set<number>();
  for (const item of raw.split(/[;,:\s]+/)) {
    const t = item.trim();
    if (!t) continue;
    const n = Number(t);
    if (!/^\d+$/.test(t) || !Number.isSafeInteger(n)) {
      throw new ParamError(`policy ${policyId}: parameter atSteps: got ${JSON.stringify(t)} in ${JSON.stringify(raw)}, expected step numbers (0-based) separated by ';'`);
    }
    out.add(n);
  }
  return out;
}

export function isScheduled(step: number, s: Schedule): boolean {
  return (s.everySteps > 0 && step > 0 && step % s.everySteps === 0) || s.atSteps.has(step);
}

/**
 * The argument of `/microcompact [N]`: undefined or blank → the default; a non-negative integer →
 * that N; anything else → null (the caller reports a usage error).
 */
export function parseKeepArg(args: string | undefined, fallback: number): number | null {
  const t = (args ?? '').trim();
  if (!t) return fallback;
  return /^\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : null;
}
