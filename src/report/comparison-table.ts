/**
 * The comparison table (comparison.csv): per scenario and metric, baseline and candidate means with
 * 95% CIs, the paired delta and relative delta with 95% CIs, and the gate's result for that metric.
 */
import { ALL_METRIC_KEYS, HEADLINE_METRICS, type MetricInfo, type MetricKey } from '../metrics/catalogue.js';
import type { GateCheck, GateVerdict } from './gate-eval.js';
import type { PairedDelta } from './paired.js';
import { estimateCells, type Row, type Table } from './table.js';

/** Catalogue info for any metric key (non-headline metrics get their key as label). */
export function metricInfo(key: MetricKey): MetricInfo {
  return HEADLINE_METRICS.find((m) => m.key === key) ?? { key, label: key, unit: '', better: 'none', digits: 3 };
}

/** The headline metrics, then every metric the gate limits that is not among them. */
export function shownMetrics(verdict: GateVerdict | null): MetricKey[] {
  const headline = HEADLINE_METRICS.map((m) => m.key);
  const gated = new Set((verdict?.checks ?? []).map((c) => c.metric));
  return [...headline, ...ALL_METRIC_KEYS.filter((k) => gated.has(k) && !headline.includes(k))];
}

/** The checks of one (scenario, metric), and their combined status ('' when the gate does not limit it). */
export function checksFor(verdict: GateVerdict | null, scenario: string, metric: MetricKey): { checks: GateCheck[]; status: string } {
  const checks = (verdict?.checks ?? []).filter((c) => c.scenario === scenario && c.metric === metric);
  const status = checks.some((c) => c.status === 'fail') ? 'fail' : checks.some((c) => c.status === 'not-evaluated') ? 'not-evaluated' : checks.length ? 'pass' : '';
  return { checks, status };
}

export function comparisonTable(deltas: readonly PairedDelta[], verdict: GateVerdict | null): Table {
  const rows: Row[] = deltas.map((d) => {
    const info = metricInfo(d.metric);
    const { checks, status } = checksFor(verdict, d.scenario, d.metric);
    const pct = d.relativePct;
    const fin = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
    return {
      scenario: d.scenario, metric: d.metric, label: info.label, unit: info.unit, better: info.better, seeds: d.seeds.length,
      ...estimateCells('baseline', d.baseline), ...estimateCells('candidate', d.candidate), ...estimateCells('delta', d.delta),
      deltaPct: fin(pct?.mean), deltaPct_lo: fin(pct?.lo), deltaPct_hi: fin(pct?.hi),
      gate: status, gateRule: checks.map((c) => `${c.rule} (${c.test})`).join('; '),
    };
  });
  const columns = [
    'scenario', 'metric', 'label', 'unit', 'better', 'seeds', 'baseline', 'baseline_lo', 'baseline_hi', 'candidate', 'candidate_lo', 'candidate_hi',
    'delta', 'delta_lo', 'delta_hi', 'deltaPct', 'deltaPct_lo', 'deltaPct_hi', 'gate', 'gateRule',
  ];
  return { columns, rows };
}
