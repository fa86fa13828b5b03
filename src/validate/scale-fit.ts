/**
 * Fitting a provider's token scale (cache/token-scale.ts) on transcripts that recorded their usage
 * (`compactbench calibrate --token-scale`).
 *
 * The scale is the one whose replayed prompts come closest to the recorded ones: it minimizes the sum
 * of squared relative errors (modelled − recorded) / recorded over every call before the file's first
 * recorded compaction, where the modelled prompt is what `run --trace` sends — the unlogged block sized
 * from the first call, then the scaled o200k counts of the logged messages (unlogged.ts). A one-
 * dimensional golden-section search finds it. As a cross-check, the report also gives the plain ratio of
 * summed recorded growth to summed o200k growth between consecutive calls without a thinking block.
 */
import { basename } from 'node:path';
import type { TokenCounter } from '../core/tokens.js';
import type { ImportedTrace } from '../workload/import/types.js';
import { historyStart, isComplete, promptOf } from './recorded.js';
import { promptChecks, type PromptCheck } from './unlogged.js';

export interface ScaleFit {
  scale: number;
  files: number;
  calls: number;
  /** share of those calls whose modelled prompt is within 5% of the recorded one at the fitted scale */
  within5: number;
  /** per call: (modelled − recorded) / recorded at the fitted scale */
  residuals: number[];
  /** root mean square of the residuals */
  rms: number;
  /** the growth-ratio cross-check and how many intervals it used */
  growthRatio: number;
  intervals: number;
  perFile: { file: string; calls: number; within5: number; meanResidual: number }[];
}

const before = (t: ImportedTrace, tokens: TokenCounter, s: number): PromptCheck[] =>
  promptChecks(t, tokens, s).filter((c) => c.beforeCompaction && c.recorded > 0);

const rel = (c: PromptCheck): number => (c.modelled - c.recorded) / c.recorded;

function objective(traces: readonly ImportedTrace[], tokens: TokenCounter, s: number): number {
  let sum = 0;
  for (const t of traces) for (const c of before(t, tokens, s)) sum += rel(c) ** 2;
  return sum;
}

/** Golden-section minimum of `f` on [lo, hi], to `tol`. */
export function goldenMin(f: (x: number) => number, lo: number, hi: number, tol = 1e-4): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  while (b - a > tol) {
    if (fc < fd) {
      b = d; d = c; fd = fc; c = b - g * (b - a); fc = f(c);
    } else {
      a = c; c = d; fc = fd; d = a + g * (b - a); fd = f(d);
    }
  }
  return (a + b) / 2;
}

export function fitTokenScale(traces: readonly ImportedTrace[], tokens: TokenCounter): ScaleFit {
  const usable = traces.filter((t) => t.meta.calls.some(isComplete));
  if (usable.length === 0) throw new Error('no transcript recorded per-call usage to fit a token scale on');
  const scale = Math.round(goldenMin((s) => objective(usable, tokens, s), 0.5, 3) * 1000) / 1000;
  const residuals: number[] = [];
  const perFile = usable.map((t) => {
    const r = before(t, tokens, scale).map(rel);
    residuals.push(...r);
    return {
      file: basename(t.meta.source), calls: r.length, within5: r.filter((x) => Math.abs(x) <= 0.05).length,
      meanResidual: r.length ? r.reduce((a, b) => a + b, 0) / r.length : 0,
    };
  });
  const growth = growthRatio(usable, tokens);
  return {
    scale, files: usable.length, calls: residuals.length,
    within5: residuals.filter((x) => Math.abs(x) <= 0.05).length / (residuals.length || 1),
    residuals, rms: Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / (residuals.length || 1)),
    growthRatio: growth.ratio, intervals: growth.intervals, perFile,
  };
}

/** Summed recorded prompt growth over summed o200k growth, between consecutive calls of one history line. */
function growthRatio(traces: readonly ImportedTrace[], tokens: TokenCounter): { ratio: number; intervals: number } {
  let rec = 0;
  let o200k = 0;
  let intervals = 0;
  for (const t of traces) {
    const calls = t.meta.calls.filter(isComplete);
    const sys = t.messages[0]?.role === 'system';
    for (let k = 1; k < calls.length; k++) {
      const a = calls[k - 1]!;
      const b = calls[k]!;
      if (a.model !== b.model || historyStart(t.meta.compactions, a.msgIndex, sys) !== historyStart(t.meta.compactions, b.msgIndex, sys)) continue;
      const msgs = t.messages.slice(a.msgIndex, b.msgIndex);
      if (msgs.some((m) => m.reasoning)) continue;
      const o = tokens.messages(msgs);
      if (o <= 0) continue;
      rec += promptOf(b) - promptOf(a);
      o200k += o;
      intervals++;
    }
  }
  return { ratio: o200k ? rec / o200k : NaN, intervals };
}
