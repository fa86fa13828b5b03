/**
 * What every chart shares: the Chart shape (a data table plus a Vega-Lite spec that reads that table's
 * CSV text), the theme, and fixed colour/shape domains so a policy looks the same in every chart.
 */
import { CHART_FONT, type VlSpec } from '../render.js';
import type { Table } from '../table.js';

export interface Chart {
  /** file stem under charts/: `<name>.csv`, `.vl.json`, `.svg`, `.png` */
  name: string;
  title: string;
  /** one sentence for the HTML report and the Markdown links */
  caption: string;
  table: Table;
  /** the spec, given the Vega-Lite `data` object (inline CSV text, or a URL to the CSV file) */
  spec(data: VlData): VlSpec;
}

export interface VlData {
  values?: string;
  url?: string;
  format: { type: 'csv'; parse: Record<string, 'number' | 'boolean'> };
}

/**
 * For marks drawn once per data row in the dense charts (thousands of circles, cells or event markers):
 * no ARIA label per item in the SVG. Those labels were most of a dense SVG's bytes (changed-index 3.9 MB →
 * 1.4 MB) and two thirds of its rendering time; a screen reader gains nothing from thousands of them. The
 * chart's own description, its axes and legends stay labelled, the tooltips stay, and every row is in the
 * CSV beside the chart.
 */
export const NO_ITEM_ARIA = { aria: false } as const;

/** Chart-wide facts: policy labels in plan order, their families, and whether costs are priced. */
export interface ChartContext {
  labels: readonly string[];
  families: readonly string[];
  scenarios: readonly string[];
  /** compaction event kinds over all runs, sorted (one colour per kind in every chart) */
  kinds: readonly string[];
  priced: boolean;
  /** the verdict's baseline label ('' when none) */
  baseline: string;
  /** per scenario, the labels charts highlight: the baseline and the best few by the verdict's ranking */
  highlight: ReadonlyMap<string, readonly string[]>;
  /** per scenario, each policy's rank by cost in the verdict (1 = cheapest) */
  rank: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

/**
 * The part of the context known from the runs and the baseline alone, before any aggregate: the charts
 * drawn from the runs (sawtooth, changed-index, cache-share) need only this, so they are started first.
 */
export type RunChartContext = Pick<ChartContext, 'labels' | 'scenarios' | 'kinds' | 'baseline'>;

/** A policy-label axis with the baseline's label in bold. */
export function baselineAxis(ctx: Pick<ChartContext, 'baseline'>): Record<string, unknown> {
  return { labelFontWeight: { condition: { test: `datum.value === ${JSON.stringify(ctx.baseline)}`, value: 'bold' }, value: 'normal' } };
}

/** How many of the cheapest policies a chart highlights besides the baseline. */
export const HIGHLIGHT_BEST = 3;

/** 'baseline', 'best' (among the cheapest few) or 'other' (drawn faded) for a policy in a scenario. */
export function roleOf(ctx: ChartContext, scenario: string, label: string): 'baseline' | 'best' | 'other' {
  if (label === ctx.baseline) return 'baseline';
  return ctx.highlight.get(scenario)?.includes(label) ? 'best' : 'other';
}

/** Numeric columns of a table, so vega parses them as numbers (empty cells become null). */
export function numericParse(t: Table): Record<string, 'number'> {
  const out: Record<string, 'number'> = {};
  for (const c of t.columns) if (t.rows.some((r) => typeof r[c] === 'number')) out[c] = 'number';
  return out;
}

export const CONFIG = {
  font: CHART_FONT,
  background: 'white',
  padding: 10,
  title: { fontSize: 15, subtitleFontSize: 11, subtitleColor: '#555', anchor: 'start', offset: 10 },
  // generous limits: headless vega estimates text widths (no canvas) and would truncate long policy labels
  axis: { labelFontSize: 11, titleFontSize: 12, titlePadding: 8, labelLimit: 480, titleLimit: 600, gridColor: '#e6e6e6' },
  legend: { labelFontSize: 11, titleFontSize: 12, labelLimit: 480, titleLimit: 480, symbolSize: 90 },
  header: { labelFontSize: 12, titleFontSize: 12, labelLimit: 700 },
  view: { stroke: '#cccccc' },
  range: { category: { scheme: 'tableau10' } },
};

/** d3's category10 then ten darker tones (from category20b): no pale colours that vanish on white. */
export const POLICY_COLORS = [
  '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf',
  '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#5254a3', '#8ca252', '#bd9e39', '#ad494a', '#a55194',
];

const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'triangle-right', 'triangle-left'];

