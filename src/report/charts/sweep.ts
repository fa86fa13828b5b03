/**
 * The sweep chart: one line per policy family (and combination of the other swept parameters) through
 * the values of the first swept parameter, with 95% CI bars; columns are cost per session, cache breaks
 * and compaction events per 100 steps; rows are scenarios. A policy without that parameter is drawn as
 * a dashed horizontal reference line at its mean.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import type { ReportManifest, SweepParam } from '../manifest.js';
import { sweepValues } from '../sweep-table.js';
import { estimateCells, type Row } from '../table.js';
import { numericParse, topLevel, type Chart, type ChartContext } from './common.js';

const METRICS: readonly { key: MetricKey; label: string }[] = [
  { key: 'costTotal', label: 'cost per session (USD)' },
  { key: 'breaksPer100Steps', label: 'cache breaks per 100 steps' },
  { key: 'eventsPer100Steps', label: 'compaction events per 100 steps' },
];

export function sweepChart(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[], ctx: ChartContext): Chart {
  const [xp, ...rest] = params;
  const numeric = xp!.values.every((v) => v.trim() !== '' && Number.isFinite(Number(v)));
  const metrics = METRICS.filter((m) => ctx.priced || m.key !== 'costTotal');
  const rows: Row[] = aggs.flatMap((a) => {
    const vals = sweepValues(manifest, params, a.policyLabel);
    const others = rest.filter((p) => vals[p.name] !== null).map((p) => `${p.name}=${String(vals[p.name])}`);
    const series = [a.policy, ...others].join(' ');
    return metrics.map((m) => ({
      scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, series, metric: m.label,
      [xp!.name]: vals[xp!.name] === null ? null : numeric ? Number(vals[xp!.name]) : String(vals[xp!.name]),
      ...estimateCells('value', a.metrics[m.key]),
    }));
  });
  const table = { columns: ['scenario', 'policy', 'policyLabel', 'series', 'metric', xp!.name, 'value', 'value_lo', 'value_hi'], rows };
  const seriesDomain = [...new Set(rows.map((r) => String(r.series)))];
  const color = { field: 'series', type: 'nominal', title: 'policy family (other parameters)', scale: { domain: seriesDomain } };
  // the domain is the swept values plus a little room, never below zero when they are not (no "−0.05" tick)
  const xs = xp!.values.map(Number);
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)];
  const room = (hi - lo) * 0.04 || Math.abs(hi) * 0.04 || 1;
  const domain = [lo >= 0 ? Math.max(0, lo - room) : lo - room, hi + room];
  const x = { field: xp!.name, type: numeric ? 'quantitative' : 'ordinal', title: xp!.name, ...(numeric ? { scale: { domain, nice: false, zero: false } } : { sort: xp!.values }) };
  const hasX = `isValid(datum[${JSON.stringify(xp!.name)}])`;
  const chart: Chart = {
    name: 'sweep',
    title: `Sweep over ${xp!.name}`,
    caption: `Mean over seeds with 95% percentile-bootstrap bars at each value of ${xp!.name}; one line per policy family${rest.length ? ' and value of the other swept parameters' : ''}; dashed lines are policies without the parameter.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        facet: {
          row: { field: 'scenario', type: 'nominal', title: null, sort: null, header: { labelFontWeight: 'bold' } },
          column: { field: 'metric', type: 'nominal', title: null, sort: metrics.map((m) => m.label), header: { labelFontWeight: 'bold' } },
        },
        resolve: { scale: { y: 'independent' } },
        spacing: { row: 20, column: 30 },
        spec: {
          width: 260,
          height: 200,
          layer: [
            { transform: [{ filter: `!${hasX}` }], mark: { type: 'rule', strokeDash: [5, 4], strokeWidth: 1.5 }, encoding: { y: { field: 'value', type: 'quantitative' }, color } },
            { transform: [{ filter: hasX }], mark: { type: 'rule', strokeWidth: 1.2 }, encoding: { x, y: { field: 'value_lo', type: 'quantitative' }, y2: { field: 'value_hi' }, color } },
            { transform: [{ filter: hasX }], mark: { type: 'line', point: { filled: true, size: 50 }, strokeWidth: 1.8 }, encoding: {
              x, y: { field: 'value', type: 'quantitative', title: 'mean over seeds (95% bootstrap interval)', scale: { zero: false, nice: true } }, color,
              tooltip: [{ field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'metric' }, { field: xp!.name }, { field: 'value', title: 'mean', format: '.4~f' }, { field: 'value_lo', title: 'CI low', format: '.4~f' }, { field: 'value_hi', title: 'CI high', format: '.4~f' }],
            } },
          ],
        },
      }),
  };
  return chart;
}
