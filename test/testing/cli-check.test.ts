/**
 * `compactbench check` end to end: the command (through src/cli/main.ts, as users run it;
 * this command) reports a broken policy with exit 2 and a counterexample whose printed vitest test,
 * run on its own, fails with the same finding; a sound policy exits 0; bad input exits 1.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INVARIANTS } from '../../src/testing/invariants/index.js';

const ROOT = process.cwd();
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const entry = path.join(ROOT, 'src/cli/main.ts');

function run(cmd: string, args: string[], cwd = ROOT): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code, out, err }));
  });
}
const check = (...args: string[]) => run(bin('tsx'), [entry, 'check', ...args]);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'cb-check-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('compactbench check', () => {
  it('exits 2 on a broken policy and prints a counterexample with a test that reproduces it', async () => {
    const r = await check('--policy', 'test/testing/broken/split-pair.ts', '--runs', '30', '--invariant', 'no-orphan-result');
    expect(r.code).toBe(2);
    expect(r.out).toContain('✗ no-orphan-result');
    expect(r.out).toMatch(/counterexample \(fast-check seed 1, path "[\d:]+"; shrunk \d+ times\)/);
    expect(r.out).toContain('has no matching call');
    expect(r.out).toContain('the policy returned');
    const test = r.out.split('----8<----')[1]!;
    expect(test).toContain("from 'compactbench/testing'");
    expect(test).toContain('fc.assert(invariantProperty(target, "no-orphan-result"), { seed: 1, path:');

    // the printed test, run by itself (imports pointed at this checkout), fails with the same finding
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp, 'node_modules'));
    const standalone = test
      .replace("from 'compactbench/testing'", `from ${JSON.stringify(path.join(ROOT, 'src/testing/index.ts'))}`)
      .replaceAll('"test/testing/broken/split-pair.ts"', JSON.stringify(path.join(ROOT, 'test/testing/broken/split-pair.ts')));
    writeFileSync(path.join(tmp, 'repro.test.ts'), standalone);
    const v = await run(bin('vitest'), ['run', '--root', tmp, 'repro.test.ts'], tmp);
    expect(v.code).toBe(1);
    expect(`${v.out}${v.err}`).toMatch(/2 failed/);
    expect(`${v.out}${v.err}`).toContain('has no matching call');
  }, 180_000);

  it('exits 0 when every invariant holds, in text or JSON', async () => {
    const [r, j] = await Promise.all([check('--policy', 'none', '--runs', '5'), check('--policy', 'none', '--runs', '5', '--json')]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`all ${INVARIANTS.length - 1} invariants hold`); // fresh-instance applies to module files only
    expect(j.code).toBe(0);
    const report = JSON.parse(j.out) as { ok: boolean; runs: number; results: { name: string; ok: boolean }[] };
    expect([report.ok, report.runs, report.results.length, report.results.every((x) => x.ok)]).toEqual([true, 5, INVARIANTS.length - 1, true]);
  }, 120_000);

  it('exits 1 on bad input: unknown policy, missing module, bad option value, unknown option', async () => {
    const [unknown, missing, runs, option] = await Promise.all([
      check('--policy', 'no-such-policy'),
      check('--policy', 'test/testing/broken/nope.ts'),
      check('--policy', 'none', '--runs', 'many'),
      check('--policy', 'none', '--frobnicate'),
    ]);
    expect([unknown.code, missing.code, runs.code, option.code]).toEqual([1, 1, 1, 1]);
    expect(unknown.err).toMatch(/unknown policy "no-such-policy": not a registered id \(.*\bnone\b.*\) and not a file/);
    expect(missing.err).toMatch(/policy module test\/testing\/broken\/nope.ts not found/);
    expect(runs.err).toMatch(/--runs: got "many"/);
    expect(option.err).toMatch(/unknown option/);
  }, 120_000);
});
