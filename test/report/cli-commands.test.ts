/**
 * The report commands end to end, as CI runs them: compare's outputs and exit codes (2 gate broken,
 * 3 unpriced, 1 tool error), sweep's table and chart, and --shard + merge against an unsharded run.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './cli.js';
import { readTree, tempDir } from './helpers.js';

const SMALL = ['--scenario', 'small-32k', '--seeds', '2', '--max-steps', '90', '--quiet'];

describe('compactbench compare', () => {
  it('writes Markdown, CSV, PNG, SVG and HTML and exits 2 when the candidate breaks the gate', () => {
    const out = tempDir();
    const gate = join(out, 'gate.json');
    writeFileSync(gate, JSON.stringify({ limits: [{ metric: 'eventsPer100Steps', maxRisePct: 5 }, { metric: 'invariantViolations', maxRise: 0 }] }));
    const r = cli(['compare', '--baseline', 'threshold-summary', '--candidate', 'threshold-summary:triggerFraction=0.4', ...SMALL, '--gate', gate, '--out', join(out, 'r')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/gate: FAIL \(1 of 2 checks\); exit code 2; details in .*\n {2}failed: small-32k eventsPer100Steps rise ≤ \+5% \(estimate\): mean \+[\d.]+% > \+5%\n/);
    const files = readdirSync(join(out, 'r'));
    for (const f of ['comparison.md', 'comparison.csv', 'report.html', 'sessions.csv', 'manifest.json']) expect(files, f).toContain(f);
    const charts = readdirSync(join(out, 'r', 'charts'));
    for (const f of ['headline.png', 'headline.svg', 'deltas.png', 'deltas.svg', 'sawtooth-small-32k.png']) expect(charts, f).toContain(f);
    expect(readFileSync(join(out, 'r', 'comparison.md'), 'utf8')).toMatch(/## Gate: ❌ FAIL[\s\S]*\| small-32k \| events\/100 steps \| rise ≤ \+5% \|/);
  });

  it('exits 3 (not evaluated) for a cost gate on an unpriced model', () => {
    const out = tempDir();
    const scenario = JSON.parse(readFileSync('scenarios/small-32k.json', 'utf8'));
    scenario.name = 'small-32k-unpriced';
    scenario.model.profile = `unpriced:${scenario.model.profile}`;
    writeFileSync(join(out, 's.json'), JSON.stringify(scenario));
    const r = cli(['compare', '--baseline', 'none', '--candidate', 'threshold-summary', '--scenario', join(out, 's.json'), '--seeds', '1', '--max-steps', '40', '--quiet', '--no-png', '--gate', 'gates/example.json', '--out', join(out, 'r')]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(/gate: NOT EVALUATED/);
    expect(readFileSync(join(out, 'r', 'comparison.md'), 'utf8')).toMatch(/costTotal is unpriced/);
  });

  it('exits 1 with a message naming the field for an invalid gate file, before running anything', () => {
    const out = tempDir();
    writeFileSync(join(out, 'g.json'), JSON.stringify({ limits: [{ metric: 'cost', maxRisePct: 2 }] }));
    const r = cli(['compare', '--baseline', 'none', '--candidate', 'threshold-summary', ...SMALL, '--gate', join(out, 'g.json'), '--out', join(out, 'r')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/limits\[0\]\.metric: got "cost"; allowed: .*costTotal/);
    expect(existsSync(join(out, 'r'))).toBe(false);
  });
});

describe('compactbench sweep', () => {
  it('runs the grid and writes the sweep table and chart', () => {
    const out = tempDir();
    const r = cli(['sweep', '--policy', 'threshold-summary', '--param', 'triggerFraction=0.4,0.6', '--param', 'tailFraction=0.1,0.2', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '60', '--quiet', '--no-png', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const md = readFileSync(join(out, 'sweep.md'), 'utf8');
    expect(md).toMatch(/triggerFraction ∈ \{0\.4, 0\.6\} × tailFraction ∈ \{0\.1, 0\.2\}/);
    expect(md.split('\n').filter((l) => /^\| threshold-summary \| triggerFraction=0\.[46], tailFraction=0\.[12] \|/.test(l))).toHaveLength(4);
    expect(readFileSync(join(out, 'charts', 'sweep.svg'), 'utf8')).toContain('>triggerFraction<');
    // the terminal gets the grid and the names of the files that hold it in full
    expect(r.stdout).toMatch(/sweep grid \(means over seeds\):\n {2}scenario +point +cost \$/);
    expect(r.stdout.match(/^ {2}small-32k +threshold-summary triggerFraction=/gm)).toHaveLength(4);
    expect(r.stdout).toContain(`the grid in full: ${join(out, 'sweep.md')} (and sweep.csv); its chart: ${join(out, 'charts', 'sweep.svg')}`);
    expect(r.stdout).toContain(`open ${join(out, 'report.html')} in a browser`);
  });

  it('names the default point by its parameter and counts how often the runway rule changed the outcome', () => {
    const out = tempDir();
    const r = cli(['sweep', '--policy', 'hermes-runway', '--param', 'runwayFraction=0.15,0.5', '--scenario', 'small-32k', '--seeds', '2', '--quiet', '--no-png', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}small-32k +hermes-runway runwayFraction=0\.15 +[\d.]+ +[\d.]+ +[\d.]+ +\d+ of \d+$/m);
    const csv = readFileSync(join(out, 'sweep.csv'), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/^scenario,policy,policyLabel,point,runwayFraction,.*,rule_runway_evaluated,rule_runway_changed,seeds$/);
    expect(csv).toMatch(/\nsmall-32k,hermes-runway,hermes-runway,runwayFraction=0\.15,0\.15,/);
  });
});

describe('--shard and merge', () => {
  it('merged shards are byte-identical to the unsharded run', () => {
    const root = tempDir();
    const args = ['run', '--scenario', 'small-32k', '--scenario', 'chat-heavy', '--policy', 'none', '--policy', 'threshold-summary:triggerFraction=0.5', '--seeds', '2', '--max-steps', '60', '--quiet'];
    expect(cli([...args, '--workers', '2', '--out', join(root, 'whole')]).code).toBe(0);
    for (const i of [1, 2]) {
      const r = cli([...args, '--shard', `${i}/2`, '--workers', '1', '--out', join(root, `s${i}`)]);
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(join(root, `s${i}`)).sort()).toEqual(['manifest.json', 'runs.jsonl']);
    }
    const m = cli(['merge', join(root, 's2'), join(root, 's1'), '--out', join(root, 'merged')]);
    expect(m.code, m.stderr).toBe(0);
    const whole = readTree(join(root, 'whole'));
    const merged = readTree(join(root, 'merged'));
    expect([...merged.keys()]).toEqual([...whole.keys()]);
    for (const [f, bytes] of whole) expect(merged.get(f)!.equals(bytes), f).toBe(true);
    const bad = cli(['merge', join(root, 's1'), '--out', join(root, 'bad')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/missing shard 2\/2/);
  });
});
