import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const ARGS = ['run', '--scenario', 'claude-code-200k', '--policy', 'none', '--policy', 'threshold-summary:triggerFraction=0.5', '--seeds', '2', '--max-steps', '80', '--quiet'];

describe('compactbench run', () => {
  it('writes the report files, byte-identical across two runs', () => {
    const a = tempDir();
    const b = tempDir();
    const ra = cli([...ARGS, '--out', a]);
    const rb = cli([...ARGS, '--out', b]);
    expect(ra.code, ra.stderr).toBe(0);
    expect(rb.code, rb.stderr).toBe(0);
    const files = readdirSync(a).sort();
    expect(files).toEqual(['events.csv', 'manifest.json', 'sessions.csv', 'steps.csv', 'summary.json', 'summary.md', 'verdict.json', 'violations.csv']);
    for (const f of files) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
    const sessions = readFileSync(join(a, 'sessions.csv'), 'utf8').trim().split('\n');
    expect(sessions).toHaveLength(1 + 2 * 2);
    expect(sessions[0]).toMatch(/^scenario,seed,policy,policyLabel,paramsHash,/);
    expect(sessions[2]).toMatch(/^claude-code-200k,1,threshold-summary,threshold-summary:triggerFraction=0.5,[0-9a-f]{12},/);
    const manifest = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'));
    expect(manifest.policies.map((p: { label: string }) => p.label)).toEqual(['none', 'threshold-summary:triggerFraction=0.5']);
    expect(manifest.scenarios[0].seeds).toEqual([1, 2]);
  });

  it('rejects an unknown policy, a bad parameter and a bad seed count with exit 2', () => {
    const unknown = cli(['run', '--policy', 'nope', '--out', tempDir()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown policy "nope"; known policies: .*none/);
    const badParam = cli(['run', '--policy', 'threshold-summary:triggerFraction=2', '--out', tempDir()]);
    expect(badParam.code).toBe(2);
    expect(badParam.stderr).toMatch(/triggerFraction: got "2", expected a number <= 1/);
    const unknownParam = cli(['run', '--policy', 'none:foo=1', '--out', tempDir()]);
    expect(unknownParam.stderr).toMatch(/unknown parameter "foo"/);
    const seeds = cli(['run', '--seeds', '0', '--out', tempDir()]);
    expect(seeds.code).toBe(2);
    expect(seeds.stderr).toMatch(/--seeds: got "0", expected a whole number from 1 to/);
    const scenario = cli(['run', '--scenario', 'no-such-scenario', '--out', tempDir()]);
    expect(scenario.code).toBe(2);
  });
});

describe('compactbench policies', () => {
  it('prints a JSON array with id, description, source and params with defaults', () => {
    const r = cli(['policies', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as { id: string; description: string; source: string; params: { name: string; default: unknown }[] }[];
    const ids = list.map((p) => p.id);
    expect(ids).toContain('none');
    expect(ids).toContain('threshold-summary');
    for (const p of list) {
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.source.length).toBeGreaterThan(0);
      for (const q of p.params) expect(q.default).not.toBeUndefined();
    }
  });

  it('has --help on every command', () => {
    for (const cmd of ['run', 'policies', 'validate']) {
      const r = cli([cmd, '--help']);
      expect(r.code, cmd).toBe(0);
      expect(r.stdout).toMatch(/Usage: compactbench/);
    }
  });
});
