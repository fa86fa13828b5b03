/**
 * Issue 29, "Modules load where they run", end to end through the CLI: a module's top level and hooks
 * run only on its own isolated workers, so they cannot change other policies' rows, end the command with
 * exit 0 and no output, abort the process, or write into `--json` stdout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../cli/helpers.js';

const M = 'test/robustness/modules';
const SMALL = ['--scenario', 'small-32k', '--seeds', '2', '--max-steps', '12', '--quiet'];
const rowsOf = (dir: string, policies: string[]): string[] =>
  readFileSync(join(dir, 'sessions.csv'), 'utf8').trim().split('\n').filter((l) => policies.includes(l.split(',')[2]!));

describe('policy modules on isolated workers', () => {
  it('a module that patches Array.prototype.map, Math, JSON and Object.prototype leaves the none and hermes rows as they are', () => {
    const dir = tempDir();
    const alone = cli(['run', '--policy', 'none', '--policy', 'hermes', ...SMALL, '--out', join(dir, 'a')]);
    expect(alone.code, alone.stderr).toBe(0);
    const mixed = cli(['run', '--policy', 'none', '--policy', 'hermes', '--policy', `${M}/pollute.mjs`, ...SMALL, '--workers', '2', '--out', join(dir, 'b')]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect(rowsOf(join(dir, 'b'), ['none', 'hermes'])).toEqual(rowsOf(join(dir, 'a'), ['none', 'hermes']));
    expect(mixed.stderr).not.toMatch(/internal error|ZodError/);
  });

  it('results that cannot cross a thread, forged messages and late throws are failure rows under --workers 2; console output stays off --json stdout', () => {
    const out = join(tempDir(), 'r');
    const r = cli([
      'run', '--policy', 'none', ...['symbol-veto', 'symbol-telemetry', 'forged-null', 'late-throw', 'console'].flatMap((m) => ['--policy', `${M}/${m}.mjs`]),
      ...SMALL, '--seeds', '1', '--workers', '2', '--hook-budget', '20', '--json', '--out', out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { verdict: { scenarios: { failed: { policyLabel: string; firstError: string }[] }[] } };
    const failed = Object.fromEntries(doc.verdict.scenarios[0]!.failed.map((f) => [f.policyLabel, f.firstError]));
    expect(Object.keys(failed).sort()).toEqual(['forged-null', 'late-throw', 'symbol-telemetry', 'symbol-veto']);
    expect(failed['symbol-veto']).toMatch(/cannot cross a thread/);
    expect(failed['symbol-telemetry']).toMatch(/cannot cross a thread/);
    expect(failed['forged-null']).toMatch(/message it did not expect \(null\)/);
    expect(failed['late-throw']).toMatch(/threw after its hook returned .*late (microtask|timer)/);
    expect(r.stderr).toContain('TOP-LEVEL-LOG');
    expect(r.stderr).toContain('HOOK-WRITE');
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { failures: { policy: string }[] };
    expect(summary.failures.map((f) => f.policy)).not.toContain('console-log');
  });

  it('process.exit(0) at a module\'s top level is a load failure with a message: compare --gate exits 1, run exits 2 — never 0 with no output', () => {
    const dir = tempDir();
    const cmp = cli(['compare', '--baseline', 'hermes', '--candidate', `${M}/top-exit0.mjs`, '--gate', 'gates/example.json', ...SMALL, '--out', join(dir, 'c')]);
    expect(cmp.code).toBe(1);
    expect(cmp.stderr).toMatch(/policy module .*top-exit0\.mjs failed to load: policy called process\.exit\(0\)/);
    const run = cli(['run', '--policy', 'none', '--policy', `${M}/top-exit5.mjs`, ...SMALL, '--out', join(dir, 'r')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/top-exit5\.mjs failed to load: policy called process\.exit\(5\)/);
  });

  it('check runs a module isolated: process.exit(0) in a hook is a counterexample (exit 2), at the top level a load error (exit 1); --json stays parseable', () => {
    const hook = cli(['check', '--policy', `${M}/hook-exit0.mjs`, '--runs', '5', '--invariant', 'policy-completes', '--json']);
    expect(hook.code, hook.stderr).toBe(2);
    const report = JSON.parse(hook.stdout) as { ok: boolean; results: { counterexample?: { finding: { message: string } } }[] };
    expect(report.ok).toBe(false);
    expect(JSON.stringify(report.results)).toMatch(/process\.exit\(0\)/);
    const top = cli(['check', '--policy', `${M}/top-exit0.mjs`, '--runs', '5']);
    expect(top.code).toBe(1);
    expect(top.stderr).toMatch(/failed to load: policy called process\.exit\(0\)/);
    const noisy = cli(['check', '--policy', `${M}/console.mjs`, '--runs', '3', '--invariant', 'policy-completes', '--json']);
    expect(noisy.code, noisy.stderr).toBe(0);
    expect((JSON.parse(noisy.stdout) as { ok: boolean }).ok).toBe(true);
    expect(noisy.stderr).toContain('HOOK-LOG');
  });
});
