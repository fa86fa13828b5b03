/** The charts every report has, built from the typed records and their aggregates. */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { SessionRun } from '../../sim/records.js';
import { cacheShareChart } from './cache-share.js';
import { changedIndexChart } from './changed-index.js';
import { HIGHLIGHT_BEST, type Chart, type ChartContext, type RunChartContext } from './common.js';
import type { Verdict } from '../verdict.js';
import { costBreakdownChart } from './cost-breakdown.js';
import { headlineChart } from './headline.js';
import { sawtoothChart } from './sawtooth.js';

/**
 * Policy labels and scenarios in run order (the aggregates' order too: they group the runs by first
 * appearance), the event kinds sorted, and the baseline's label.
 */
export function runContext(runs: readonly SessionRun[], baseline: string): RunChartContext {
  return {
    baseline,
    labels: [...new Set(runs.map((r) => r.key.policyLabel))],
    scenarios: [...new Set(runs.map((r) => r.key.scenario))],
    kinds: [...new Set(runs.flatMap((r) => r.events.map((e) => e.kind)))].sort(),
  };
}

/** Priced when any aggregate has a total cost (unpriced runs chart tokens instead of dollars). */
export function chartContext(aggs: readonly PolicyAggregate[], runs: readonly SessionRun[], verdict?: Verdict): ChartContext {
  const highlight = new Map<string, string[]>();
  for (const s of verdict?.scenarios ?? []) highlight.set(s.scenario, s.ranked.filter((p) => p.policyLabel !== s.baseline).slice(0, HIGHLIGHT_BEST).map((p) => p.policyLabel));
  const rank = new Map((verdict?.scenarios ?? []).map((s) => [s.scenario, new Map(s.ranked.map((p) => [p.policyLabel, p.rank]))]));
  return {
    ...runContext(runs, verdict?.baseline ?? ''),
    highlight,
    rank,
    families: [...new Set(aggs.map((a) => a.policy))],
    priced: aggs.some((a) => a.metrics.costTotal !== null),
  };
}

/** Both headline charts, cost breakdown, one sawtooth per scenario, changed-index distribution, cache-read share; charts without data are left out. */
export function standardCharts(runs: readonly SessionRun[], aggs: readonly PolicyAggregate[], ctx: ChartContext): Chart[] {
  return [...aggregateCharts(aggs, ctx), ...runCharts(runs, ctx)];
}

/** The standard charts drawn from the aggregates (they need the verdict's ranking): headlines and cost breakdown. */
export function aggregateCharts(aggs: readonly PolicyAggregate[], ctx: ChartContext): Chart[] {
  return [headlineChart(aggs, ctx, 'breaks'), headlineChart(aggs, ctx, 'events'), costBreakdownChart(aggs, ctx)].filter((c) => c.table.rows.length > 0);
}

/** The standard charts drawn from the runs alone: a sawtooth per scenario, changed-index, cache-read share. */
export function runCharts(runs: readonly SessionRun[], ctx: RunChartContext): Chart[] {
  return [...ctx.scenarios.map((s) => sawtoothChart(runs, s, ctx)), changedIndexChart(runs, ctx), cacheShareChart(runs, ctx)].filter((c) => c.table.rows.length > 0);
}

export type { Chart, ChartContext, RunChartContext } from './common.js';
