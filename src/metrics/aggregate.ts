/** Aggregation across seeds: per (scenario, policy) the mean and 95% CI of every session metric. */
import type { SessionRun } from '../sim/records.js';
import { ALL_METRIC_KEYS, type MetricKey } from './catalogue.js';
import { sessionMetrics, type SessionMetrics } from './session-metrics.js';
import { estimate, type Estimate } from './stats.js';

export interface SessionRow {
  run: SessionRun;
  metrics: SessionMetrics;
}

export interface PolicyAggregate {
  scenario: string;
  policy: string;
  policyLabel: string;
  paramsHash: string;
  seeds: number[];
  failures: number;
  /**
   * a metric is null when any seed was unpriced (cost columns), and every metric is null when any session
   * failed: a session that stopped part-way is not a result (report/verdict-failures.ts)
   */
  metrics: Record<MetricKey, Estimate | null>;
}

/** Metrics computed for a run ahead of the report (report/run-digest.ts: on the thread that ran it). */
const kept = new WeakMap<SessionRun, SessionMetrics>();

export function keepSessionMetrics(run: SessionRun, m: SessionMetrics): void {
  kept.set(run, m);
}

export function toRows(runs: readonly SessionRun[]): SessionRow[] {
  return runs.map((run) => ({ run, metrics: kept.get(run) ?? sessionMetrics(run) }));
}

/** Groups rows by (scenario, policy label) in first-seen order, which is the run order. */
export function aggregate(rows: readonly SessionRow[]): PolicyAggregate[] {
  const groups = new Map<string, SessionRow[]>();
  for (const r of rows) {
    const k = `${r.run.key.scenario}\u0000${r.run.key.policyLabel}`;
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.values()].map((g) => {
    const key = g[0]!.run.key;
    const metrics = {} as Record<MetricKey, Estimate | null>;
    const failed = g.some((r) => r.run.failure);
    for (const m of ALL_METRIC_KEYS) {
      if (failed) {
        metrics[m] = null;
        continue;
      }
      const xs = g.map((r) => r.metrics[m]);
      metrics[m] = xs.some((x) => x === null) ? null : estimate(xs as number[]);
    }
    return {
      scenario: key.scenario, policy: key.policy, policyLabel: key.policyLabel, paramsHash: key.paramsHash,
      seeds: g.map((r) => r.run.key.seed), failures: g.filter((r) => r.run.failure).length, metrics,
    };
  });
}
