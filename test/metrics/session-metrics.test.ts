import { describe, expect, it } from 'vitest';
import { nonePolicy } from '../../src/policies/none.js';
import { thresholdSummaryPolicy } from '../../src/policies/threshold-summary.js';
import { isSummaryKind, sessionMetrics } from '../../src/metrics/session-metrics.js';
import { aggregate, toRows } from '../../src/metrics/aggregate.js';
import { estimate, median, tEstimate } from '../../src/metrics/stats.js';
import { runFixture } from '../sim/fixtures.js';

describe('session metrics', () => {
  it('derive from the step and event records', () => {
    const run = runFixture(thresholdSummaryPolicy, { resultChars: 3_000, turns: 6 }, { triggerFraction: 0.06, tailFraction: 0.02 });
    const m = sessionMetrics(run);
    expect(m.steps).toBe(run.steps.length);
    expect(m.compactionEvents).toBe(run.events.length);
    expect(m.eventsPer100Steps).toBeCloseTo((100 * run.events.length) / run.steps.length);
    expect(m.eventsPer100Turns).toBeCloseTo((100 * run.events.length) / 6);
    expect(m.summaryEvents).toBe(run.events.length);
    expect(m.pruneOnlyEvents).toBe(0);
    expect(m.auxCalls).toBe(run.events.length);
    expect(m.promptTokens).toBe(run.steps.reduce((a, s) => a + s.promptTokens, 0));
    expect(m.totalTokens).toBe(m.promptTokens + m.auxTokens);
    expect(m.costTotal).toBeCloseTo(run.steps.reduce((a, s) => a + s.costTotal!, 0), 10);
    expect(m.cacheReadShare).toBeCloseTo(m.cacheReadTokens / m.promptTokens);
    expect(m.breaksPer100Steps_compaction).toBeCloseTo((100 * run.steps.filter((s) => s.breakCause === 'compaction').length) / m.steps);
    expect(m.medianEarliestChangedIndex).toBe(median(run.events.map((e) => e.earliestChangedIndex)));
    expect(m.invariantViolations).toBe(0);
  });

  it('mean steps between events counts from the session start', () => {
    const run = runFixture(thresholdSummaryPolicy, { resultChars: 3_000, turns: 6 }, { triggerFraction: 0.06, tailFraction: 0.02 });
    const steps = run.events.map((e) => e.step);
    const gaps = steps.map((s, i) => s - (i ? steps[i - 1]! : 0));
    expect(sessionMetrics(run).meanStepsBetweenEvents).toBeCloseTo(gaps.reduce((a, b) => a + b, 0) / gaps.length);
  });

  it('unpriced models give null costs, never 0', () => {
    const run = runFixture(nonePolicy, { model: 'some-unknown-model' });
    const m = sessionMetrics(run);
    expect(m.costTotal).toBeNull();
    expect(m.promptTokens).toBeGreaterThan(0);
    const agg = aggregate(toRows([run]));
    expect(agg[0]!.metrics.costTotal).toBeNull();
  });

  it('classifies summaries apart from prune-only kinds', () => {
    expect(isSummaryKind('summary')).toBe(true);
    expect(isSummaryKind('compaction')).toBe(true);
    expect(isSummaryKind('prune')).toBe(false);
    expect(isSummaryKind('microcompact')).toBe(false);
    expect(isSummaryKind('clear-tool-uses')).toBe(false);
  });
});

describe('estimates', () => {
  it('the t interval (for paired differences) uses Student t', () => {
    const e = tEstimate([1, 2, 3, 4]);
    expect(e.mean).toBe(2.5);
    // sd = 1.29099, t(3) = 3.182, half-width = 3.182 * 1.29099 / 2
    expect(e.hi - e.mean).toBeCloseTo((3.182 * 1.2909944) / 2, 4);
    expect(Number.isNaN(tEstimate([5]).lo)).toBe(true);
  });

  it('the level interval is a percentile bootstrap: inside the observed range, deterministic, NaN for one value', () => {
    const xs = [0, 0, 7, 0, 1];
    const e = estimate(xs);
    expect(e.mean).toBeCloseTo(1.6, 12);
    expect(e.lo).toBeGreaterThanOrEqual(0);
    expect(e.hi).toBeLessThanOrEqual(7);
    expect(e.lo).toBeLessThan(e.mean);
    expect(e.hi).toBeGreaterThan(e.mean);
    expect(estimate(xs)).toEqual(e);
    expect(estimate([3, 3, 3])).toMatchObject({ lo: 3, hi: 3 });
    expect(Number.isNaN(estimate([5]).lo)).toBe(true);
    // a t interval on the same counts would go below zero, which a count cannot
    expect(tEstimate(xs).lo).toBeLessThan(0);
  });
});
