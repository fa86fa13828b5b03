/**
 * Cost by token class (DESIGN.md metric 5): mean dollars per session split into uncached input, cache
 * write, cache read, output and auxiliary (summary) calls; one stacked bar per policy, per scenario.
 * Unpriced runs show tokens by class instead.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import type { Row } from '../table.js';
import { baselineAxis, parsedData, roleOf, scenarioPanels, topLevel, type Chart, type ChartContext, twoPanelWidth } from './common.js';
import type { VlSpec } from '../render.js';

/** Each panel keeps its own policy order (the verdict's ranking differs per scenario). */
const ranked = (spec: VlSpec): VlSpec => ({ ...spec, resolve: { scale: { x: 'independent', y: 'independent' } } });

const CLASSES: readonly { label: string; cost: MetricKey; tokens: MetricKey }[] = [
  { label: 'uncached input', cost: 'costUncached', tokens: 'uncachedTokens' },
  { label: 'cache write', cost: 'costCacheWrite', tokens: 'cacheWriteTokens' },
  { label: 'cache read', cost: 'costCacheRead', tokens: 'cacheReadTokens' },
  { label: 'output', cost: 'costOutput', tokens: 'outputTokens' },
  { label: 'auxiliary', cost: 'costAux', tokens: 'auxTokens' },
];

export function costBreakdownChart(aggs: readonly PolicyAggregate[], ctx: ChartContext): Chart {
  const rows: Row[] = aggs.flatMap((a) =>
    CLASSES.map((c, i) => {
      const mean = (k: MetricKey): number | null => {
        const e = a.metrics[k];
        return e && Number.isFinite(e.mean) ? e.mean : null;
      };
      return {
        scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, rank: ctx.rank.get(a.scenario)?.get(a.policyLabel) ?? null, role: roleOf(ctx, a.scenario, a.policyLabel),
        tokenClass: c.label, order: i, costUsd: mean(c.cost), tokens: mean(c.tokens), seeds: a.seeds.length,
      };
    }),
  );
  const table = { columns: ['scenario', 'policy', 'policyLabel', 'rank', 'role', 'tokenClass', 'order', 'costUsd', 'tokens', 'seeds'], rows };
  const value = ctx.priced ? 'costUsd' : 'tokens';
  const chart: Chart = {
    name: 'cost-breakdown',
    title: ctx.priced ? 'Cost per session by token class' : 'Tokens per session by token class (unpriced model)',
    caption: 'Mean per session over seeds, split into uncached input, cache write, cache read, output and auxiliary (summary) calls; policies ranked by cost per scenario (the verdict\'s order), the baseline in bold, all but the baseline and the cheapest few faded.',
    table,
    spec: (data) =>
      topLevel(chart, parsedData(data, table), ranked(scenarioPanels(ctx, {
        width: twoPanelWidth(ctx.labels),
        height: { step: 18 },
        mark: { type: 'bar', stroke: 'white', strokeWidth: 0.5 },
        encoding: {
          y: {
            field: 'policyLabel', type: 'nominal', title: null, sort: ctx.rank.size ? { field: 'rank', op: 'min' } : [...ctx.labels],
            axis: baselineAxis(ctx),
          },
          opacity: { condition: { test: "datum.role === 'other'", value: 0.45 }, value: 1 },
          x: { field: value, type: 'quantitative', stack: 'zero', title: ctx.priced ? 'mean cost per session (USD)' : 'mean tokens per session', axis: ctx.priced ? { format: '$,.3~f' } : { format: '~s' } },
          color: { field: 'tokenClass', type: 'nominal', title: 'token class', sort: CLASSES.map((c) => c.label), scale: { domain: CLASSES.map((c) => c.label), range: ['#e15759', '#f28e2b', '#59a14f', '#4e79a7', '#b07aa1'] } },
          order: { field: 'order', type: 'quantitative' },
          tooltip: [
            { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'tokenClass', title: 'token class' },
            { field: 'costUsd', title: 'USD/session', format: '$.4f' }, { field: 'tokens', title: 'tokens/session', format: ',.0f' }, { field: 'seeds' },
          ],
        },
      }))),
  };
  return chart;
}
