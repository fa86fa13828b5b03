/**
 * aggregates.csv: one row per (scenario, policy) with the mean and the 95% CI half-width over seeds of
 * every session metric — the numbers behind the summary tables and the headline chart, as a file.
 * An unpriced cost is an empty cell (never 0).
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { ALL_METRIC_KEYS } from '../metrics/catalogue.js';
import { tableCsv, type Row } from './table.js';

export function aggregatesCsv(aggs: readonly PolicyAggregate[]): string {
  const columns = ['scenario', 'policy', 'policyLabel', 'paramsHash', 'seeds', 'failures', ...ALL_METRIC_KEYS.flatMap((k) => [k, `${k}_ci95`])];
  const rows: Row[] = aggs.map((a) => {
    const r: Row = { scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, paramsHash: a.paramsHash, seeds: a.seeds.join(' '), failures: a.failures };
    for (const k of ALL_METRIC_KEYS) {
      const e = a.metrics[k];
      r[k] = e ? e.mean : null;
      r[`${k}_ci95`] = e ? e.ci95 : null;
    }
    return r;
  });
  return tableCsv({ columns, rows });
}
