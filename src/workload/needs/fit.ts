/**
 * Fitting the need distributions on recorded transcripts (derive.ts), for the generator (sample.ts):
 * how many needs a step has, of which kind, and how far back (in steps) their source is. The fitted
 * table ships as table.ts; `calibrate --needs` refits it and reports data, fit, residuals and a
 * leave-one-session-out check.
 */
import { NEED_KINDS, type Need, type NeedKind } from './types.js';

/** a step's need count is binned 0..MAX_PER_STEP, the last bin holding MAX_PER_STEP or more */
export const MAX_PER_STEP = 6;
/** the distance quantiles kept per kind */
export const QUANTILES: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

export interface NeedSession {
  file: string;
  steps: number;
  needs: readonly Need[];
}

export interface NeedTable {
  /** where the fit comes from */
  provenance: string;
  sessions: number;
  steps: number;
  needs: number;
  /** P(a step has n needs), n = 0..MAX_PER_STEP (the last: that many or more) */
  perStep: number[];
  /** share of each kind among needs */
  kinds: Record<NeedKind, number>;
  /** distance back in steps (need step − source step) at QUANTILES, per kind; empty when the kind never occurs */
  distance: Record<NeedKind, number[]>;
}

export function quantile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const x = p * (sorted.length - 1);
  const lo = Math.floor(x);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (x - lo);
}

/** Per-step need counts of a session, binned. */
export function perStepCounts(s: NeedSession): number[] {
  const at = new Map<number, number>();
  for (const n of s.needs) at.set(n.step, (at.get(n.step) ?? 0) + 1);
  const bins = new Array<number>(MAX_PER_STEP + 1).fill(0);
  for (let t = 0; t < s.steps; t++) bins[Math.min(MAX_PER_STEP, at.get(t) ?? 0)]!++;
  return bins;
}

export function fitNeedTable(sessions: readonly NeedSession[], provenance: string): NeedTable {
  const bins = new Array<number>(MAX_PER_STEP + 1).fill(0);
  let steps = 0;
  const dist: Record<NeedKind, number[]> = { edit: [], reference: [], instruction: [] };
  for (const s of sessions) {
    steps += s.steps;
    perStepCounts(s).forEach((c, i) => (bins[i]! += c));
    for (const n of s.needs) dist[n.kind].push(n.step - n.sourceStep);
  }
  const total = NEED_KINDS.reduce((a, k) => a + dist[k].length, 0);
  const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;
  const kinds = Object.fromEntries(NEED_KINDS.map((k) => [k, total ? round(dist[k].length / total) : 0])) as Record<NeedKind, number>;
  const distance = Object.fromEntries(NEED_KINDS.map((k) => {
    const xs = [...dist[k]].sort((a, b) => a - b);
    return [k, xs.length ? QUANTILES.map((p) => round(quantile(xs, p), 2)) : []];
  })) as Record<NeedKind, number[]>;
  return { provenance, sessions: sessions.length, steps, needs: total, perStep: bins.map((b) => round(steps ? b / steps : 0)), kinds, distance };
}
