/**
 * The context-size sawtooth: prompt tokens per step of one session (the scenario's first seed) for
 * each policy, with the context window (per step: a model switch changes it) as a dashed line and each compaction event marked by its kind
 * at the step whose request first carries it (the `events` column of steps.csv).
 */
import type { SessionRun } from '../../sim/records.js';
import { slug, type Row } from '../table.js';
import { numericParse, topLevel, NO_ITEM_ARIA, wrapFacet, type Chart, type RunChartContext } from './common.js';

export function sawtoothChart(runs: readonly SessionRun[], scenario: string, ctx: RunChartContext): Chart {
  const mine = runs.filter((r) => r.key.scenario === scenario);
  const seed = Math.min(...mine.map((r) => r.key.seed));
  const rows: Row[] = mine
    .filter((r) => r.key.seed === seed)
    .flatMap((r) =>
      r.steps.map((s) => ({
        scenario, seed, policy: r.key.policy, policyLabel: r.key.policyLabel, step: s.step,
        promptTokens: s.promptTokens, contextWindow: s.contextWindow, events: s.events,
      })),
    );
  const table = { columns: ['scenario', 'seed', 'policy', 'policyLabel', 'step', 'promptTokens', 'contextWindow', 'events'], rows };
  const labels = ctx.labels.filter((l) => rows.some((r) => r.policyLabel === l));
  // an event cell can hold several kinds ("prune,summary"); single kinds keep the report-wide colours
  const present = [...new Set(rows.flatMap((r) => (r.events ? [String(r.events)] : [])))].sort();
  const kinds = [...new Set([...ctx.kinds, ...present])];
  const chart: Chart = {
    name: `sawtooth-${slug(scenario)}`,
    title: `Context size over steps: ${scenario}, seed ${seed}`,
    caption: `Prompt tokens sent at each step of one session (${scenario}, seed ${seed}) per policy; markers are compaction events by kind, the dashed line is the context window of the model each request went to.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        ...wrapFacet('policyLabel', labels, 2),
        spacing: { row: 16, column: 24 },
        spec: {
          width: 420,
          height: 100,
          layer: [
            // the window of the model each request went to: a step line, since a model switch changes it
            {
              mark: { type: 'line', strokeDash: [4, 3], strokeWidth: 1, color: '#888', interpolate: 'step-before' },
              encoding: { x: { field: 'step', type: 'quantitative' }, y: { field: 'contextWindow', type: 'quantitative', title: 'prompt tokens' } },
            },
            {
              mark: { type: 'line', strokeWidth: 1.3, interpolate: 'step-before', color: '#4c78a8' },
              encoding: {
                x: { field: 'step', type: 'quantitative', title: 'step (model request)', scale: { nice: false } },
                y: { field: 'promptTokens', type: 'quantitative', title: 'prompt tokens', axis: { format: '~s', tickCount: 4, labelExpr: "datum.value === 0 ? '0' : datum.label" } },
              },
            },
            // the panels share their scales, so only a session without any event leaves this layer empty (and
            // vega warns "Infinite extent" for an empty layer): then it is left out
            ...(present.length ? [{
              transform: [{ filter: 'datum.events' }],
              mark: { type: 'point', filled: true, size: 45, opacity: 0.9, stroke: '#222', strokeWidth: 0.5, ...NO_ITEM_ARIA },
              encoding: {
                x: { field: 'step', type: 'quantitative' },
                y: { field: 'promptTokens', type: 'quantitative' },
                color: { field: 'events', type: 'nominal', title: 'compaction event kind', scale: { domain: kinds, scheme: 'tableau10' }, legend: { values: present } },
                shape: { field: 'events', type: 'nominal', title: 'compaction event kind', scale: { domain: kinds }, legend: { values: present } },
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'step' }, { field: 'events', title: 'event kind' },
                  { field: 'promptTokens', title: 'prompt tokens after', format: ',' },
                ],
              },
            }] : []),
          ],
        },
      }),
  };
  return chart;
}
