/**
 * The Mastra adapter on the real, published @mastra/core 1.x (oracles/frameworks-node22, its own
 * lockfile; `npm run test:frameworks:node22` installs it and runs this on Node >= 22.13), through the
 * built command as a user runs it. The processors file in oracles/frameworks-node22/fixtures is written
 * as a Mastra user writes it, with no compactbench import, and runs unchanged.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks-node22/node_modules/@mastra/core');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks-node22 is not installed: run npm run test:frameworks:node22');

const PKG = 'packageDir=oracles/frameworks-node22';
const PROCESSORS = 'mastra:oracles/frameworks-node22/fixtures/processors.ts';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 900_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const csv = (dir: string, name: string): Row[] => parse(readFileSync(join(dir, name), 'utf8'), { columns: true }) as Row[];
const byLabel = (rows: Row[], prefix: string): Row[] => rows.filter((r) => r.policyLabel!.startsWith(prefix));
const num = (r: Row, k: string): number => Number(r[k]);
const failures = (rows: Row[]): string[] => rows.filter((x) => x.failed !== '0').map((x) => `${x.scenario} ${x.policyLabel}: ${x.failureError ?? ''}`);

describe.skipIf(!INSTALLED)('the Mastra adapter on @mastra/core 1.x', () => {
  it("runs a user's processors file unchanged, with run and compare", () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-mastra-'));
    const r = cb(['run', '--policy', PROCESSORS, '--policy', 'none', '--scenario', 'swe-bash-128k', '--seeds', '2', '--max-steps', '150', '--quiet', '--out', join(out, 'run')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(join(out, 'run'), 'sessions.csv');
    expect(failures(rows)).toEqual([]);
    const [mastra] = byLabel(rows, 'mastra-processors');
    const [none] = byLabel(rows, 'none');
    // ToolCallFilter({ filterAfterToolSteps: 5 }) moves its window on every tool step: the prompt changes
    // near its start each time, which the cache pays for, and it stays far smaller than without it
    expect(num(mastra!, 'telemetry.mastra.tool-call-filter.changes')).toBeGreaterThan(0);
    expect(num(mastra!, 'telemetry.mastra.requests')).toBe(num(mastra!, 'steps'));
    expect(mastra!['telemetry.mastra.version']).toBe('1.71.0');
    expect(num(mastra!, 'breaksPer100Steps')).toBeGreaterThan(10 * num(none!, 'breaksPer100Steps'));
    expect(num(mastra!, 'peakUtilization')).toBeLessThan(num(none!, 'peakUtilization'));
    const events = csv(join(out, 'run'), 'events.csv').filter((e) => e.policy === 'mastra-processors');
    expect(new Set(events.map((e) => e.phase))).toEqual(new Set(['view']));

    const c = cb(['compare', '--baseline', 'none', '--candidate', PROCESSORS, '--scenario', 'swe-bash-128k', '--seeds', '2',
      '--max-steps', '150', '--quiet', '--no-png', '--out', join(out, 'cmp')]);
    expect(c.code, c.stderr).not.toBe(1);
    expect(readFileSync(join(out, 'cmp', 'comparison.md'), 'utf8')).toMatch(/mastra-processors/);
  });

  it('check finds where TokenLimiter breaks provider rules (its findings, docs/frameworks.md)', () => {
    const r = cb(['check', '--policy', `mastra-token-limiter:${PKG}`, '--runs', '40']);
    expect(r.code, r.stderr).toBe(2);
    // best-fit keeps the newest messages that fit, whatever their role: the newest user message can go,
    // and the request can start with an assistant turn; tokenx undercounts non-ASCII text
    expect(r.stdout).toMatch(/✗ last-user-kept/);
    expect(r.stdout).toMatch(/✗ anthropic-turn-order/);
    expect(r.stdout).toMatch(/✗ within-window/);
    expect(r.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic|no-orphan-result|no-missing-result|unique-call-ids)/);
  });

  it('check on ToolCallFilter: pairs stay whole and text is kept, but an assistant turn can be left empty', () => {
    const r = cb(['check', '--policy', `mastra-tool-call-filter:${PKG}`, '--runs', '40']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/✓ claimed-text-kept/);
    expect(r.stdout).toMatch(/✓ no-orphan-result/);
    expect(r.stdout).toMatch(/✓ no-missing-result/);
    expect(r.stdout).toMatch(/✗ openai-message-order/);
    expect(r.stdout).toMatch(/assistant message \d+ has neither content nor tool_calls/);
    expect(r.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic)/);
  });

  it('replays the default suite through the registered entries and the user file, deterministically', () => {
    const args = (out: string): string[] => ['run', '--policy', `mastra-token-limiter:${PKG}`, '--policy', `mastra-tool-call-filter:${PKG}`, '--policy', PROCESSORS,
      '--seeds', '1', '--max-steps', '60', '--quiet', '--out', out];
    const a = mkdtempSync(join(tmpdir(), 'cb-mastra-suite-'));
    const r = cb(args(a));
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(a, 'sessions.csv');
    expect(new Set(rows.map((x) => x.scenario)).size).toBe(7);
    expect(failures(rows)).toEqual([]);
    // TokenLimiter trims where the window is small; ToolCallFilter acts where there is more than one
    // agent run (user turn) to filter the earlier ones' tool calls from
    const limiter = byLabel(rows, 'mastra-token-limiter');
    expect(limiter.some((x) => num(x, 'telemetry.mastra.promptChanges') > 0)).toBe(true);
    const filter = byLabel(rows, 'mastra-tool-call-filter');
    for (const x of filter) {
      if (num(x, 'userTurns') === 1) expect(num(x, 'telemetry.mastra.promptChanges'), x.scenario).toBe(0);
    }
    expect(filter.some((x) => num(x, 'telemetry.mastra.promptChanges') > 0)).toBe(true);

    const b = mkdtempSync(join(tmpdir(), 'cb-mastra-suite-'));
    expect(cb(args(b)).code).toBe(0);
    for (const f of ['sessions.csv', 'steps.csv', 'events.csv']) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
  });

  it('a Mastra that is not installed fails its sessions with what to install, and the run goes on', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-mastra-missing-'));
    const r = cb(['run', '--policy', 'mastra-token-limiter:packageDir=/nonexistent', '--policy', 'none', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '20', '--quiet', '--out', out]);
    expect(r.code === 0 || r.code === 3, r.stderr).toBe(true);
    const rows = csv(out, 'sessions.csv');
    const [failed] = byLabel(rows, 'mastra-token-limiter');
    expect(failed!.failed).toBe('1');
    expect(JSON.stringify(failed)).toMatch(/npm install @mastra\/core/);
    expect(byLabel(rows, 'none')[0]!.failed).toBe('0');
  });
});
