import { describe, expect, it } from 'vitest';
import { aggregate, type SessionRow } from '../../src/metrics/aggregate.js';
import { chartContext } from '../../src/report/charts/index.js';
import { costRetentionChart, retentionCharts } from '../../src/report/charts/cost-retention.js';
import { renderSvg } from '../../src/report/render.js';
import { tableCsv } from '../../src/report/table.js';
import { buildVerdict } from '../../src/report/verdict.js';
import { judgeRetention } from '../../src/report/verdict-retention.js';

function row(scenario: string, label: string, seed: number, cost: number, retention: number): SessionRow {
  const metrics = { costTotal: cost, totalTokens: cost * 1000, breaksPer100Steps: 1, eventsPer100Steps: 2, retention } as Record<string, number>;
  return { run: { key: { scenario, seed, policy: label, policyLabel: label, paramsHash: '' }, failure: undefined, events: [], steps: [] }, metrics } as unknown as SessionRow;
}

/** [cost, retention] per seed; `worse` is dominated by `keeper`. */
const SESSIONS: Record<string, [number, number][]> = {
  base: [[10, 0.97], [20, 0.95]],
  amnesia: [[7, 0.3], [14, 0.35]],
  keeper: [[9, 0.93], [18, 0.92]],
  worse: [[9.5, 0.9], [19, 0.89]],
};

function setup(sessions = SESSIONS) {
  const rows = ['s1', 's2'].flatMap((sc) => Object.entries(sessions).flatMap(([label, xs]) => xs.map(([c, r], i) => row(sc, label, i + 1, c, r))));
  const aggs = aggregate(rows);
  const verdict = judgeRetention(buildVerdict(rows, aggs, 'base'), aggs);
  return { aggs, verdict, ctx: chartContext(aggs, rows.map((r) => r.run), verdict) };
}

describe('the cost–retention chart', () => {
  it('has one row per policy and scenario, marks the Pareto set and the floor, and draws them', async () => {
    const { aggs, verdict, ctx } = setup();
    const chart = costRetentionChart(aggs, ctx, verdict);
    expect(chart.table.rows).toHaveLength(8);
    const s1 = chart.table.rows.filter((r) => r.scenario === 's1');
    expect(s1.filter((r) => r.pareto).map((r) => r.policyLabel)).toEqual(['base', 'amnesia', 'keeper']);
    expect(s1.find((r) => r.policyLabel === 'amnesia')).toMatchObject({ belowFloor: true, minRetention: 0.9, costTotal: 10.5 });
    expect(tableCsv(chart.table).split('\n')[0]).toBe('scenario,policy,policyLabel,retention,retention_lo,retention_hi,costTotal,costTotal_lo,costTotal_hi,pareto,belowFloor,minRetention,seeds,label_right,label_left,label_y');
    // every frontier point is named once (label-placement.ts), nothing off it
    expect(chart.table.rows.filter((r) => r.label_right != null || r.label_left != null).every((r) => r.pareto)).toBe(true);
    const svg = await renderSvg(chart.spec({ values: tableCsv(chart.table), format: { type: 'csv', parse: {} } }));
    for (const t of ['Cost vs retention', 'retention (share of later needs met verbatim)', 'cost per session (USD)', 's1', 's2']) expect(svg, t).toContain(`>${t}<`);
    // the frontier is a line in each panel, and each frontier policy is labelled in each panel (no legend:
    // a policy off the frontier is named only in its tooltip)
    expect(svg.match(/class="mark-line role-mark/g)).toHaveLength(2);
    expect(svg.split('>keeper<').length - 1).toBe(2);
    expect(svg.split('>worse<').length - 1).toBe(0);
  });

  it('is left out when no policy had needs to measure', () => {
    const { aggs, verdict, ctx } = setup(Object.fromEntries(Object.entries(SESSIONS).map(([k, xs]) => [k, xs.map(([c]) => [c, NaN] as [number, number])])));
    expect(retentionCharts(aggs, ctx, verdict)).toEqual([]);
  });
});
