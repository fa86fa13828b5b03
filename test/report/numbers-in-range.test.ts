/**
 * Numbers that can be: every Δ% a report prints is at least −100% and finite (a candidate cannot cost less
 * than nothing; a change from 0 reads "new"), every path in `--json`'s `files` exists once the command has
 * ended (not the staging directory it was written in), and the sawtooth's window line is the window of
 * each step in steps.csv, so it drops at model-switch's switch to a 128k model.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { tempDir } from './helpers.js';

type Csv = Record<string, string>[];
const csv = (file: string): Csv => parse(readFileSync(file, 'utf8'), { columns: true }) as Csv;

/** Every percentage written as text ("−113.2%", "+∞%", "-5%") in a file. */
function percentages(text: string): number[] {
  return [...text.matchAll(/([+\-−]?)(\d+(?:\.\d+)?)%/g)].map((m) => (m[1] === '-' || m[1] === '−' ? -1 : 1) * Number(m[2]));
}

describe('numbers within their range', () => {
  let out: string;
  let json: { files: string[] };
  beforeAll(() => {
    out = join(tempDir(), 'cmp');
    // none never calls the summarizer: aux calls fall by exactly 100%, which the paired t interval overshot
    const r = cli(['compare', '--baseline', 'threshold-summary', '--candidate', 'none', '--scenario', 'small-32k', '--scenario', 'model-switch', '--seeds', '3', '--quiet', '--no-png', '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    json = JSON.parse(r.stdout);
  }, 120_000);

  it('names in --json only files that exist, all under --out, and every file it wrote', () => {
    expect(json.files.length).toBeGreaterThan(10);
    for (const f of json.files) {
      expect(f.startsWith(out), f).toBe(true);
      expect(existsSync(f), f).toBe(true);
    }
    expect(json.files).toContain(join(out, 'report.html'));
  });

  it('keeps every Δ% in comparison.csv at or above −100% and finite', () => {
    const rows = csv(join(out, 'comparison.csv'));
    const aux = rows.find((r) => r.scenario === 'small-32k' && r.metric === 'auxCalls')!;
    expect(Number(aux.deltaPct)).toBeCloseTo(-100, 9);
    expect(Number(aux.deltaPct_lo)).toBeCloseTo(-100, 9);
    for (const r of rows) {
      for (const k of ['deltaPct', 'deltaPct_lo', 'deltaPct_hi']) {
        if (r[k] === '') continue;
        expect(Number.isFinite(Number(r[k])), `${r.scenario} ${r.metric} ${k}=${r[k]}`).toBe(true);
        expect(Number(r[k]), `${r.scenario} ${r.metric} ${k}`).toBeGreaterThanOrEqual(-100);
      }
    }
  });

  it('prints no percentage below −100% and no infinity in any text output', () => {
    const texts = [...readdirSync(out).filter((f) => /\.(md|csv|json|html)$/.test(f)).map((f) => join(out, f)), ...readdirSync(join(out, 'charts')).filter((f) => /\.csv$/.test(f)).map((f) => join(out, 'charts', f))];
    expect(texts.length).toBeGreaterThan(5);
    for (const f of texts) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/∞|Infinity/);
      // steps.csv and events.csv hold no percentages; their numbers are checked by the records' own tests
      if (/steps\.csv|events\.csv/.test(f)) continue;
      for (const p of percentages(text)) expect(p, f).toBeGreaterThanOrEqual(-100);
    }
  });

  it('draws the sawtooth window as steps.csv has it, dropping at the model switch', () => {
    const steps = csv(join(out, 'steps.csv')).filter((r) => r.scenario === 'model-switch');
    const chart = csv(join(out, 'charts', 'sawtooth-model-switch.csv'));
    expect(chart.length).toBeGreaterThan(100);
    const windowOf = new Map(steps.map((r) => [`${r.policyLabel}|${r.seed}|${r.step}`, r.contextWindow]));
    for (const r of chart) expect(r.contextWindow, `${r.policyLabel} step ${r.step}`).toBe(windowOf.get(`${r.policyLabel}|${r.seed}|${r.step}`));
    const windows = [...new Set(chart.map((r) => Number(r.contextWindow)))].sort((a, b) => a - b);
    expect(windows).toEqual([128_000, 1_047_576]);
    const spec = readFileSync(join(out, 'charts', 'sawtooth-model-switch.vl.json'), 'utf8');
    expect(spec).not.toMatch(/"aggregate":\s*"max"/);
  });
});
