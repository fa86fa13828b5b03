/**
 * The headline charts (DESIGN.md, "Cache-break cadence versus token cost"): per scenario, x = cache
 * breaks per 100 steps (`headline`) or compaction events per 100 steps (`headline-events`), y = total
 * cost per session; one point per policy. The baseline and the cheapest few (by the verdict) are drawn in
 * colour with their labels and 95% intervals (percentile bootstrap over seeds, so never below zero); the
 * rest are faded. A policy far outside the others (e.g. claude-code-tutorial's per-step cache breaks) is
 * drawn as a triangle on its panel's edge, labelled with its true values, so it cannot squeeze the rest
 * into a corner. Unpriced runs plot prompt+aux tokens instead of dollars.
 */
import type { PolicyAggregate } from '../../metrics/aggregate.js';
import type { MetricKey } from '../../metrics/catalogue.js';
import { estimateCells, type Row } from '../table.js';
import { placeLabels } from './label-placement.js';
import { NO_ITEM_ARIA, HIGHLIGHT_BEST, numericParse, roleOf, scatterPanels, topLevel, type Chart, type ChartContext } from './common.js';

const CADENCE = {
  breaks: { key: 'breaksPer100Steps', name: 'headline', title: 'Cache-break cadence vs cost', axis: 'cache breaks per 100 steps', what: 'cache breaks' },
  events: { key: 'eventsPer100Steps', name: 'headline-events', title: 'Compaction cadence vs cost', axis: 'compaction events per 100 steps', what: 'compaction events' },
} as const;

/** A point is off the scale when it is this many times beyond the largest of the other policies. */
export const OFF_SCALE_X = 3;
export const OFF_SCALE_Y = 1.6;
export const OTHERS = 'other policies';
const PANEL = { width: 300, height: 230 };

function offScale(v: number | null, others: readonly (number | null)[], factor: number): boolean {
  const max = Math.max(...others.filter((x): x is number => x !== null && Number.isFinite(x)));
  return v !== null && Number.isFinite(max) && max > 0 && v > factor * max;
}

/** Distinct, saturated colours for the highlighted policies (no greys: grey means "the others"). */
const VIVID = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#17becf', '#e377c2', '#8c564b', '#bcbd22', '#393b79', '#ad494a', '#637939'];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The plotted coordinates (x, y and their interval ends): the values themselves, except that a panel
 * with off-scale points ends a little beyond the others and those points sit on that edge.
 */
