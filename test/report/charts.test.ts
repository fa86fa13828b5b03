import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSvg } from '../../src/report/render.js';
import { writeReport, type ReportResult } from '../../src/report/write-report.js';
import { fixtureRun, tempDir } from './helpers.js';

const CHARTS = ['headline', 'headline-events', 'cost-breakdown', 'sawtooth-fixture-a', 'sawtooth-fixture-b', 'changed-index', 'cache-share'];
let dir: string;
let res: ReportResult;

beforeAll(async () => {
  dir = tempDir();
  const { runs, manifest } = fixtureRun();
  res = await writeReport(dir, runs, manifest, { png: true });
});

const read = (f: string): string => readFileSync(join(dir, f), 'utf8');

describe('charts', () => {
  it('writes data CSV, Vega-Lite spec, SVG and PNG for every chart', () => {
    for (const c of CHARTS) for (const ext of ['csv', 'vl.json', 'svg', 'png']) expect(res.files, `${c}.${ext}`).toContain(join(dir, 'charts', `${c}.${ext}`));
  });

  it('read exactly the CSV a user can open: the spec file points at it and the rendered spec inlines its text', () => {
    const specs = JSON.parse(/<script type="application\/json" id="chart-specs">(.*?)<\/script>/s.exec(read('report.html'))![1]!);
    for (const c of CHARTS) {
      const file = JSON.parse(read(`charts/${c}.vl.json`));
      expect(file.data.url).toBe(`${c}.csv`);
      expect(specs[c].data.values, c).toBe(read(`charts/${c}.csv`));
      expect(specs[c].data.format.type).toBe('csv');
    }
  });

  it('take their numbers from the typed records (headline cost = the aggregate mean)', () => {
    const agg = res.aggregates.find((a) => a.scenario === 'fixture-a' && a.policyLabel === 'threshold-summary')!;
    const csv = read('charts/headline.csv').trim().split('\n').map((l) => l.split(','));
    const col = csv[0]!.indexOf('costTotal');
    const row = csv.find((r) => r[0] === 'fixture-a' && r[2] === 'threshold-summary')!;
    expect(Number(row[col])).toBe(agg.metrics.costTotal!.mean);
  });

  it('draw titled axes with units, legends and every policy in the SVG', () => {
    const head = read('charts/headline.svg');
    for (const t of ['Cache-break cadence vs cost', 'total cost per session (USD)', 'cache breaks per 100 steps', 'policy', 'threshold-summary:triggerFraction=0.6', 'none', 'fixture-a', 'fixture-b']) {
      expect(head, t).toContain(`>${t}<`);
    }
    expect(read('charts/headline-events.svg')).toContain('>compaction events per 100 steps<');
    expect(read('charts/cost-breakdown.svg')).toContain('>mean cost per session (USD)<');
    expect(read('charts/cost-breakdown.svg')).toContain('>auxiliary<');
    expect(read('charts/sawtooth-fixture-a.svg')).toContain('>prompt tokens<');
    expect(read('charts/cache-share.svg')).toContain('>cache-read share<');
    expect(read('charts/changed-index.svg')).toContain('>earliest changed index (0 = system prompt)<');
  });

  it('render PNGs at the SVG size (1×)', () => {
    const svg = read('charts/headline.svg');
    const [, w, h] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!;
    const png = readFileSync(join(dir, 'charts/headline.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(Number(w));
    expect(png.readUInt32BE(20)).toBe(Number(h));
  });

  it('render the same SVG bytes every time (vega id counters are reset)', async () => {
    const spec = JSON.parse(/<script type="application\/json" id="chart-specs">(.*?)<\/script>/s.exec(read('report.html'))![1]!).headline;
    expect(await renderSvg(spec)).toBe(await renderSvg(spec));
    expect(await renderSvg(spec)).toBe(read('charts/headline.svg'));
  });
});

describe('PNGs on request', () => {
  it('a report writes no PNG unless asked, and its HTML links only the files that exist', async () => {
    const d = tempDir();
    const { runs, manifest } = fixtureRun();
    const r = await writeReport(d, runs, manifest);
    expect(r.files.filter((f) => f.endsWith('.png'))).toEqual([]);
    expect(r.files.filter((f) => f.endsWith('.svg')).length).toBe(CHARTS.length);
    const html = readFileSync(join(d, 'report.html'), 'utf8');
    expect(html).not.toContain('.png"');
    for (const c of CHARTS) expect(html, c).toContain(`href="charts/${c}.svg"`);
    expect(read('report.html'), 'with --png the PNG is linked').toContain('href="charts/headline.png"');
  });
});

describe('charts of an unpriced model', () => {
  it('plot tokens instead of dollars and say so', async () => {
    const d = tempDir();
    const { runs, manifest } = fixtureRun({ scenarios: [{ name: 'u', model: 'unpriced:claude-sonnet-4.5' }], seeds: 2 });
    await writeReport(d, runs, manifest, { png: false });
    const svg = readFileSync(join(d, 'charts/headline.svg'), 'utf8');
    expect(svg).toContain('>prompt + aux tokens per session (unpriced)<');
    expect(readFileSync(join(d, 'charts/cost-breakdown.svg'), 'utf8')).toContain('>Tokens per session by token class (unpriced model)<');
    expect(readFileSync(join(d, 'aggregates.csv'), 'utf8').split('\n')[1]).toMatch(/^u,none,none,/);
  });
});
