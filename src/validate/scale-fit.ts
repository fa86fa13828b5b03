/**
 * Fitting a provider's token scale (cache/token-scale.ts) on transcripts that recorded their usage
 * (`compactbench calibrate --token-scale`).
 *
 * The scale (and a per-message term) are the ones whose replayed prompts come closest to the recorded
 * ones: they minimize the sum of squared relative errors (modelled − recorded) / recorded over every call
 * before the file's first recorded compaction, where the modelled prompt is what `run --trace` sends —
 * the unlogged block sized from the first call, then the provider-scaled logged messages (unlogged.ts).
 * As a cross-check, the report also gives the plain ratio of
 * summed recorded growth to summed o200k growth between consecutive calls without a thinking block.
 */
import { basename } from 'node:path';
import type { ScaleParams } from '../cache/token-scale.js';
import type { TokenCounter } from '../core/tokens.js';
import type { ImportedTrace } from '../workload/import/types.js';
import { historyStart, isComplete, promptOf } from './recorded.js';
import { promptChecks, type PromptCheck } from './unlogged.js';

export interface ScaleFit {
  scale: number;
  perMessage: number;
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

/** Input that holds nothing to fit on (the CLI reports it as bad input, in one line). */
export class ScaleFitError extends Error {
  override name = 'InputError';
}

const before = (t: ImportedTrace, tokens: TokenCounter, p: ScaleParams): PromptCheck[] =>
  promptChecks(t, tokens, p).filter((c) => c.beforeCompaction && c.recorded > 0);

const rel = (c: PromptCheck): number => (c.modelled - c.recorded) / c.recorded;

/**
 * The replayed prompt is linear in (scale, perMessage) — the unlogged sizes are recorded prompts minus
 * scaled messages — so three evaluations give each call's coefficients, and weighted least squares in
 * the relative error gives both parameters (rounding and the rare clamp of a thinking size aside).
 */
export function fitTokenScale(traces: readonly ImportedTrace[], tokens: TokenCounter): ScaleFit {
  const usable = traces.filter((t) => t.meta.calls.some(isComplete));
  if (usable.length === 0) throw new ScaleFitError('no transcript recorded per-call usage to fit a token scale on (give transcripts that recorded it: Claude Code, mini-swe-agent, OpenHands, Codex)');
  const at = (scale: number, perMessage: number) => usable.flatMap((t) => before(t, tokens, { scale, perMessage }));
  const z = at(0, 0);
  // without a call before the first compaction the fit divides zero by zero: "scale NaN"
  if (z.length === 0) throw new ScaleFitError('no recorded call before the first compaction to fit a token scale on');
  const x = at(1, 0);
  const y = at(0, 1);
  // minimize Σ ((a·X + c·Y + Z − R) / R)², X = x − z, Y = y − z
  let sxx = 0; let sxy = 0; let syy = 0; let sxr = 0; let syr = 0;
  z.forEach((c0, k) => {
    const w = 1 / c0.recorded ** 2;
    const X = x[k]!.modelled - c0.modelled;
    const Y = y[k]!.modelled - c0.modelled;
    const r = c0.recorded - c0.modelled;
    sxx += w * X * X; sxy += w * X * Y; syy += w * Y * Y; sxr += w * X * r; syr += w * Y * r;
  });
  const det = sxx * syy - sxy * sxy;
  const fitted = det > 0 ? { a: (sxr * syy - syr * sxy) / det, c: (sxx * syr - sxy * sxr) / det } : { a: sxr / sxx, c: 0 };
  const scale = Math.round(fitted.a * 1000) / 1000;
  if (!Number.isFinite(scale) || !Number.isFinite(fitted.c)) throw new ScaleFitError(`the recorded calls do not determine a token scale (${z.length} calls, all of one size)`);
  const perMessage = Math.max(0, Math.round(fitted.c));
  const residuals: number[] = [];
  const perFile = usable.map((t) => {
    const r = before(t, tokens, { scale, perMessage }).map(rel);
    residuals.push(...r);
    return {
      file: basename(t.meta.source), calls: r.length, within5: r.filter((v) => Math.abs(v) <= 0.05).length,
      meanResidual: r.length ? r.reduce((a, b) => a + b, 0) / r.length : 0,
    };
  });
  const growth = growthRatio(usable, tokens);
  return {
    scale, perMessage, files: usable.length, calls: residuals.length,
    within5: residuals.filter((v) => Math.abs(v) <= 0.05).length / (residuals.length || 1),
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
