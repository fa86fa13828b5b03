/** `compactbench conform`: output lines and exit codes (0 all pass, 1 a failure, 2 bad input). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { conform, register } from '../../src/cli/commands/conform.js';

const CONFORMANCE = path.resolve(process.env.COMPACTBENCH_SHARED ?? path.resolve(process.cwd(), '../shared'), 'conformance');
const CASES = path.join(CONFORMANCE, 'hermes/cases');
const CASES_416 = path.join(CONFORMANCE, 'hermes-0000416b/cases');

function run(policy: string, paths: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = conform(policy, paths, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('conform command', () => {
  it('names the version checked, prints PASS per case and the total, exit 0', () => {
    const r = run('hermes@8fa8aabb', [path.join(CASES, 'case-007.json'), path.join(CASES, 'case-019.json')]);
    expect(r).toEqual({ code: 0, out: ['checking hermes@8fa8aabb', 'PASS case-007', 'PASS case-019', 'conformance: 2/2 passed'], err: [] });
  });

  it('checks hermes@0000416b, the newest version it can, by default', () => {
    const files = [path.join(CASES_416, 'case-017.json')];
    expect(run('hermes', files)).toEqual({ code: 0, out: ['checking hermes@0000416b', 'PASS case-017', 'conformance: 1/1 passed'], err: [] });
    expect(run('hermes', [path.join(CASES, 'case-007.json')]).code).toBe(1);
  });

  it('prints FAIL with the first difference, exit 1', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-cli-'));
    const data = JSON.parse(readFileSync(path.join(CASES, 'case-007.json'), 'utf8'));
    data.expected.messages[1].content = 'changed';
    writeFileSync(path.join(dir, 'broken.json'), JSON.stringify(data));
    const r = run('hermes@8fa8aabb', [dir, path.join(CASES, 'case-009.json')]);
    expect(r.code).toBe(1);
    expect(r.out[1]).toMatch(/^FAIL broken: \$\.expected\.messages\[1\]\.content: strings differ at char 0 \(lengths 7 vs 542\): expected …"changed"… vs actual …"Fix: /);
    expect(r.out.at(-1)).toBe('conformance: 1/2 passed');
  });

  it('exits 2 for an unknown policy, a missing path, or a file that is not a case', () => {
    expect(run('opencode', [CASES]).err).toEqual(['compactbench conform: no conformance adapter for policy opencode (adapters exist for: hermes)']);
    expect(run('opencode', [CASES]).code).toBe(2);
    expect(run('hermes', ['/no/such/path']).code).toBe(2);
    expect(run('hermes@5c479eed', [CASES]).err).toEqual(['compactbench conform: no conformance adapter for hermes@5c479eed: the hermes port checks hermes@0000416b, hermes@8fa8aabb']);
    expect(run('hermes@5c479eed', [CASES]).code).toBe(2);
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
