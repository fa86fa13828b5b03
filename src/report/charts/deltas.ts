/**
 * The comparison chart: per scenario, the candidate's paired change against the baseline for each shown
 * metric, as a percentage of the baseline mean with its 95% CI, coloured by the gate's result, with the
 * gate's percentage bounds as dark ticks drawn under the dots (red is a failed check's colour). The x axis is symlog (linear within ±10%).
 */
import { checksFor, metricInfo, shownMetrics } from '../comparison-table.js';
import type { GateVerdict } from '../gate-eval.js';
import type { PairedDelta } from '../paired.js';
import type { Row } from '../table.js';
import { numericParse, topLevel, wrapFacet, type Chart } from './common.js';

const STATUS = ['fail', 'not evaluated', 'pass', 'no limit'];
/** symlog, linear within ±10%: small changes near a 2% bound stay visible beside a +300% outlier */
const X_SCALE = { type: 'symlog', constant: 10 };
const TICKS = [-1000, -500, -200, -100, -50, -20, -10, -5, 0, 5, 10, 20, 50, 100, 200, 500, 1000];

export function deltasChart(deltas: readonly PairedDelta[], verdict: GateVerdict | null, baseline: string, candidate: string): Chart {
  const keys = shownMetrics(verdict);
  const labels = keys.map((k) => metricInfo(k).label);
  const fin = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
  const rows: Row[] = [];
  for (const d of deltas) {
    if (!keys.includes(d.metric)) continue;
    const { checks, status } = checksFor(verdict, d.scenario, d.metric);
    const pctBounds = checks.filter((c) => c.bound.endsWith('Pct')).map((c) => (c.bound === 'maxRisePct' ? c.limit : -c.limit));
    const base = { scenario: d.scenario, metric: d.metric, label: metricInfo(d.metric).label, gate: status === 'not-evaluated' ? 'not evaluated' : status || 'no limit' };
    rows.push({ ...base, deltaPct: fin(d.relativePct?.mean), deltaPct_lo: fin(d.relativePct?.lo), deltaPct_hi: fin(d.relativePct?.hi), limitPct: null });
    for (const b of pctBounds) rows.push({ ...base, deltaPct: null, deltaPct_lo: null, deltaPct_hi: null, limitPct: b });
  }
  // two invisible points per scenario at ±(the largest magnitude) keep zero in the middle of its panel
  for (const sc of new Set(rows.map((r) => r.scenario))) {
    const mags = rows.filter((r) => r.scenario === sc).flatMap((r) => [r.deltaPct, r.deltaPct_lo, r.deltaPct_hi, r.limitPct]).filter((x): x is number => typeof x === 'number').map(Math.abs);
    const m = Math.max(1, ...mags) * 1.1;
    for (const pad of [-m, m]) rows.push({ scenario: sc, metric: '', label: labels[0]!, gate: null, deltaPct: null, deltaPct_lo: null, deltaPct_hi: null, limitPct: null, pad });
  }
  const table = { columns: ['scenario', 'metric', 'label', 'gate', 'deltaPct', 'deltaPct_lo', 'deltaPct_hi', 'limitPct', 'pad'], rows };
  const y = { field: 'label', type: 'nominal', title: null, sort: labels, scale: { domain: labels } };
  const color = { field: 'gate', type: 'nominal', title: 'gate', scale: { domain: STATUS, range: ['#d62728', '#ff9f1c', '#2ca02c', '#7f7f7f'] } };
  const chart: Chart = {
    name: 'deltas',
    title: `Candidate vs baseline: change per metric`,
    caption: `Paired change of ${candidate} against ${baseline}, % of the baseline mean with 95% CI; dark ticks are the gate's percentage bounds.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        ...wrapFacet('scenario', [...new Set(deltas.map((d) => d.scenario))], 2),
        resolve: { scale: { x: 'independent' } },
        spacing: { row: 24, column: 24 },
        spec: {
          width: 400,
          height: { step: 18 },
          layer: [
            // the gate's bounds first, so the dots and their intervals are drawn over them; dark grey, since
            // red means "fail" in this chart; left out when no check has a percentage bound (an empty layer
            // makes vega warn "Infinite extent")
            ...(rows.some((r) => r.limitPct !== null)
              ? [{ transform: [{ filter: 'isValid(datum.limitPct)' }], mark: { type: 'tick', color: '#444', thickness: 2, size: 16, opacity: 0.8 }, encoding: { y, x: { field: 'limitPct', type: 'quantitative', scale: X_SCALE } } }]
              : []),
            { transform: [{ filter: 'isValid(datum.deltaPct)' }], mark: { type: 'rule', strokeWidth: 2 }, encoding: { y, x: { field: 'deltaPct_lo', type: 'quantitative', scale: X_SCALE }, x2: { field: 'deltaPct_hi' }, color } },
            {
              transform: [{ filter: 'isValid(datum.deltaPct)' }],
              mark: { type: 'point', filled: true, size: 70 },
              encoding: {
                y, color,
                x: { field: 'deltaPct', type: 'quantitative', title: 'Δ % of baseline mean (95% CI, symlog)', scale: X_SCALE, axis: { values: TICKS, format: '+~r', labelOverlap: true, gridColor: { condition: { test: 'datum.value === 0', value: '#9a9a9a' }, value: '#e6e6e6' } } },
                tooltip: [{ field: 'scenario' }, { field: 'label', title: 'metric' }, { field: 'deltaPct', title: 'Δ%', format: '+.2f' }, { field: 'deltaPct_lo', title: 'CI low', format: '+.2f' }, { field: 'deltaPct_hi', title: 'CI high', format: '+.2f' }, { field: 'gate' }],
              },
            },
            { transform: [{ filter: 'isValid(datum.pad)' }], mark: { type: 'point', opacity: 0 }, encoding: { y, x: { field: 'pad', type: 'quantitative', scale: X_SCALE } } },
          ],
        },
      }),
  };
  return chart;
}
