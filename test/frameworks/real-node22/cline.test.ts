/**
 * The Cline SDK adapter (`cline-sdk`) on the published @cline/core (oracles/frameworks-node22, its own
 * lockfile, Node >= 22; `npm run test:frameworks:node22`), through the built command as a user runs it:
 * a replay with `run` and `compare` under both strategies, the user's own compaction config file, `check`
 * through the registered entry (its findings are documented in docs/frameworks.md), byte-identical
 * reruns, and a missing package.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks-node22/node_modules/@cline/core');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks-node22 is not installed: run npm run test:frameworks:node22');

const AGENTIC = 'cline-sdk:packageDir=oracles/frameworks-node22';
const BASIC = 'cline-sdk:packageDir=oracles/frameworks-node22,strategy=basic';
const USER_FILE = 'cline-sdk:oracles/frameworks-node22/fixtures/cline-compaction.ts';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 600_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const csv = (dir: string, file: string): Row[] => parse(readFileSync(join(dir, file), 'utf8'), { columns: true }) as Row[];
const label = (rows: Row[], l: string): Row => {
  const r = rows.find((x) => x.policyLabel === l);
  if (!r) throw new Error(`no row ${l} in ${rows.map((x) => x.policyLabel).join(', ')}`);
  return r;
};
const num = (r: Row, k: string): number => Number(r[k]);
/** how the records label them: the id and the parameters given, in the definition's order */
const AGENTIC_LABEL = AGENTIC;
const BASIC_LABEL = 'cline-sdk:strategy=basic,packageDir=oracles/frameworks-node22';
const USER_LABEL = 'cline-sdk:module=oracles/frameworks-node22/fixtures/cline-compaction.ts';

describe.skipIf(!INSTALLED)('the Cline SDK adapter on @cline/core', () => {
  it('replays swe-bash-128k under both strategies and a user config file, byte-identical when run again', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-cline-'));
    const args = ['run', '--policy', AGENTIC, '--policy', BASIC, '--policy', USER_FILE, '--policy', 'none', '--scenario', 'swe-bash-128k',
      '--seeds', '2', '--quiet'];
    const r = cb([...args, '--out', join(out, 'a')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(join(out, 'a'), 'sessions.csv');
    expect(rows.filter((x) => x.failed !== '0').map((x) => `${x.policyLabel}: ${x.failure}`)).toEqual([]);
    const none = rows.filter((x) => x.policyLabel === 'none');
    for (const seed of ['1', '2']) {
      const agentic = rows.find((x) => x.policyLabel === AGENTIC_LABEL && x.seed === seed)!;
      const basic = rows.find((x) => x.policyLabel === BASIC_LABEL && x.seed === seed)!;
      const base = none.find((x) => x.seed === seed)!;
      // agentic: every compaction is one summary call, answered by the harness's summarizer
      expect(num(agentic, 'compactionEvents')).toBeGreaterThan(0);
      expect(num(agentic, 'auxCalls')).toBe(num(agentic, 'telemetry.cline.summaryCalls'));
      expect(num(agentic, 'telemetry.cline.agentic')).toBe(num(agentic, 'compactionEvents'));
      expect(agentic['telemetry.cline.version']).toBe('0.0.86');
      // basic folds without a model
      expect(num(basic, 'compactionEvents')).toBeGreaterThan(0);
      expect(num(basic, 'auxCalls')).toBe(0);
      expect(num(basic, 'telemetry.cline.basic')).toBe(num(basic, 'compactionEvents'));
      for (const c of [agentic, basic]) expect(num(c, 'peakUtilization')).toBeLessThan(num(base, 'peakUtilization'));
    }
    // the user's file keeps 8,000 tokens verbatim instead of 20,000: its summaries leave less behind
    const events = csv(join(out, 'a'), 'events.csv');
    const after = (l: string): number => Math.max(...events.filter((e) => e.policyLabel === l).map((e) => Number(e.tokensAfter)));
    expect(label(rows, USER_LABEL).failed).toBe('0');
    expect(after(USER_LABEL)).toBeLessThan(after(AGENTIC_LABEL));
    for (const e of events.filter((x) => x.policy === 'cline-sdk')) expect(['summary', 'compaction']).toContain(e.kind);

    const again = cb([...args, '--out', join(out, 'b')]);
    expect(again.code, again.stderr).toBe(0);
    for (const f of ['sessions.csv', 'events.csv', 'steps.csv']) {
      expect(readFileSync(join(out, 'b', f), 'utf8'), f).toBe(readFileSync(join(out, 'a', f), 'utf8'));
    }
  });

  it('compares with none through compare', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-cline-cmp-'));
    const c = cb(['compare', '--baseline', 'none', '--candidate', BASIC, '--scenario', 'swe-bash-128k', '--seeds', '2', '--quiet', '--no-png', '--out', out]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(join(out, 'comparison.md'), 'utf8')).toMatch(/cline-sdk/);
  });

  it('replays the default suite through the registered entry, both strategies', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-cline-suite-'));
    const r = cb(['run', '--policy', AGENTIC, '--policy', BASIC, '--seeds', '1', '--max-steps', '80', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(out, 'sessions.csv');
    expect(new Set(rows.map((x) => x.scenario)).size).toBe(7);
    expect(rows.filter((x) => x.failed !== '0').map((x) => `${x.scenario} ${x.policyLabel}: ${x.failure}`)).toEqual([]);
  });

  it('check: the adapter keeps the harness contract; the SDK breaks the rules documented as findings', () => {
    for (const [spec, found] of [[AGENTIC, ['last-user-kept', 'within-window', 'thinking-kept']], [BASIC, ['well-formed-text', 'thinking-kept']]] as const) {
      const r = cb(['check', '--policy', spec, '--runs', '40']);
      expect(r.code, r.stderr).toBe(2);
      // what an adapter bug would break: its conversion, identity, pairing and determinism
      expect(r.stdout).toMatch(/✓ deterministic/);
      expect(r.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic|no-orphan-result|no-missing-result|unique-call-ids|system-kept)/);
      for (const f of found) expect(r.stdout, `${spec}: ${f}`).toMatch(new RegExp(`✗ ${f}`));
    }
  });

  it('a missing @cline/core fails its sessions with what to install, and the run goes on', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-cline-missing-'));
    const r = cb(['run', '--policy', 'cline-sdk:packageDir=/nonexistent', '--policy', 'none', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '20', '--quiet', '--out', out]);
    expect(r.code === 0 || r.code === 3, r.stderr).toBe(true);
    const rows = csv(out, 'sessions.csv');
    expect(label(rows, 'cline-sdk:packageDir=/nonexistent').failed).toBe('1');
    expect(JSON.stringify(label(rows, 'cline-sdk:packageDir=/nonexistent'))).toMatch(/npm install @cline\/core@0\.0\.86/);
    expect(label(rows, 'none').failed).toBe('0');
  });
});
