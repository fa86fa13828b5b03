/**
 * Fitting a provider's token scale (cache/token-scale.ts) on transcripts that recorded their usage
 * (`compactbench calibrate --token-scale`).
 *
 * The scale (and a per-message term) are the ones whose replayed prompts come closest to the recorded
 * ones: they minimize the sum of squared relative errors (modelled − recorded) / recorded over every call
 * before the file's first recorded compaction, where the modelled prompt is what `run --trace` sends —
 * the unlogged block sized from the first call, then the provider-scaled logged messages (unlogged.ts).
 * Each session is also judged at the parameters fitted on the other sessions (leave-one-session-out): what
 * the fit predicts for a session it has not seen. As a cross-check, the report also gives the plain ratio of
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
  perFile: { file: string; calls: number; within5: number; meanResidual: number; looWithin5: number }[];
  /**
   * leave-one-session-out: each session's calls judged at the parameters fitted on the other sessions
   * (what the fit predicts for a session it has not seen); share within 5% and RMS over every call
   */
  loo: { within5: number; rms: number };
}

/** Input that holds nothing to fit on (the CLI reports it as bad input, in one line). */
export class ScaleFitError extends Error {
  override name = 'InputError';
}

/** The least-squares sums of one session (see fitTokenScale). */
interface Sums { sxx: number; sxy: number; syy: number; sxr: number; syr: number }

const addSums = (a: Sums, b: Sums, sign = 1): Sums => ({
  sxx: a.sxx + sign * b.sxx, sxy: a.sxy + sign * b.sxy, syy: a.syy + sign * b.syy, sxr: a.sxr + sign * b.sxr, syr: a.syr + sign * b.syr,
});

function solve(s: Sums): { a: number; c: number } {
  const det = s.sxx * s.syy - s.sxy * s.sxy;
  return det > 0 ? { a: (s.sxr * s.syy - s.syr * s.sxy) / det, c: (s.sxx * s.syr - s.sxy * s.sxr) / det } : { a: s.sxx ? s.sxr / s.sxx : 1, c: 0 };
}

/** One call's modelled prompt as a linear function of (scale, perMessage): Z + a·X + c·Y, against R. */
interface Linear { Z: number; X: number; Y: number; R: number }

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
  const lines = usable.map((t): Linear[] => {
    const z = before(t, tokens, { scale: 0, perMessage: 0 });
    const x = before(t, tokens, { scale: 1, perMessage: 0 });
    const y = before(t, tokens, { scale: 0, perMessage: 1 });
    return z.map((c0, k) => ({ Z: c0.modelled, X: x[k]!.modelled - c0.modelled, Y: y[k]!.modelled - c0.modelled, R: c0.recorded }));
  });
  const calls = lines.reduce((n, ls) => n + ls.length, 0);
  // without a call before the first compaction the fit divides zero by zero: "scale NaN"
  if (calls === 0) throw new ScaleFitError('no recorded call before the first compaction to fit a token scale on');
  // minimize Σ ((a·X + c·Y + Z − R) / R)² over the calls
  const sums = lines.map((ls) => ls.reduce((s, l) => {
    const w = 1 / l.R ** 2;
    const r = l.R - l.Z;
    return addSums(s, { sxx: w * l.X * l.X, sxy: w * l.X * l.Y, syy: w * l.Y * l.Y, sxr: w * l.X * r, syr: w * l.Y * r });
  }, { sxx: 0, sxy: 0, syy: 0, sxr: 0, syr: 0 }));
  const total = sums.reduce((a, b) => addSums(a, b));
  const fitted = solve(total);
  const scale = Math.round(fitted.a * 1000) / 1000;
  if (!Number.isFinite(scale) || !Number.isFinite(fitted.c)) throw new ScaleFitError(`the recorded calls do not determine a token scale (${calls} calls, all of one size)`);
  const perMessage = Math.max(0, Math.round(fitted.c));
  const residuals: number[] = [];
  const looResiduals: number[] = [];
  const perFile = usable.map((t, i) => {
    const r = before(t, tokens, { scale, perMessage }).map(rel);
    residuals.push(...r);
    // the other sessions' fit (rounded as a shipped table is), replayed on this one: the clamps of the
    // unlogged sizes make the prompt only nearly linear in the parameters, so it is re-evaluated
    const others = usable.length > 1 ? solve(addSums(total, sums[i]!, -1)) : fitted;
    const lr = before(t, tokens, { scale: Math.round(others.a * 1000) / 1000, perMessage: Math.max(0, Math.round(others.c)) }).map(rel);
    looResiduals.push(...lr);
    return {
      file: basename(t.meta.source) + (t.meta.extra.sidechain ? `>${String(t.meta.extra.sidechain)}` : ''), calls: r.length, within5: r.filter((v) => Math.abs(v) <= 0.05).length,
      meanResidual: r.length ? r.reduce((a, b) => a + b, 0) / r.length : 0, looWithin5: lr.filter((v) => Math.abs(v) <= 0.05).length,
    };
  });
  const growth = growthRatio(usable, tokens);
  const share = (rs: number[]): number => rs.filter((v) => Math.abs(v) <= 0.05).length / (rs.length || 1);
  const rmsOf = (rs: number[]): number => Math.sqrt(rs.reduce((a, r) => a + r * r, 0) / (rs.length || 1));
  return {
    scale, perMessage, files: usable.length, calls: residuals.length, within5: share(residuals),
    residuals, rms: rmsOf(residuals), growthRatio: growth.ratio, intervals: growth.intervals, perFile,
    loo: { within5: share(looResiduals), rms: rmsOf(looResiduals) },
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
