/**
 * Distribution of the earliest changed index (DESIGN.md metric 6): how many compaction events (over all
 * seeds) cut the request at each message index — the point where the prompt cache is cut (0 = the
 * system prompt). A frequency table per (scenario, policy, kind, index), drawn as circles whose area is
 * the count, coloured by kind; one panel per scenario.
 */
import type { SessionRun } from '../../sim/records.js';
import type { Row } from '../table.js';
import { baselineAxis, numericParse, topLevel, NO_ITEM_ARIA, wrapFacet, type Chart, type RunChartContext, twoPanelWidth } from './common.js';

function frequencies(runs: readonly SessionRun[]): Row[] {
  const counts = new Map<string, Row>();
  const totals = new Map<string, number>();
  for (const r of runs) {
    for (const e of r.events) {
      const k = JSON.stringify([e.scenario, e.policyLabel, e.kind, e.earliestChangedIndex]);
      const row = counts.get(k) ?? { scenario: e.scenario, policy: e.policy, policyLabel: e.policyLabel, kind: e.kind, earliestChangedIndex: e.earliestChangedIndex, events: 0, share: 0 };
      row.events = (row.events as number) + 1;
      counts.set(k, row);
      const t = `${e.scenario}\u0000${e.policyLabel}`;
      totals.set(t, (totals.get(t) ?? 0) + 1);
    }
  }
  const rows = [...counts.values()];
  for (const row of rows) row.share = (row.events as number) / totals.get(`${row.scenario}\u0000${row.policyLabel}`)!;
  return rows;
}

export function changedIndexChart(runs: readonly SessionRun[], ctx: RunChartContext): Chart {
  const rows = frequencies(runs);
  const table = { columns: ['scenario', 'policy', 'policyLabel', 'kind', 'earliestChangedIndex', 'events', 'share'], rows };
  const labels = ctx.labels.filter((l) => rows.some((r) => r.policyLabel === l));
  const chart: Chart = {
    name: 'changed-index',
    title: 'Where compaction cuts the prompt cache',
    caption: 'Earliest changed index of the compaction events over all seeds (0 = system prompt): circle area = number of events at that index, colour = event kind.',
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        ...wrapFacet('scenario', ctx.scenarios.filter((s) => rows.some((r) => r.scenario === s)), 2),
        resolve: { scale: { x: 'independent' } },
        spacing: { row: 24, column: 20 },
        spec: {
          width: twoPanelWidth(labels),
          height: { step: 20 },
          mark: { type: 'circle', opacity: 0.75, stroke: '#333', strokeWidth: 0.4, ...NO_ITEM_ARIA },
          encoding: {
            y: { field: 'policyLabel', type: 'nominal', title: null, sort: labels, scale: { domain: labels }, axis: baselineAxis(ctx) },
            x: { field: 'earliestChangedIndex', type: 'quantitative', title: 'earliest changed index (0 = system prompt)', axis: { format: 'd', tickMinStep: 1 }, scale: { zero: true } },
            size: { field: 'events', type: 'quantitative', title: 'events (all seeds)', scale: { range: [20, 400] } },
            color: { field: 'kind', type: 'nominal', title: 'event kind', scale: { domain: [...ctx.kinds], scheme: 'tableau10' } },
            tooltip: [
              { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'kind' },
              { field: 'earliestChangedIndex', title: 'earliest changed index' }, { field: 'events', title: 'events (all seeds)' },
              { field: 'share', title: "share of the policy's events", format: '.1%' },
            ],
          },
        },
      }),
  };
  return chart;
}
