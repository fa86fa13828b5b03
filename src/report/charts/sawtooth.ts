/**
 * The context-size sawtooth: prompt tokens per step of one session (the scenario's first seed) for
 * each policy, with the context window as a dashed rule and each compaction event marked by its kind
 * at the step whose request first carries it (the `events` column of steps.csv).
 */
import type { SessionRun } from '../../sim/records.js';
import { slug, type Row } from '../table.js';
import { numericParse, policyColor, topLevel, type Chart, type ChartContext } from './common.js';

export function sawtoothChart(runs: readonly SessionRun[], scenario: string, ctx: ChartContext): Chart {
  const mine = runs.filter((r) => r.key.scenario === scenario);
  const seed = Math.min(...mine.map((r) => r.key.seed));
  const rows: Row[] = mine
    .filter((r) => r.key.seed === seed)
    .flatMap((r) =>
      r.steps.map((s) => ({
        scenario, seed, policy: r.key.policy, policyLabel: r.key.policyLabel, step: s.step,
        promptTokens: s.promptTokens, contextWindow: r.contextWindow, events: s.events,
      })),
    );
  const table = { columns: ['scenario', 'seed', 'policy', 'policyLabel', 'step', 'promptTokens', 'contextWindow', 'events'], rows };
  const labels = ctx.labels.filter((l) => rows.some((r) => r.policyLabel === l));
  const chart: Chart = {
    name: `sawtooth-${slug(scenario)}`,
    title: `Context size over steps: ${scenario}, seed ${seed}`,
    caption: `Prompt tokens sent at each step of one session (${scenario}, seed ${seed}) per policy; markers are compaction events by kind, the dashed line is the context window.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        facet: { row: { field: 'policyLabel', type: 'nominal', title: null, sort: labels, header: { labelAngle: 0, labelAlign: 'left', labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold', labelPadding: 4 } } },
        spacing: 14,
        spec: {
          width: 640,
          height: 110,
          layer: [
            { mark: { type: 'rule', strokeDash: [4, 3], color: '#888' }, encoding: { y: { aggregate: 'max', field: 'contextWindow', type: 'quantitative', title: 'prompt tokens' } } },
            {
              mark: { type: 'line', strokeWidth: 1.4, interpolate: 'step-before' },
              encoding: {
                x: { field: 'step', type: 'quantitative', title: 'step (model request)', scale: { nice: false } },
                y: { field: 'promptTokens', type: 'quantitative', title: 'prompt tokens', axis: { format: '~s', tickCount: 4 } },
                color: policyColor({ ...ctx, labels }, null),
              },
            },
            {
              transform: [{ filter: 'datum.events' }],
              mark: { type: 'point', filled: true, size: 55, color: '#222' },
              encoding: {
                x: { field: 'step', type: 'quantitative' },
                y: { field: 'promptTokens', type: 'quantitative' },
                shape: { field: 'events', type: 'nominal', title: 'compaction event kind', legend: { orient: 'bottom', direction: 'horizontal' } },
                tooltip: [
                  { field: 'policyLabel', title: 'policy' }, { field: 'step' }, { field: 'events', title: 'event kind' },
                  { field: 'promptTokens', title: 'prompt tokens after', format: ',' },
                ],
              },
            },
          ],
        },
      }),
  };
  return chart;
}
