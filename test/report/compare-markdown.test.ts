import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGate } from '../../src/report/gate.js';
import { writeReport } from '../../src/report/write-report.js';
import { COMPARE_POLICIES, fixtureRun, tempDir } from './helpers.js';

const [baseline, candidate] = COMPARE_POLICIES as [string, string];

async function compare(gate: unknown, opts: { linkBase?: string } = {}) {
  const dir = tempDir();
  const { runs, manifest } = fixtureRun({ policies: COMPARE_POLICIES }, { kind: 'compare', baseline, candidate, gate: gate ? parseGate(gate) : null, gateFile: gate ? 'gates/g.json' : null });
  const res = await writeReport(dir, runs, manifest, { png: false, ...opts });
  return { res, md: readFileSync(join(dir, 'comparison.md'), 'utf8'), csv: readFileSync(join(dir, 'comparison.csv'), 'utf8') };
}

describe('comparison Markdown and CSV', () => {
  it('leads with the gate verdict and lists each check with its observed value', async () => {
    const { res, md } = await compare({ limits: [{ metric: 'costTotal', maxRisePct: 2 }, { metric: 'invariantViolations', maxRise: 0 }] });
    expect(res.exitCode).toBe(2);
    expect(md.indexOf('## Gate: ❌ FAIL')).toBeLessThan(md.indexOf('## Verdict'));
    expect(md.indexOf('## Verdict')).toBeLessThan(md.indexOf('### fixture-a'));
    expect(md).toMatch(/\| fixture-a \| cost \$ \| rise ≤ \+2% \| estimate \| mean \+\d+(\.\d+)?% > \+2% \| ❌ fail \|/);
    expect(md).toMatch(/\| fixture-b \| violations \| rise ≤ \+0 \| estimate \| mean \+0 ≤ \+0 \| ✅ pass \|/);
  });

  it('shows baseline, candidate and the paired delta with its 95% CI per metric and scenario', async () => {
    const { md, csv, res } = await compare(null);
    expect(res.exitCode).toBe(0);
    expect(md).toContain('## Gate: none');
    expect(md).toMatch(/\| cost \$ \(5\) \| \d\.\d{3}( \[\d\.\d{3}, \d\.\d{3}\])? \| \d\.\d{3}( \[\d\.\d{3}, \d\.\d{3}\])? \| \+\d\.\d{3} \[[+-]\d\.\d{3}, \+\d\.\d{3}\] \| \+\d+\.\d% \[[+-]\d+\.\d%, \+\d+\.\d%\] \|/);
    const head = csv.split('\n')[0]!.split(',');
    expect(head.slice(0, 6)).toEqual(['scenario', 'metric', 'label', 'unit', 'better', 'seeds']);
    expect(head).toContain('deltaPct_hi');
    expect(csv.split('\n').filter((l) => l.startsWith('fixture-a,costTotal,'))).toHaveLength(1);
  });

  it('links the charts and the HTML report, under --link-base when given', async () => {
    const rel = (await compare(null)).md;
    expect(rel).toContain('[Cache-break cadence vs cost](charts/headline.png)');
    expect(rel).toContain('[Interactive HTML report](report.html)');
    const abs = (await compare(null, { linkBase: 'https://example.org/run/7/' })).md;
    expect(abs).toContain('(https://example.org/run/7/charts/deltas.png)');
  });
});
