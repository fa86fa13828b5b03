/**
 * Cache-read share over steps: the fraction of prompt tokens read from the cache, as a trailing
 * 10-step window pooled over seeds (Σ cacheReadTokens / Σ promptTokens over the window and all seeds
 * that reached those steps). A single step is 0 or near 1, so the window makes breaks readable as dips.
 */
import type { SessionRun } from '../../sim/records.js';
import type { Row } from '../table.js';
import { numericParse, policyColor, topLevel, type Chart, type ChartContext } from './common.js';

export const SHARE_WINDOW = 10;

interface Pool {
  run: SessionRun;
  step: number[];
  read: number[];
  prompt: number[];
  seeds: number[];
}

/** Per (scenario, policy label) and step: pooled read and prompt tokens over seeds. */
function pooled(runs: readonly SessionRun[]): Map<string, Pool> {
  const out = new Map<string, Pool>();
  for (const r of runs) {
    const k = `${r.key.scenario}\u0000${r.key.policyLabel}`;
    let g = out.get(k);
    if (!g) out.set(k, (g = { run: r, step: [], read: [], prompt: [], seeds: [] }));
    r.steps.forEach((s, i) => {
      g!.step[i] = s.step;
      g!.read[i] = (g!.read[i] ?? 0) + s.cacheReadTokens;
      g!.prompt[i] = (g!.prompt[i] ?? 0) + s.promptTokens;
      g!.seeds[i] = (g!.seeds[i] ?? 0) + 1;
    });
  }
  return out;
}

export function cacheShareChart(runs: readonly SessionRun[], ctx: ChartContext): Chart {
  const rows: Row[] = [];
  for (const g of pooled(runs).values()) {
    let read = 0, prompt = 0;
    g.prompt.forEach((p, i) => {
      read += g.read[i]!; prompt += p;
      if (i >= SHARE_WINDOW) { read -= g.read[i - SHARE_WINDOW]!; prompt -= g.prompt[i - SHARE_WINDOW]!; }
      rows.push({
        scenario: g.run.key.scenario, policy: g.run.key.policy, policyLabel: g.run.key.policyLabel, step: g.step[i]!,
        cacheReadShare: prompt > 0 ? read / prompt : null, seeds: g.seeds[i]!,
      });
    });
  }
  const table = { columns: ['scenario', 'policy', 'policyLabel', 'step', 'cacheReadShare', 'seeds'], rows };
  const chart: Chart = {
    name: 'cache-share',
    title: `Cache-read share of prompt tokens over steps (${SHARE_WINDOW}-step window)`,
    caption: `Fraction of prompt tokens read from the prompt cache, trailing ${SHARE_WINDOW}-step window pooled over seeds; dips are cache breaks.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: numericParse(table) } }, {
        facet: { row: { field: 'scenario', type: 'nominal', title: null, sort: null, header: { labelAngle: 0, labelAlign: 'left', labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold', labelPadding: 4 } } },
        resolve: { scale: { x: 'independent' } },
        spacing: 18,
        spec: {
          width: 640,
          height: 180,
          mark: { type: 'line', strokeWidth: 1.6, opacity: 0.9 },
          encoding: {
            x: { field: 'step', type: 'quantitative', title: 'step (model request)', scale: { nice: false } },
            y: { field: 'cacheReadShare', type: 'quantitative', title: 'cache-read share', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
            color: policyColor(ctx),
            strokeDash: { field: 'policy', type: 'nominal', title: 'policy family', scale: { domain: [...ctx.families] } },
            tooltip: [
              { field: 'policyLabel', title: 'policy' }, { field: 'scenario' }, { field: 'step' },
              { field: 'cacheReadShare', title: 'cache-read share', format: '.1%' }, { field: 'seeds', title: 'seeds reaching this step' },
            ],
          },
        },
      }),
  };
  return chart;
}
