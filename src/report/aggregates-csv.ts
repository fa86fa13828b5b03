/**
 * aggregates.csv: one row per (scenario, policy) with the mean and the 95% interval over seeds (percentile
 * bootstrap, so inside the metric's range) of
 * every session metric — the numbers behind the summary tables and the headline chart, as a file.
 * An unpriced cost is an empty cell (never 0).
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { ALL_METRIC_KEYS } from '../metrics/catalogue.js';
import { estimateCells, tableCsv, type Row } from './table.js';

export function aggregatesCsv(aggs: readonly PolicyAggregate[]): string {
  const columns = ['scenario', 'policy', 'policyLabel', 'paramsHash', 'seeds', 'failures', ...ALL_METRIC_KEYS.flatMap((k) => [k, `${k}_lo`, `${k}_hi`])];
  const rows: Row[] = aggs.map((a) => {
    const r: Row = { scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, paramsHash: a.paramsHash, seeds: a.seeds.join(' '), failures: a.failures };
    for (const k of ALL_METRIC_KEYS) {
      Object.assign(r, estimateCells(k, a.metrics[k]));
    }
    return r;
  });
  return tableCsv({ columns, rows });
}
