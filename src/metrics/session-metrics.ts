/**
 * Per-session metrics: all seven of seed 003 section 6 plus the design's extras. Computed only from
 * the typed records, so every report (CSV, Markdown, charts) shows the same numbers.
 */
import { BREAK_CAUSES, type BreakCause } from '../core/usage.js';
import type { EventRecord, SessionRun } from '../sim/records.js';
import { mean, median } from './stats.js';

export type BreaksByCause = Record<`breaksPer100Steps_${BreakCause}`, number>;

export interface SessionMetrics extends BreaksByCause {
  steps: number;
  userTurns: number;
  compactionEvents: number;
  eventsPer100Steps: number;
  eventsPer100Turns: number;
  meanStepsBetweenEvents: number;
  medianStepsBetweenEvents: number;
  auxCalls: number;
  meanReclaimedTokens: number;
  promptTokens: number;
  auxTokens: number;
  totalTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  uncachedTokens: number;
  costUncached: number | null;
  costCacheWrite: number | null;
  costCacheRead: number | null;
  costOutput: number | null;
  costAux: number | null;
  costTotal: number | null;
  medianEarliestChangedIndex: number;
  meanChangedFraction: number;
  pruneOnlyEvents: number;
  summaryEvents: number;
  pruneToSummaryRatio: number;
  /** prune-only events / all events: defined whenever there is an event, unlike the ratio */
  pruneOnlyShare: number;
  cacheReadShare: number;
  cacheBreaks: number;
  breaksPer100Steps: number;
  peakUtilization: number;
  meanUtilization: number;
  overflowSteps: number;
  overflowAfterCompaction: number;
  noopCompactions: number;
  raisingCompactions: number;
  vetoes: number;
  invariantViolations: number;
  failed: number;
  /** dollars of the workload's offline optimum (the same for every policy on it); NaN when not computed */
  optimumCost: number;
  /** costTotal / optimumCost: how far the policy is from the cheapest schedule of the bound's family */
  costToOptimum: number;
  /** what the session's steps used from earlier context (src/workload/needs/): needs checked */
  needs: number;
  /** needs whose source the request held verbatim */
  needsMet: number;
  /** needs only named in the request (a summary, placeholder or the call still names the file or identifier) */
  needsReferenced: number;
  /** needs nothing in the request showed */
  needsLost: number;
  /** needsMet / needs: the share of what later steps used that the policy kept; NaN when there are no needs */
  retention: number;
}

/** Summaries rewrite history through an LLM call; everything else (prune, strip, clear, trim) is "prune-only". */
export function isSummaryKind(kind: string): boolean {
  return /summar|compact/i.test(kind) && !/microcompact/i.test(kind);
}

/** Sum of a nullable column: null as soon as one value is unpriced. */
function sumNullable(xs: readonly (number | null)[]): number | null {
  let s = 0;
  for (const x of xs) {
    if (x === null) return null;
    s += x;
  }
  return s;
}

function gapsBetween(events: readonly EventRecord[]): number[] {
  const steps = [...new Set(events.map((e) => e.step))].sort((a, b) => a - b);
  const gaps: number[] = [];
  let prev = 0;
  for (const s of steps) {
    gaps.push(s - prev);
    prev = s;
  }
  return gaps;
}

