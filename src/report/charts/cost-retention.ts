/**
 * Cost against retention (issue 28): per scenario, x = retention (the share of later needs met
 * verbatim), y = cost per session (closed loop unless --open-loop), one point per policy with its 95%
 * intervals. The cost–retention Pareto set is joined by a line (the frontier: nothing is both cheaper and
 * keeps more than a point on it), the retention floor is a dashed rule, and the frontier's policies are
 * labelled. A policy left of the rule is below the floor; the lower right is where a policy wants to be.
 * Drawn only when some policy had needs to measure.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import { estimateCells, type Row } from '../table.js';
import type { Verdict } from '../verdict.js';
import { numericParse, policyColor, policyShape, scatterPanels, topLevel, type Chart, type ChartContext } from './common.js';
import { placeLabels } from './label-placement.js';

/** A panel's plot size: two columns fit a 1,280 px window; the frontier's labels are placed for it. */
const PANEL = { width: 300, height: 230 };

export function costRetentionChart(aggs: readonly PolicyAggregate[], ctx: ChartContext, verdict: Verdict): Chart {
  const yKey: MetricKey = ctx.priced ? 'costTotal' : 'totalTokens';
  const byScenario = new Map(verdict.scenarios.map((s) => [s.scenario, s.byRetention]));
  const rows: Row[] = aggs
    .filter((a) => a.metrics.retention && Number.isFinite(a.metrics.retention.mean) && byScenario.get(a.scenario)?.measured)
    .map((a) => {
      const r = byScenario.get(a.scenario)!;
      const onFrontier = r.pareto.includes(a.policyLabel);
      return {
        scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel,
        ...estimateCells('retention', a.metrics.retention),
        ...estimateCells(yKey, a.metrics[yKey]),
        pareto: onFrontier, belowFloor: a.metrics.retention!.mean < r.minRetention, minRetention: r.minRetention, seeds: a.seeds.length,
        // the plotted point and its intervals, for the label placement (label-placement.ts)
        x: a.metrics.retention!.mean, x_lo: a.metrics.retention!.lo, x_hi: a.metrics.retention!.hi,
        y: a.metrics[yKey]?.mean ?? null, y_lo: a.metrics[yKey]?.lo ?? null, y_hi: a.metrics[yKey]?.hi ?? null,
      } as Row;
    });
  // the frontier's labels, one per point, never overlapping, inside the panel
  for (const scenario of new Set(rows.map((r) => r.scenario))) {
    const panel = rows.filter((r) => r.scenario === scenario);
    placeLabels(panel.filter((r) => r.pareto), panel, PANEL);
  }
  const columns = ['scenario', 'policy', 'policyLabel', 'retention', 'retention_lo', 'retention_hi', yKey, `${yKey}_lo`, `${yKey}_hi`, 'pareto', 'belowFloor', 'minRetention', 'seeds', 'label_right', 'label_left', 'label_y'];
  const table = { columns, rows };
  const floor = verdict.minRetention;
  const yTitle = ctx.priced ? 'cost per session (USD)' : 'prompt + aux tokens per session (unpriced)';
  const x = { field: 'retention', type: 'quantitative', title: 'retention (share of later needs met verbatim)', scale: { zero: false, nice: true, domainMax: 1 }, axis: { format: '.0%', tickCount: 5 } };
  const y = { field: yKey, type: 'quantitative', title: yTitle, scale: { zero: false, nice: true }, axis: ctx.priced ? { format: '$,.2~f' } : { format: '~s' } };
  // no legend: the frontier's points are named beside them and every point in its tooltip (a legend of
  // 32 policies is longer than the chart, and vega drops its entries past a limit with a console warning)
  const color = policyColor(ctx, null);
  const shape = policyShape(ctx, null);
  const frontier = { filter: 'datum.pareto' };
  const chart: Chart = {
    name: 'cost-retention',
    title: 'Cost vs retention',
    caption: `Per scenario: retention (share of what later steps use that is still in the context) against cost per session, one point per policy with 95% intervals; the line joins the cost–retention Pareto set, the dashed rule is the retention floor${floor === undefined ? '' : ` (${floor})`}.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: { ...numericParse(table), pareto: 'boolean', belowFloor: 'boolean' } } }, {
        ...scatterPanels(ctx.scenarios.filter((s) => rows.some((r) => r.scenario === s)), {
          width: PANEL.width,
          height: PANEL.height,
          layer: [
            { transform: [frontier], mark: { type: 'line', color: '#444', strokeWidth: 1.5 }, encoding: { x, y, order: { field: 'retention', type: 'quantitative' } } },
            { mark: { type: 'rule', strokeDash: [5, 4], color: '#b00', strokeWidth: 1 }, encoding: { x: { field: 'minRetention', type: 'quantitative', aggregate: 'min' } } },
            { mark: { type: 'rule', strokeWidth: 1, opacity: 0.55 }, encoding: { x: { ...x, field: 'retention_lo' }, x2: { field: 'retention_hi' }, y, color } },
            { mark: { type: 'rule', strokeWidth: 1, opacity: 0.55 }, encoding: { y: { ...y, field: `${yKey}_lo` }, y2: { field: `${yKey}_hi` }, x, color } },
            {
              mark: { type: 'point', filled: true, size: 80, stroke: '#333', strokeWidth: 0.6 },
              encoding: {
                x, y, color, shape,
                opacity: { condition: { test: 'datum.pareto', value: 1 }, value: 0.45 },
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'scenario' },
                  { field: 'retention', format: '.1%' },
                  { field: yKey, title: ctx.priced ? 'cost/session (USD)' : 'tokens/session', format: ctx.priced ? '$.4f' : ',.0f' },
                  { field: 'pareto', title: 'on the frontier' }, { field: 'seeds' },
                ],
              },
            },
            { transform: [{ filter: 'datum.label_right != null' }], mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 10, color: '#333' }, encoding: { x, y: { ...y, field: 'label_y' }, text: { field: 'label_right' } } },
            { transform: [{ filter: 'datum.label_left != null' }], mark: { type: 'text', align: 'right', dx: -7, dy: -7, fontSize: 10, color: '#333' }, encoding: { x, y: { ...y, field: 'label_y' }, text: { field: 'label_left' } } },
          ],
        }),
      }, ['The line joins the Pareto set (no policy is both cheaper and keeps more); faded points are dominated. Dashed: the retention floor (--min-retention).']),
  };
  return chart;
}

/** The chart when some policy had needs to measure; none otherwise. */
export function retentionCharts(aggs: readonly PolicyAggregate[], ctx: ChartContext, verdict: Verdict): Chart[] {
  const c = costRetentionChart(aggs, ctx, verdict);
  return c.table.rows.length ? [c] : [];
}
