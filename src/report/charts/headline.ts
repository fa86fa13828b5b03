/**
 * The headline charts (DESIGN.md, "Cache-break cadence versus token cost"): per scenario, x = cache
 * breaks per 100 steps (`headline`) or compaction events per 100 steps (`headline-events`), y = total
 * cost per session; one point per policy with 95% CI whiskers on both axes. The x axis is symlog, so
 * the many policies near zero stay apart while an outlier remains on the chart. Unpriced runs plot
 * prompt+aux tokens instead of dollars.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import { estimateCells, type Row } from '../table.js';
import { numericParse, policyColor, policyShape, topLevel, wrapFacet, type Chart, type ChartContext } from './common.js';

const CADENCE = {
  breaks: { key: 'breaksPer100Steps', name: 'headline', title: 'Cache-break cadence vs cost', axis: 'cache breaks per 100 steps (symlog scale)', what: 'cache breaks' },
  events: { key: 'eventsPer100Steps', name: 'headline-events', title: 'Compaction cadence vs cost', axis: 'compaction events per 100 steps (symlog scale)', what: 'compaction events' },
} as const;

export function headlineChart(aggs: readonly PolicyAggregate[], ctx: ChartContext, cadence: keyof typeof CADENCE = 'breaks'): Chart {
  const c = CADENCE[cadence];
  const yKey: MetricKey = ctx.priced ? 'costTotal' : 'totalTokens';
  const rows: Row[] = aggs.map((a) => ({
    scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel,
    ...estimateCells(c.key, a.metrics[c.key]),
    ...estimateCells(yKey, a.metrics[yKey]),
    seeds: a.seeds.length,
  }));
  const columns = ['scenario', 'policy', 'policyLabel', c.key, `${c.key}_lo`, `${c.key}_hi`, yKey, `${yKey}_lo`, `${yKey}_hi`, 'seeds'];
  const table = { columns, rows };
  const yTitle = ctx.priced ? 'total cost per session (USD)' : 'prompt + aux tokens per session (unpriced)';
  const x = { field: c.key, type: 'quantitative', title: c.axis, scale: { type: 'symlog', nice: false }, axis: { values: [0, 1, 2, 5, 10, 20, 50, 100, 200, 500] } };
  const y = { field: yKey, type: 'quantitative', title: yTitle, scale: { zero: false, nice: true }, axis: ctx.priced ? { format: '$,.3~f' } : { format: '~s' } };
  const chart: Chart = {
    name: c.name,
    title: c.title,
    caption: `Per scenario: ${c.what} per 100 steps against total cost per session; one point per policy, whiskers are 95% CIs over seeds.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        ...wrapFacet('scenario', ctx.scenarios, 3),
        resolve: { scale: { x: 'independent', y: 'independent' } },
        spacing: { row: 28, column: 28 },
        spec: {
          width: 300,
          height: 230,
          layer: [
            { mark: { type: 'rule', strokeWidth: 1.3, opacity: 0.7 }, encoding: { x: { ...x, field: `${c.key}_lo` }, x2: { field: `${c.key}_hi` }, y, color: policyColor(ctx) } },
            { mark: { type: 'rule', strokeWidth: 1.3, opacity: 0.7 }, encoding: { y: { ...y, field: `${yKey}_lo` }, y2: { field: `${yKey}_hi` }, x, color: policyColor(ctx) } },
            {
              mark: { type: 'point', filled: true, size: 90, opacity: 1, stroke: '#333', strokeWidth: 0.6 },
              encoding: {
                x, y,
                color: policyColor(ctx),
                shape: policyShape(ctx),
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'scenario' },
                  { field: c.key, title: `${c.what}/100 steps`, format: '.2f' },
                  { field: yKey, title: ctx.priced ? 'cost/session (USD)' : 'tokens/session', format: ctx.priced ? '$.4f' : ',.0f' },
                  { field: 'seeds' },
                ],
              },
            },
          ],
        },
      }),
  };
  return chart;
}