export function sessionMetrics(run: SessionRun): SessionMetrics {
  const { steps, events } = run;
  const n = steps.length;
  const per100 = (x: number, d: number): number => (d > 0 ? (100 * x) / d : 0);
  let prompt = 0, read = 0, write = 0, uncached = 0, output = 0, auxIn = 0, auxOut = 0, auxCalls = 0;
  let peak = 0, utilSum = 0, overflow = 0, overflowAfter = 0, breaks = 0;
  const byCause = new Map<BreakCause, number>();
  for (const s of steps) {
    prompt += s.promptTokens; read += s.cacheReadTokens; write += s.cacheWriteTokens;
    uncached += s.uncachedTokens; output += s.outputTokens;
    auxIn += s.auxInputTokens; auxOut += s.auxOutputTokens; auxCalls += s.auxCalls;
    peak = Math.max(peak, s.utilization); utilSum += s.utilization;
    if (s.overflow) { overflow++; if (s.events) overflowAfter++; }
    if (s.breakCause) { breaks++; byCause.set(s.breakCause, (byCause.get(s.breakCause) ?? 0) + 1); }
  }
  const summaries = events.filter((e) => isSummaryKind(e.kind)).length;
  const pruneOnly = events.length - summaries;
  const gaps = gapsBetween(events);
  const causes = Object.fromEntries(
    BREAK_CAUSES.map((c) => [`breaksPer100Steps_${c}`, per100(byCause.get(c) ?? 0, n)]),
  ) as BreaksByCause;
  return {
    steps: n,
    userTurns: run.userTurns,
    compactionEvents: events.length,
    eventsPer100Steps: per100(events.length, n),
    eventsPer100Turns: per100(events.length, run.userTurns),
    meanStepsBetweenEvents: gaps.length ? mean(gaps) : NaN,
    medianStepsBetweenEvents: gaps.length ? median(gaps) : NaN,
    auxCalls,
    meanReclaimedTokens: events.length ? mean(events.map((e) => e.reclaimedTokens)) : NaN,
    promptTokens: prompt,
    auxTokens: auxIn + auxOut,
    totalTokens: prompt + auxIn + auxOut,
    outputTokens: output,
    cacheReadTokens: read,
    cacheWriteTokens: write,
    uncachedTokens: uncached,
    costUncached: sumNullable(steps.map((s) => s.costUncached)),
    costCacheWrite: sumNullable(steps.map((s) => s.costCacheWrite)),
    costCacheRead: sumNullable(steps.map((s) => s.costCacheRead)),
    costOutput: sumNullable(steps.map((s) => s.costOutput)),
    costAux: sumNullable(steps.map((s) => s.auxCost)),
    costTotal: sumNullable(steps.map((s) => s.costTotal)),
    medianEarliestChangedIndex: events.length ? median(events.map((e) => e.earliestChangedIndex)) : NaN,
    meanChangedFraction: events.length ? mean(events.map((e) => e.changedFraction)) : NaN,
    pruneOnlyEvents: pruneOnly,
    summaryEvents: summaries,
    pruneToSummaryRatio: summaries > 0 ? pruneOnly / summaries : NaN,
    pruneOnlyShare: events.length ? pruneOnly / events.length : NaN,
    cacheReadShare: prompt > 0 ? read / prompt : 0,
    cacheBreaks: breaks,
    breaksPer100Steps: per100(breaks, n),
    ...causes,
    peakUtilization: peak,
    meanUtilization: n ? utilSum / n : 0,
    overflowSteps: overflow,
    overflowAfterCompaction: overflowAfter,
    noopCompactions: events.filter((e) => e.noop).length,
    raisingCompactions: events.filter((e) => e.raised).length,
    vetoes: run.vetoes.length,
    invariantViolations: run.violations.length,
    failed: run.failure ? 1 : 0,
    ...optimumMetrics(run, sumNullable(steps.map((s) => s.costTotal))),
    ...needMetrics(run),
  };
}

function needMetrics(run: SessionRun): Pick<SessionMetrics, 'needs' | 'needsMet' | 'needsReferenced' | 'needsLost' | 'retention'> {
  const n = run.needs ?? { needs: 0, met: 0, referenced: 0, lost: 0 };
  return { needs: n.needs, needsMet: n.met, needsReferenced: n.referenced, needsLost: n.lost, retention: n.needs > 0 ? n.met / n.needs : NaN };
}

function optimumMetrics(run: SessionRun, cost: number | null): Pick<SessionMetrics, 'optimumCost' | 'costToOptimum'> {
  const bound = run.optimumCost ?? NaN;
  return { optimumCost: bound, costToOptimum: cost !== null && bound > 0 ? cost / bound : NaN };
}