/**
 * Colour and shape by policy label, with the same domain (plan order) in every chart. Twenty colours
 * and eight shapes (i mod 20, i mod 8) give every label its own pair for up to 40 policies, and because
 * both channels encode the same field vega draws one legend with both.
 */
export function policyColor(ctx: ChartContext, legend: Record<string, unknown> | null = { title: 'policy' }) {
  return { field: 'policyLabel', type: 'nominal', scale: { domain: [...ctx.labels], range: ctx.labels.map((_, i) => POLICY_COLORS[i % POLICY_COLORS.length]) }, legend, sort: [...ctx.labels] };
}

export function policyShape(ctx: ChartContext, legend: Record<string, unknown> | null = { title: 'policy' }) {
  return { field: 'policyLabel', type: 'nominal', scale: { domain: [...ctx.labels], range: ctx.labels.map((_, i) => SHAPES[i % SHAPES.length]) }, legend, sort: [...ctx.labels] };
}

/** A wrapped facet over scenarios (or any field), in the given order, with bold top labels. */
export function wrapFacet(field: string, order: readonly string[], columns: number) {
  return {
    facet: { field, type: 'nominal', title: null, sort: [...order], header: { labelFontWeight: 'bold', labelFontSize: 13, labelAnchor: 'start', labelPadding: 6 } },
    columns: Math.max(1, Math.min(columns, order.length)),
  };
}

/**
 * The width of each of two panels that name the policies on their y axis, so that both, their names and
 * the legend fit a 1,280 px window (1,232 px of page; a chart wider than its figure scrolls, and its
 * legend is cut off): what the names (about 6.3 px a character at 11 px) leave, from 200 to 400 px.
 */
export function twoPanelWidth(labels: readonly string[], legend = 170): number {
  const names = Math.max(0, ...labels.map((l) => l.length)) * 6.3;
  return Math.max(200, Math.min(400, Math.floor((1232 - legend - 2 * (names + 14)) / 2)));
}

/**
 * One scatter panel per scenario, two a row (with a legend beside them they fit a 1,280 px window), each
 * with its own x and y scales: the layout of the headline and cost–retention charts.
 */
export function scatterPanels(order: readonly string[], spec: VlSpec): VlSpec {
  return {
    ...wrapFacet('scenario', order, 2),
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spacing: { row: 28, column: 28 },
    spec,
  };
}

/** One panel per scenario (two columns), each with its own x scale: the layout of the per-scenario bar charts. */
export function scenarioPanels(ctx: Pick<ChartContext, 'scenarios'>, spec: VlSpec): VlSpec {
  return {
    ...wrapFacet('scenario', ctx.scenarios, 2),
    resolve: { scale: { x: 'independent' } },
    spacing: { row: 24, column: 20 },
    spec,
  };
}

/** The chart's CSV data with its numeric columns parsed as numbers. */
export function parsedData(data: VlData, table: Table): VlData {
  return { ...data, format: { ...data.format, parse: numericParse(table) } } as VlData;
}

export function topLevel(chart: Pick<Chart, 'title' | 'caption'>, data: VlData, body: VlSpec, subtitle?: string | readonly string[]): VlSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: chart.title, ...(subtitle ? { subtitle } : {}) },
    description: chart.caption,
    data,
    ...body,
    config: CONFIG,
  };
}

