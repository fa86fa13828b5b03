/**
 * The Mastra adapter on Node 20, where npm resolves Mastra's 0.x line: @mastra/core 0.24.9 and
 * @mastra/memory 0.15.13 (oracles/frameworks, its own lockfile; `npm run test:frameworks`), whose
 * TokenLimiter and ToolCallFilter are memory processors run once per agent run. Through the built
 * command, as a user runs it; the processors file in oracles/frameworks/fixtures has no compactbench
 * import. On Node 20, @mastra/core 1.x (oracles/frameworks-node22, when installed) must fail with the
 * Node it needs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks/node_modules/@mastra/memory');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks is not installed: run npm run test:frameworks');
const NODE22_INSTALLED = existsSync('oracles/frameworks-node22/node_modules/@mastra/core');
const ON_NODE_20 = process.versions.node.startsWith('20.');
if (INSTALLED && !NODE22_INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks-node22 is not installed: CI installs it before the Node 20 framework tests (.ci/run)');

const PKG = 'packageDir=oracles/frameworks';
const PROCESSORS = 'mastra:oracles/frameworks/fixtures/memory-processors.ts';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 900_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const sessions = (dir: string): Row[] => parse(readFileSync(join(dir, 'sessions.csv'), 'utf8'), { columns: true }) as Row[];
const byLabel = (rows: Row[], prefix: string): Row[] => rows.filter((r) => r.policyLabel!.startsWith(prefix));
const num = (r: Row, k: string): number => Number(r[k]);
const failures = (rows: Row[]): string[] => rows.filter((x) => x.failed !== '0').map((x) => `${x.scenario} ${x.policyLabel}: ${x.failureError ?? ''}`);

describe.skipIf(!INSTALLED)('the Mastra adapter on @mastra/core 0.24 + @mastra/memory 0.15 (Node 20)', () => {
  it("runs a user's memory processors file unchanged, with run and compare", () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-mastra20-'));
    const r = cb(['run', '--policy', PROCESSORS, '--policy', 'none', '--scenario', 'chat-heavy', '--seeds', '1', '--max-steps', '120', '--quiet', '--out', join(out, 'run')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = sessions(join(out, 'run'));
    expect(failures(rows)).toEqual([]);
    const [mastra] = byLabel(rows, 'mastra-processors');
    expect(mastra!['telemetry.mastra.hook']).toBe('memory.process');
    expect(mastra!['telemetry.mastra.version']).toBe('0.24.9');
    // once per agent run: one processing per user turn, the earlier turns' tool calls left out
    expect(num(mastra!, 'telemetry.mastra.runs')).toBe(num(mastra!, 'userTurns'));
    expect(num(mastra!, 'telemetry.mastra.runsChanged')).toBeGreaterThan(0);
    expect(num(mastra!, 'promptTokens')).toBeLessThan(num(byLabel(rows, 'none')[0]!, 'promptTokens'));

    const c = cb(['compare', '--baseline', 'none', '--candidate', PROCESSORS, '--scenario', 'chat-heavy', '--seeds', '2',
      '--max-steps', '120', '--quiet', '--no-png', '--out', join(out, 'cmp')]);
    expect(c.code, c.stderr).not.toBe(1);
    expect(readFileSync(join(out, 'cmp', 'comparison.md'), 'utf8')).toMatch(/mastra-processors/);
  });

  it('replays the default suite through both registered entries on the 0.x API', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-mastra20-suite-'));
    const r = cb(['run', '--policy', `mastra-token-limiter:${PKG}`, '--policy', `mastra-tool-call-filter:${PKG}`, '--seeds', '1', '--max-steps', '60', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = sessions(out);
    expect(new Set(rows.map((x) => x.scenario)).size).toBe(7);
    expect(failures(rows)).toEqual([]);
    for (const x of rows) expect(x['telemetry.mastra.hook']).toBe('memory.process');
    // a memory processor sees only what earlier runs left: nothing to do in a single-turn session
    for (const x of byLabel(rows, 'mastra-tool-call-filter')) if (num(x, 'userTurns') === 1) expect(num(x, 'telemetry.mastra.runsChanged')).toBe(0);
    expect(byLabel(rows, 'mastra-tool-call-filter').some((x) => num(x, 'telemetry.mastra.runsChanged') > 0)).toBe(true);
  });

  it('check on the 0.x processors: TokenLimiter can orphan a tool result, ToolCallFilter drops the text with the calls', () => {
    // 0.x TokenLimiter keeps the newest contiguous messages that fit, with no regard for tool pairs (1.x
    // groups them); 0.x ToolCallFilter drops every message that holds a call or result, text included
    // (named invariants only: the 0.x TokenLimiter counts with js-tiktoken, which makes a full check slow)
    const only = (...names: string[]): string[] => names.flatMap((n) => ['--invariant', n]);
    const limiter = cb(['check', '--policy', `mastra-token-limiter:${PKG}`, '--runs', '40', ...only('policy-completes', 'input-not-mutated', 'no-orphan-result', 'unique-call-ids')]);
    expect(limiter.code, limiter.stderr).toBe(2);
    expect(limiter.stdout).toMatch(/✗ no-orphan-result/);
    expect(limiter.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|unique-call-ids)/);
    const filter = cb(['check', '--policy', `mastra-tool-call-filter:${PKG}`, '--runs', '40']);
    expect(filter.code, filter.stderr).toBe(2);
    expect(filter.stdout).toMatch(/✗ claimed-text-kept/);
    expect(filter.stdout).toMatch(/✓ no-orphan-result/);
    expect(filter.stdout).toMatch(/✓ no-missing-result/);
    expect(filter.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic)/);
  });

  it.skipIf(!NODE22_INSTALLED || !ON_NODE_20)('@mastra/core 1.x on Node 20 fails its sessions with the Node it needs', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-mastra20-node-'));
    const r = cb(['run', '--policy', 'mastra-token-limiter:packageDir=oracles/frameworks-node22', '--policy', 'none', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '10', '--quiet', '--out', out]);
    expect(r.code === 0 || r.code === 3, r.stderr).toBe(true);
    const [failed] = byLabel(sessions(out), 'mastra-token-limiter');
    expect(failed!.failed).toBe('1');
    expect(JSON.stringify(failed)).toMatch(/@mastra\/core 1\.71\.0 needs Node >=22\.13\.0; this is Node 20\./);
  });
});
