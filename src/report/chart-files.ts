/**
 * Writing charts: for each chart, charts/<name>.csv (its data), <name>.vl.json (the Vega-Lite spec,
 * reading that CSV by URL), <name>.svg and, when asked, <name>.png. The rendered images and the HTML report use the
 * same spec with the same CSV text inlined, so every picture shows exactly the file a user can open.
 *
 * In steps, so the rendering can run beside other work (svg-pool.ts): `startCharts` prepares the data
 * and specs of some charts and queues them on a pool (it may be called several times, as the data of
 * each batch becomes known); `finishCharts` waits for the pictures and writes every file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Chart } from './charts/common.js';
import type { VlSpec } from './render.js';
import { ChartPool, type RenderedChart } from './svg-pool.js';
import { tableCsv } from './table.js';

export interface WrittenChart {
  name: string;
  title: string;
  caption: string;
  /** the spec with the CSV inlined (for the HTML report) */
  inlineSpec: VlSpec;
  files: string[];
}

export interface ChartsInProgress {
  charts: readonly Chart[];
  csvs: string[];
  inlineSpecs: VlSpec[];
  png: boolean;
  pictures: Promise<RenderedChart>[];
}

/** Prepares every chart's data and spec and queues it on `pool` (weighted by its data's size: large first). */
export function startCharts(charts: readonly Chart[], pool: ChartPool, opts: { png?: boolean } = {}): ChartsInProgress {
  const format = { type: 'csv' as const, parse: {} };
  const csvs = charts.map((c) => tableCsv(c.table));
  const inlineSpecs = charts.map((c, i) => c.spec({ values: csvs[i]!, format }));
  const png = opts.png === true;
  return { charts, csvs, inlineSpecs, png, pictures: inlineSpecs.map((spec, i) => pool.render(spec, png, csvs[i]!.length)) };
}

/** Charts started in several batches, as one (in the order given). */
export function joinCharts(parts: readonly ChartsInProgress[]): ChartsInProgress {
  return {
    charts: parts.flatMap((p) => p.charts), csvs: parts.flatMap((p) => p.csvs), inlineSpecs: parts.flatMap((p) => p.inlineSpecs),
    png: parts.some((p) => p.png), pictures: parts.flatMap((p) => p.pictures),
  };
}

/** Waits for the pictures (`pool` drained) and writes each chart's files under `dir`/charts. */
export async function finishCharts(dir: string, p: ChartsInProgress, pool: ChartPool): Promise<WrittenChart[]> {
  await pool.drain();
  const rendered = await Promise.all(p.pictures);
  const cdir = join(dir, 'charts');
  mkdirSync(cdir, { recursive: true });
  const format = { type: 'csv' as const, parse: {} };
  return p.charts.map((c, i) => {
    const files: Record<string, string | Buffer> = {
      [`${c.name}.csv`]: p.csvs[i]!,
      [`${c.name}.vl.json`]: `${JSON.stringify(c.spec({ url: `${c.name}.csv`, format }), null, 2)}\n`,
      [`${c.name}.svg`]: rendered[i]!.svg,
    };
    if (p.png) files[`${c.name}.png`] = rendered[i]!.png!;
    for (const [f, body] of Object.entries(files)) writeFileSync(join(cdir, f), body);
    return { name: c.name, title: c.title, caption: c.caption, inlineSpec: p.inlineSpecs[i]!, files: Object.keys(files).map((f) => join(cdir, f)) };
  });
}
