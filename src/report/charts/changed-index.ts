/**
 * Distribution of the earliest changed index (DESIGN.md metric 6): for every compaction event of every
 * seed, the index of the first request message that differs from the previous request — where the
 * prompt cache is cut. A box per policy (median, quartiles, whiskers to min/max), events as ticks
 * coloured by kind; one panel per scenario.
 */
import type { SessionRun } from '../../sim/records.js';
import type { Row } from '../table.js';
import { numericParse, topLevel, type Chart, type ChartContext } from './common.js';

export function changedIndexChart(runs: readonly SessionRun[], ctx: ChartContext): Chart {
  const rows: Row[] = runs.flatMap((r) =>
    r.events.map((e) => ({
      scenario: e.scenario, seed: e.seed, policy: e.policy, policyLabel: e.policyLabel, step: e.step, kind: e.kind,
      earliestChangedIndex: e.earliestChangedIndex, changedFraction: e.changedFraction,
    })),
  );
  const table = { columns: ['scenario', 'seed', 'policy', 'policyLabel', 'step', 'kind', 'earliestChangedIndex', 'changedFraction'], rows };
  const kinds = [...new Set(rows.map((r) => String(r.kind)))].sort();
  const y = { field: 'policyLabel', type: 'nominal', title: null, sort: [...ctx.labels], scale: { domain: [...ctx.labels] } };
  const x = { field: 'earliestChangedIndex', type: 'quantitative', title: 'earliest changed index (message position in the request; 0 = system prompt)' };
  const chart: Chart = {
    name: 'changed-index',
    title: 'Where compaction cuts the prompt cache',
    caption: 'Earliest changed index of every compaction event over all seeds: box = quartiles and median, ticks = events coloured by kind.',
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        facet: { row: { field: 'scenario', type: 'nominal', title: null, sort: null, header: { labelAngle: 0, labelAlign: 'left', labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold', labelPadding: 4 } } },
        resolve: { scale: { x: 'independent' } },
        spacing: 18,
        spec: {
          width: 560,
          height: { step: 34 },
          layer: [
            { mark: { type: 'boxplot', extent: 'min-max', size: 20, color: '#c9d3df', median: { color: '#333', strokeWidth: 2 }, ticks: false, outliers: false }, encoding: { y, x } },
            {
              mark: { type: 'tick', thickness: 1.5, size: 14, opacity: 0.8 },
              encoding: {
                y, x,
                color: { field: 'kind', type: 'nominal', title: 'event kind', scale: { domain: kinds, scheme: 'dark2' } },
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'seed' }, { field: 'step' }, { field: 'kind' },
                  { field: 'earliestChangedIndex', title: 'earliest changed index' }, { field: 'changedFraction', title: 'fraction of prompt', format: '.2f' },
                ],
              },
            },
          ],
        },
      }),
  };
  return chart;
}
