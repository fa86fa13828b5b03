/**
 * The headline chart (DESIGN.md, "Cache-break cadence versus token cost"): per scenario, x = cache
 * breaks per 100 steps (left) and compaction events per 100 steps (right), y = total cost per session,
 * one point per policy with 95% CI whiskers on both axes. Unpriced runs plot prompt+aux tokens instead.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import { estimateCells, type Row } from '../table.js';
import { familyShape, numericParse, policyColor, topLevel, type Chart, type ChartContext } from './common.js';

const CADENCES = [
  { key: 'breaksPer100Steps', label: 'cache breaks per 100 steps' },
  { key: 'eventsPer100Steps', label: 'compaction events per 100 steps' },
] as const;

export function headlineChart(aggs: readonly PolicyAggregate[], ctx: ChartContext): Chart {
  const yKey = ctx.priced ? 'costTotal' : 'totalTokens';
  const rows: Row[] = aggs.flatMap((a) =>
    CADENCES.map((c) => ({
      scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, cadence: c.label,
      ...estimateCells('per100Steps', a.metrics[c.key]),
      ...estimateCells(yKey, a.metrics[yKey]),
      seeds: a.seeds.length,
    })),
  );
  const columns = ['scenario', 'policy', 'policyLabel', 'cadence', 'per100Steps', 'per100Steps_lo', 'per100Steps_hi', yKey, `${yKey}_lo`, `${yKey}_hi`, 'seeds'];
  const table = { columns, rows };
  const yTitle = ctx.priced ? 'total cost per session (USD)' : 'prompt + auxiliary tokens per session (unpriced model)';
  const chart: Chart = {
    name: 'headline',
    title: 'Cache-break cadence vs cost',
    caption: 'Per scenario: cache breaks and compaction events per 100 steps against total cost per session; one point per policy, whiskers are 95% CIs over seeds.',
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        facet: {
          row: { field: 'scenario', type: 'nominal', title: null, sort: null, header: { labelFontWeight: 'bold' } },
          column: { field: 'cadence', type: 'nominal', title: null, sort: CADENCES.map((c) => c.label), header: { labelFontWeight: 'bold' } },
        },
        resolve: { scale: { x: 'independent', y: 'independent' } },
        spacing: { row: 24, column: 36 },
        spec: {
          width: 300,
          height: 220,
          layer: [
            { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { x: { field: 'per100Steps_lo', type: 'quantitative' }, x2: { field: 'per100Steps_hi' }, y: { field: yKey, type: 'quantitative' }, color: policyColor(ctx) } },
            { mark: { type: 'rule', strokeWidth: 1.5 }, encoding: { y: { field: `${yKey}_lo`, type: 'quantitative' }, y2: { field: `${yKey}_hi` }, x: { field: 'per100Steps', type: 'quantitative' }, color: policyColor(ctx) } },
            {
              mark: { type: 'point', filled: true, size: 110, opacity: 0.95, stroke: 'white', strokeWidth: 0.8 },
              encoding: {
                x: { field: 'per100Steps', type: 'quantitative', title: 'count per 100 steps', scale: { zero: true, nice: true } },
                y: { field: yKey, type: 'quantitative', title: yTitle, scale: { zero: false, nice: true }, axis: ctx.priced ? { format: '$,.3~f' } : { format: '~s' } },
                color: policyColor(ctx),
                shape: familyShape(ctx),
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'cadence' },
                  { field: 'per100Steps', title: 'per 100 steps', format: '.2f' },
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
