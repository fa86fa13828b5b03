/**
 * Writing charts: for each chart, charts/<name>.csv (its data), <name>.vl.json (the Vega-Lite spec,
 * reading that CSV by URL), <name>.svg and, when asked, <name>.png. The rendered images and the HTML report use the
 * same spec with the same CSV text inlined, so every picture shows exactly the file a user can open.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Chart } from './charts/common.js';
import { renderSvg, svgToPng, type VlSpec } from './render.js';
import { tableCsv } from './table.js';

export interface WrittenChart {
  name: string;
  title: string;
  caption: string;
  /** the spec with the CSV inlined (for the HTML report) */
  inlineSpec: VlSpec;
  files: string[];
}

export async function writeCharts(dir: string, charts: readonly Chart[], opts: { png?: boolean } = {}): Promise<WrittenChart[]> {
  const cdir = join(dir, 'charts');
  mkdirSync(cdir, { recursive: true });
  const out: WrittenChart[] = [];
  for (const c of charts) {
    const csv = tableCsv(c.table);
    const format = { type: 'csv' as const, parse: {} };
    const inlineSpec = c.spec({ values: csv, format });
    const files: Record<string, string | Buffer> = {
      [`${c.name}.csv`]: csv,
      [`${c.name}.vl.json`]: `${JSON.stringify(c.spec({ url: `${c.name}.csv`, format }), null, 2)}\n`,
    };
    const svg = await renderSvg(inlineSpec);
    files[`${c.name}.svg`] = svg;
    if (opts.png) files[`${c.name}.png`] = svgToPng(svg);
    for (const [f, body] of Object.entries(files)) writeFileSync(join(cdir, f), body);
    out.push({ name: c.name, title: c.title, caption: c.caption, inlineSpec, files: Object.keys(files).map((f) => join(cdir, f)) });
  }
  return out;
}
