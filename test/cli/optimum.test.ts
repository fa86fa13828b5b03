/** `compactbench optimum` and the bound in run outputs, through the CLI as a user runs them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

describe('compactbench optimum', () => {
  it('prints the bound, the do-nothing cost and the schedule per session as JSON', () => {
    const r = cli(['optimum', '--scenario', 'small-32k', '--seeds', '2', '--max-steps', '80', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { family: { summaryTokens: number }; sessions: { seed: number; status: string; bound: number; noOpCost: number; schedule: { step: number }[] }[] };
    expect(out.family.summaryTokens).toBe(500);
    expect(out.sessions.map((s) => s.seed)).toEqual([1, 2]);
    for (const s of out.sessions) {
      expect(s.status).toBe('ok');
      expect(s.bound).toBeGreaterThan(0);
      expect(s.bound).toBeLessThanOrEqual(s.noOpCost);
      const steps = s.schedule.map((o) => o.step);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    }
  });

  it('a tighter family gives a higher bound; a bad operator set is a usage error', () => {
    const bound = (extra: string[]): number => {
      const r = cli(['optimum', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '80', '--json', ...extra]);
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { sessions: { bound: number }[] }).sessions[0]!.bound;
    };
    expect(bound(['--summary-tokens', '3000', '--prune-keep-steps', '4'])).toBeGreaterThanOrEqual(bound([]));
    const bad = cli(['optimum', '--scenario', 'small-32k', '--operators', 'all']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--operators: got "all"/);
  });

  it('run records each policy cost against the bound', () => {
    const out = tempDir();
    const r = cli(['run', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '80', '--policy', 'none', '--policy', 'cache-aligned', '--out', join(out, 'run'), '--quiet', '--workers', '1']);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = readFileSync(join(out, 'run', 'sessions.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    const col = (name: string): number => header!.indexOf(name);
    for (const row of rows) {
      const cost = Number(row[col('costTotal')]);
      const bound = Number(row[col('optimumCost')]);
      expect(bound).toBeGreaterThan(0);
      expect(Number(row[col('costToOptimum')])).toBeCloseTo(cost / bound, 6);
      expect(cost).toBeGreaterThanOrEqual(bound);
    }
  });
});