function clampToPanels(rows: Row[], xKey: string, yKey: string): void {
  for (const sc of new Set(rows.map((r) => r.scenario))) {
    const mine = rows.filter((r) => r.scenario === sc);
    const inside = mine.filter((r) => !r.offScale);
    const top = (k: string): number => Math.max(...inside.map((r) => num(r[`${k}_hi`]) ?? num(r[k]) ?? -Infinity));
    const [xMax, yMax] = [top(xKey), top(yKey)];
    for (const r of mine) {
      const cx = (v: unknown): number | null => (num(v) === null ? null : r.offScale && Number.isFinite(xMax) ? Math.min(num(v)!, xMax * 1.08) : num(v));
      const cy = (v: unknown): number | null => (num(v) === null ? null : r.offScale && Number.isFinite(yMax) ? Math.min(num(v)!, yMax * 1.04) : num(v));
      Object.assign(r, { x: cx(r[xKey]), x_lo: cx(r[`${xKey}_lo`]), x_hi: cx(r[`${xKey}_hi`]), y: cy(r[yKey]), y_lo: cy(r[`${yKey}_lo`]), y_hi: cy(r[`${yKey}_hi`]) });
    }
  }
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
    // "far outside the others" needs others: of two policies each can be 3× the other, and both would go
    // to the edges of an empty panel
    r.offScale = others.length >= 2 && ( offScale(r[c.key] as number | null, others.map((o) => o[c.key] as number | null), OFF_SCALE_X)
      || offScale(r[yKey] as number | null, others.map((o) => o[yKey] as number | null), OFF_SCALE_Y));
  }
  clampToPanels(rows, c.key, yKey);
  for (const sc of new Set(rows.map((r) => r.scenario))) {
    const panel = rows.filter((r) => r.scenario === sc);
    placeLabels(panel.filter((r) => !r.offScale && r.role !== 'other'), panel, { width: PANEL.width, height: PANEL.height });
  }
  const columns = ['scenario', 'policy', 'policyLabel', 'role', 'shown', c.key, `${c.key}_lo`, `${c.key}_hi`, yKey, `${yKey}_lo`, `${yKey}_hi`, 'seeds', 'offScale', 'x', 'x_lo', 'x_hi', 'y', 'y_lo', 'y_hi', 'offLabel', 'label_right', 'label_left', 'label_y'];
  const table = { columns, rows };
  const money = (v: unknown): string => (typeof v === 'number' ? (ctx.priced ? `$${v.toFixed(2)}` : `${Math.round(v)} tokens`) : '—');
  for (const r of rows) r.offLabel = r.offScale ? `${r.policyLabel} → ${(r[c.key] as number).toFixed(1)}, ${money(r[yKey])}` : null;
  const subtitle = [
    `Coloured: the baseline${ctx.baseline ? ` (${ctx.baseline}, black diamond)` : ''} and the ${HIGHLIGHT_BEST} cheapest per scenario, with 95% intervals (percentile bootstrap over seeds); grey: the others.`,
    ...(rows.some((r) => r.offScale) ? [`A triangle at a panel's edge is a policy far off the scale, drawn at the edge with its true values (${c.what}/100 steps, cost).`] : []),
  ];
  const shownDomain = [...ctx.labels.filter((l) => rows.some((r) => r.shown === l)), OTHERS];
  let next = 0;
  const colorRange = shownDomain.map((l) => (l === OTHERS ? '#bdbdbd' : l === ctx.baseline ? '#111111' : VIVID[next++ % VIVID.length]!));
  const color = { field: 'shown', type: 'nominal', title: 'policy', scale: { domain: shownDomain, range: colorRange }, sort: shownDomain, legend: { symbolOpacity: 1 } };
  const shape = { field: 'shown', type: 'nominal', title: 'policy', scale: { domain: shownDomain, range: shownDomain.map((l) => (l === ctx.baseline ? 'diamond' : l === OTHERS ? 'circle' : 'square')) }, sort: shownDomain };
  const yTitle = ctx.priced ? 'total cost per session (USD)' : 'prompt + aux tokens per session (unpriced)';
  const x = { field: 'x', type: 'quantitative', title: c.axis, scale: { zero: true, nice: true }, axis: { tickCount: 5, labelOverlap: true } };
  // four significant digits: "$0.195, $0.2, $0.205" where two decimals printed "$0.2" three times
  const y = { field: 'y', type: 'quantitative', title: yTitle, scale: { zero: false, nice: true }, axis: ctx.priced ? { format: '$,.4~r' } : { format: '~s' } };
  const drawn = { filter: '!datum.offScale' };
  const highlighted = { filter: "!datum.offScale && datum.role !== 'other'" };
  const chart: Chart = {
    name: c.name,
    title: c.title,
    caption: `Per scenario: ${c.what} per 100 steps against total cost per session; the baseline and the cheapest few in colour with 95% intervals, the others in grey; a far outlier is drawn as a triangle at the panel's edge, labelled with its values.`,
    table,
    spec: (data) =>
      topLevel(chart, { ...data, format: { ...data.format, parse: { ...numericParse(table), offScale: 'boolean' } } }, {
        ...scatterPanels(ctx.scenarios, {
          width: PANEL.width,
          height: PANEL.height,
          layer: [
            // no layer filters a panel down to nothing: vega warns "Infinite extent" for an empty layer's
            // scale, so the grey and off-scale layers hide the rows they do not draw instead (size 0: no hover)
            { transform: [drawn], mark: { type: 'point', filled: true, opacity: 0.45, ...NO_ITEM_ARIA }, encoding: { x, y, color, shape, size: { condition: { test: "datum.role === 'other'", value: 45 }, value: 0 } } },
            { transform: [highlighted], mark: { type: 'rule', strokeWidth: 1.4, opacity: 0.8 }, encoding: { x: { ...x, field: 'x_lo' }, x2: { field: 'x_hi' }, y, color } },
            { transform: [highlighted], mark: { type: 'rule', strokeWidth: 1.4, opacity: 0.8 }, encoding: { y: { ...y, field: 'y_lo' }, y2: { field: 'y_hi' }, x, color } },
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
            // one label per point (policies at the same point share it), moved down a line where it would overlap another
            // (right of the point, or left of it near the panel's right edge: a row has one of the two)
            { transform: [highlighted], mark: { type: 'text', align: 'left', dx: 7, dy: -7, fontSize: 10, color: '#333' }, encoding: { x, y: { ...y, field: 'label_y' }, text: { field: 'label_right' } } },
            { transform: [highlighted], mark: { type: 'text', align: 'right', dx: -7, dy: -7, fontSize: 10, color: '#333' }, encoding: { x, y: { ...y, field: 'label_y' }, text: { field: 'label_left' } } },
            {
              mark: { type: 'point', shape: 'triangle-right', filled: true, stroke: '#333', strokeWidth: 0.6 },
              encoding: {
                x, y, color, opacity: { condition: { test: "datum.role === 'other'", value: 0.5 }, value: 1 },
                size: { condition: { test: 'datum.offScale', value: 110 }, value: 0 }, strokeWidth: { condition: { test: 'datum.offScale', value: 0.6 }, value: 0 },
                tooltip: [{ field: 'offLabel', title: 'off the scale' }],
              },
            },
            // offLabel is null on the rows that are on the scale: they draw no text
            { mark: { type: 'text', align: 'right', dx: -8, dy: -9, fontSize: 9.5, color: '#555' }, encoding: { x, y, text: { field: 'offLabel' } } },
          ],
        }),
      }, subtitle),
  };
  return chart;
}
