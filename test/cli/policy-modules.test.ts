import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

const MODULE = 'test/testing/modules/clear-old-outputs.ts';
const SMALL = ['--scenario', 'small-32k', '--seeds', '2', '--max-steps', '60', '--quiet', '--workers', '2'];

describe('policy modules on the command line', () => {
  it('run and compare accept a policy module file like a registered id', () => {
    const out = tempDir();
    const r = cli(['run', '--policy', 'none', '--policy', MODULE, ...SMALL, '--out', join(out, 'run')]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(out, 'run', 'sessions.csv'), 'utf8')).toMatch(/\nsmall-32k,1,clear-old-outputs,/);
    const c = cli(['compare', '--baseline', 'none', '--candidate', MODULE, ...SMALL, '--no-png', '--out', join(out, 'cmp')]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(join(out, 'cmp', 'comparison.md'), 'utf8')).toMatch(/\*\*candidate\*\* `clear-old-outputs`/);
  });

  it('a missing module is bad input: exit 2 for run, 1 (tool error) for compare', () => {
    const run = cli(['run', '--policy', './no/such/policy.ts', ...SMALL, '--out', tempDir()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/policy module \.\/no\/such\/policy\.ts not found/);
    const cmp = cli(['compare', '--baseline', 'none', '--candidate', './no/such/policy.ts', ...SMALL, '--out', tempDir()]);
    expect(cmp.code).toBe(1);
  });
});
