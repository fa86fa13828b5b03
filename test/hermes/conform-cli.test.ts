/** `compactbench conform`: output lines and exit codes (0 all pass, 1 a failure, 2 bad input). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { conform, register } from '../../src/cli/commands/conform.js';

const CASES = path.resolve(process.env.COMPACTBENCH_SHARED ?? path.resolve(process.cwd(), '../shared'), 'conformance/hermes/cases');

function run(policy: string, paths: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = conform(policy, paths, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('conform command', () => {
  it('prints PASS per case and the total, exit 0', () => {
    const r = run('hermes', [path.join(CASES, 'case-007.json'), path.join(CASES, 'case-019.json')]);
    expect(r).toEqual({ code: 0, out: ['PASS case-007', 'PASS case-019', 'conformance: 2/2 passed'], err: [] });
  });

  it('checks hermes@8fa8aabb, the version the cases were produced with, by default or by name', () => {
    const files = [path.join(CASES, 'case-007.json')];
    expect(run('hermes@8fa8aabb', files)).toEqual(run('hermes', files));
    expect(run('hermes@8fa8aabb', files).code).toBe(0);
  });

  it('prints FAIL with the first difference, exit 1', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-cli-'));
    const data = JSON.parse(readFileSync(path.join(CASES, 'case-007.json'), 'utf8'));
    data.expected.messages[1].content = 'changed';
    writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(data));
    const r = run('hermes', [dir, path.join(CASES, 'case-009.json')]);
    expect(r.code).toBe(1);
    expect(r.out[0]).toMatch(/^FAIL broken: \$\.expected\.messages\[1\]\.content: strings differ at char 0 \(lengths 7 vs 542\): expected …"changed"… vs actual …"Fix: /);
    expect(r.out.at(-1)).toBe('conformance: 1/2 passed');
  });

  it('exits 2 for an unknown policy, a missing path, or a file that is not a case', () => {
    expect(run('opencode', [CASES]).err).toEqual(['compactbench conform: no conformance adapter for policy opencode (adapters exist for: hermes)']);
    expect(run('opencode', [CASES]).code).toBe(2);
    expect(run('hermes', ['/no/such/path']).code).toBe(2);
    expect(run('hermes@0000416b', [CASES]).err).toEqual(['compactbench conform: no conformance adapter for hermes@0000416b: the hermes port checks hermes@8fa8aabb']);
    expect(run('hermes@0000416b', [CASES]).code).toBe(2);
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-cli-'));
    writeFileSync(path.join(dir, 'x.json'), '{"hello": 1}');
    const r = run('hermes', [dir]);
    expect(r.code).toBe(2);
    expect(r.err[0]).toContain('not a Hermes conformance input');
  });

  it('registers `conform --policy ID PATH...` on a commander program', () => {
    const program = new Command();
    register(program);
    const cmd = program.commands.find((c) => c.name() === 'conform')!;
    expect(cmd.options.map((o) => o.long)).toContain('--policy');
    expect(cmd.registeredArguments[0]!.variadic).toBe(true);
  });
});
