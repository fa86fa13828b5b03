/**
 * The headline charts (DESIGN.md, "Cache-break cadence versus token cost"): per scenario, x = cache
 * breaks per 100 steps (`headline`) or compaction events per 100 steps (`headline-events`), y = total
 * cost per session; one point per policy. The baseline and the cheapest few (by the verdict) are drawn in
 * colour with their labels and 95% intervals (percentile bootstrap over seeds, so never below zero); the
 * rest are faded. A policy far outside the others (e.g. claude-code-tutorial's per-step cache breaks) is
 * left off its panel and named in the subtitle, so it cannot squeeze the rest into a corner. Unpriced
 * runs plot prompt+aux tokens instead of dollars.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import { estimateCells, type Row } from '../table.js';
import { HIGHLIGHT_BEST, numericParse, POLICY_COLORS, roleOf, topLevel, wrapFacet, type Chart, type ChartContext } from './common.js';

const CADENCE = {
  breaks: { key: 'breaksPer100Steps', name: 'headline', title: 'Cache-break cadence vs cost', axis: 'cache breaks per 100 steps', what: 'cache breaks' },
  events: { key: 'eventsPer100Steps', name: 'headline-events', title: 'Compaction cadence vs cost', axis: 'compaction events per 100 steps', what: 'compaction events' },
} as const;

/** A point is off the scale when it is this many times beyond the largest of the other policies. */
export const OFF_SCALE_X = 3;
export const OFF_SCALE_Y = 1.6;
export const OTHERS = 'other policies';

function offScale(v: number | null, others: readonly (number | null)[], factor: number): boolean {
  const max = Math.max(...others.filter((x): x is number => x !== null && Number.isFinite(x)));
  return v !== null && Number.isFinite(max) && max > 0 && v > factor * max;
}

export function headlineChart(aggs: readonly PolicyAggregate[], ctx: ChartContext, cadence: keyof typeof CADENCE = 'breaks'): Chart {
  const c = CADENCE[cadence];
  const yKey: MetricKey = ctx.priced ? 'costTotal' : 'totalTokens';
  const rows: Row[] = aggs.map((a) => {
    const role = roleOf(ctx, a.scenario, a.policyLabel);
    return {
      scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, role, shown: role === 'other' ? OTHERS : a.policyLabel,
      ...estimateCells(c.key, a.metrics[c.key]),
      ...estimateCells(yKey, a.metrics[yKey]),
      seeds: a.seeds.length, offScale: false,
    };
  });
  for (const r of rows) {
    const others = rows.filter((o) => o.scenario === r.scenario && o !== r);
    r.offScale = offScale(r[c.key] as number | null, others.map((o) => o[c.key] as number | null), OFF_SCALE_X)
      || offScale(r[yKey] as number | null, others.map((o) => o[yKey] as number | null), OFF_SCALE_Y);
  }
  const columns = ['scenario', 'policy', 'policyLabel', 'role', 'shown', c.key, `${c.key}_lo`, `${c.key}_hi`, yKey, `${yKey}_lo`, `${yKey}_hi`, 'seeds', 'offScale'];
  const table = { columns, rows };
  const money = (x: unknown): string => (typeof x === 'number' ? (ctx.priced ? `$${x.toFixed(2)}` : `${Math.round(x)} tokens`) : '—');
  const off = rows.filter((r) => r.offScale).map((r) => `${r.policyLabel} in ${r.scenario} (${(r[c.key] as number).toFixed(1)}, ${money(r[yKey])})`);
  const subtitle = [
    `Coloured: the baseline${ctx.baseline ? ` (${ctx.baseline})` : ''} and the ${HIGHLIGHT_BEST} cheapest per scenario, with 95% intervals (percentile bootstrap over seeds); grey: the others.`,
    ...(off.length ? [`Off the scale, not drawn (see the tables): ${off.join('; ')}.`] : []),
  ];
  const shownDomain = [...ctx.labels.filter((l) => rows.some((r) => r.shown === l)), OTHERS];
  const colorRange = shownDomain.map((l) => (l === OTHERS ? '#b8b8b8' : l === ctx.baseline ? '#222222' : POLICY_COLORS[ctx.labels.indexOf(l) % POLICY_COLORS.length]!));
  const color = { field: 'shown', type: 'nominal', title: 'policy', scale: { domain: shownDomain, range: colorRange }, sort: shownDomain };
  const shape = { field: 'shown', type: 'nominal', title: 'policy', scale: { domain: shownDomain, range: shownDomain.map((l) => (l === ctx.baseline ? 'diamond' : l === OTHERS ? 'circle' : 'square')) }, sort: shownDomain };
  const yTitle = ctx.priced ? 'total cost per session (USD)' : 'prompt + aux tokens per session (unpriced)';
  const x = { field: c.key, type: 'quantitative', title: c.axis, scale: { zero: true, nice: true } };
  const y = { field: yKey, type: 'quantitative', title: yTitle, scale: { zero: false, nice: true }, axis: ctx.priced ? { format: '$,.2~f' } : { format: '~s' } };
  const drawn = { filter: '!datum.offScale' };
  const highlighted = { filter: "!datum.offScale && datum.role !== 'other'" };
  const chart: Chart = {
    name: c.name,
    title: c.title,
    caption: `Per scenario: ${c.what} per 100 steps against total cost per session; the baseline and the cheapest few in colour with 95% intervals, the others in grey; far outliers are named in the subtitle instead of drawn.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: { ...numericParse(table), offScale: 'boolean' } } }, {
        ...wrapFacet('scenario', ctx.scenarios, 3),
        resolve: { scale: { x: 'independent', y: 'independent' } },
        spacing: { row: 28, column: 28 },
        spec: {
          width: 300,
          height: 230,
          layer: [
            { transform: [drawn, { filter: "datum.role === 'other'" }], mark: { type: 'point', filled: true, size: 45, opacity: 0.45 }, encoding: { x, y, color, shape } },
            { transform: [highlighted], mark: { type: 'rule', strokeWidth: 1.4, opacity: 0.8 }, encoding: { x: { ...x, field: `${c.key}_lo` }, x2: { field: `${c.key}_hi` }, y, color } },
            { transform: [highlighted], mark: { type: 'rule', strokeWidth: 1.4, opacity: 0.8 }, encoding: { y: { ...y, field: `${yKey}_lo` }, y2: { field: `${yKey}_hi` }, x, color } },
            {
              transform: [drawn],
              mark: { type: 'point', filled: true, size: 95, opacity: 1, stroke: '#333', strokeWidth: 0.6 },
              encoding: {
                x, y, color, shape,
                opacity: { condition: { test: "datum.role === 'other'", value: 0 }, value: 1 },
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'scenario' },
                  { field: c.key, title: `${c.what}/100 steps`, format: '.2f' },
                  { field: yKey, title: ctx.priced ? 'cost/session (USD)' : 'tokens/session', format: ctx.priced ? '$.4f' : ',.0f' },
                  { field: 'seeds' },
                ],
              },
            },
            { transform: [highlighted], mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 10, color: '#333' }, encoding: { x, y, text: { field: 'policyLabel' } } },
          ],
        },
      }, subtitle),
  };
  return chart;
}
