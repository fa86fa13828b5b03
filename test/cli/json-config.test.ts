/** `--json` and the config file through the real CLI: a config drives a run, flags override it, JSON parses. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

describe('run --json with a config file', () => {
  it('runs what the config says, lets flags override it, and prints the verdict and every aggregate as JSON', () => {
    const dir = tempDir();
    const config = join(dir, 'team.config.json');
    writeFileSync(config, JSON.stringify({ scenarios: ['small-32k'], policies: ['none', 'threshold-summary'], baseline: 'threshold-summary', seeds: 3, out: 'from-config' }));
    const r = cli(['run', '--config', config, '--seeds', '2', '--max-steps', '30', '--workers', '1', '--quiet', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.schema).toBe('compactbench/result@1');
    expect(doc.command).toBe('run');
    expect(doc.out).toBe(join(dir, 'from-config'));
    expect(doc.sessions).toBe(4); // 1 scenario × 2 seeds (the flag beats the config's 3) × 2 policies
    expect(doc.verdict.baseline).toBe('threshold-summary');
    expect(doc.verdict.scenarios[0].ranked.map((p: { policyLabel: string }) => p.policyLabel).sort()).toEqual(['none', 'threshold-summary']);
    expect(doc.aggregates).toHaveLength(2);
    expect(doc.aggregates[0].metrics.costTotal).toHaveProperty('lo');
    // the human summary went to stderr, and the verdict is in the files too
    expect(r.stderr).toMatch(/verdict \(baseline threshold-summary; paired 95% CIs\):\n {2}small-32k: /);
    expect(JSON.parse(readFileSync(join(dir, 'from-config', 'verdict.json'), 'utf8'))).toEqual(doc.verdict);
    expect(readFileSync(join(dir, 'from-config', 'summary.md'), 'utf8')).toMatch(/^# compactbench summary\n\n## Verdict\n/);
  }, 300_000);

  it('rejects a baseline that is not among the policies run, and an invalid config, with exit 2', () => {
    const dir = tempDir();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ seeds: 0 }));
    const r = cli(['run', '--config', bad, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json: invalid config:\n {2}seeds: got 0/);
    const b = cli(['run', '--scenario', 'small-32k', '--policy', 'none', '--baseline', 'hermes', '--seeds', '1', '--max-steps', '5', '--workers', '1', '--quiet', '--out', join(dir, 'o')]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--baseline "hermes" is not one of the policies run: none/);
  }, 300_000);
});
