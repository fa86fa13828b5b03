/**
 * `gemini-cli-real` on the published `@google/gemini-cli-core` 0.61.0 (oracles/gemini-cli, its own
 * lockfile, ~370 MB; CI installs it before `npm run test:frameworks`), through the built command as a
 * user runs it: a replay with run and compare, check, determinism, a missing package, and the adapter's
 * agreement with compactbench's port of the same code (`gemini-cli`) on the default suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/gemini-cli/node_modules/@google/gemini-cli-core/package.json');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/gemini-cli is not installed: cd oracles/gemini-cli && npm ci --omit=optional');

const REAL = 'gemini-cli-real:packageDir=oracles/gemini-cli';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 900_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const csv = (dir: string, file: string): Row[] => parse(readFileSync(join(dir, file), 'utf8'), { columns: true }) as Row[];
const of = (rows: Row[], policy: string): Row[] => rows.filter((r) => r.policy === policy);
const num = (r: Row, k: string): number => Number(r[k]);

/** What the main model saw and paid per step: prompt size, cache reads and writes, break cause, events. */
const stepKey = (r: Row): string => [r.scenario, r.seed, r.step, r.promptTokens, r.cacheReadTokens, r.cacheWriteTokens, r.breakCause, r.events, r.overflow].join('|');

describe.skipIf(!INSTALLED)('gemini-cli-real on the published @google/gemini-cli-core', () => {
  it('replays a default scenario with run and compare: compressions are summary calls of the harness, masking reported', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-gem-'));
    const r = cb(['run', '--policy', REAL, '--policy', 'none', '--scenario', 'research-web-200k', '--seeds', '2', '--quiet', '--out', join(out, 'run')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(join(out, 'run'), 'sessions.csv');
    expect(rows.filter((x) => x.failed !== '0')).toEqual([]);
    const real = of(rows, 'gemini-cli-real');
    expect(real).toHaveLength(2);
    for (const s of real) {
      expect(num(s, 'summaryEvents')).toBeGreaterThan(0);
      // both passes (the snapshot and its verification) go to the harness's summarizer
      expect(num(s, 'auxCalls')).toBe(2 * num(s, 'telemetry.geminiCli.compressed'));
      expect(s['telemetry.geminiCli.version']).toBe('0.61.0');
      expect(num(s, 'peakUtilization')).toBeLessThan(num(of(rows, 'none').find((n) => n.seed === s.seed)!, 'peakUtilization'));
    }
    expect(real.some((s) => num(s, 'telemetry.geminiCli.maskedOutputs') > 0)).toBe(true);

    const c = cb(['compare', '--baseline', 'gemini-cli', '--candidate', REAL, '--scenario', 'swe-bash-128k', '--seeds', '2', '--quiet', '--no-png', '--out', join(out, 'cmp')]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(join(out, 'cmp', 'comparison.md'), 'utf8')).toMatch(/gemini-cli-real/);
  });

  it('check: the real services hold every invariant but well-formed-text, which Gemini CLI documents (it cuts by UTF-16 unit)', () => {
    const r = cb(['check', '--policy', REAL, '--runs', '100']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/all 16 invariants hold \(1 more violated as documented upstream properties\)/);
    expect(r.stdout).toMatch(/! well-formed-text[\s\S]*a documented property of the upstream system/);
    expect(r.stdout).toMatch(/before \(kind mask\) returned text that is not well-formed Unicode/);
  });

  it('is deterministic: two runs give byte-identical outputs, and the temporary folders are gone', () => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('cbg-')).length;
    const dirs = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'cb-gem-det-')));
    for (const d of dirs) {
      const r = cb(['run', '--policy', REAL, '--scenario', 'research-web-200k', '--scenario', 'swe-bash-128k', '--seeds', '1', '--quiet', '--out', d]);
      expect(r.code, r.stderr).toBe(0);
    }
    for (const f of ['steps.csv', 'events.csv', 'sessions.csv', 'summary.json']) {
      expect(readFileSync(join(dirs[1]!, f), 'utf8')).toBe(readFileSync(join(dirs[0]!, f), 'utf8'));
    }
    // the run masked outputs (so the random file names were there to normalize) and compressed
    const events = csv(dirs[0]!, 'events.csv');
    expect(events.some((e) => e.detail!.includes('"masked"'))).toBe(true);
    expect(events.some((e) => e.kind === 'summary')).toBe(true);
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('cbg-')).length).toBe(before);
  });

  it('agrees with the port (gemini-cli) step for step on the default suite: prompts, cache, events', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-gem-agree-'));
    const r = cb(['run', '--policy', REAL, '--policy', 'gemini-cli', '--seeds', '2', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const steps = csv(out, 'steps.csv');
    const real = of(steps, 'gemini-cli-real');
    expect(new Set(real.map((s) => s.scenario)).size).toBe(7);
    expect(real.map(stepKey)).toEqual(of(steps, 'gemini-cli').map(stepKey));
    const events = csv(out, 'events.csv');
    const ev = (p: string): string[] => of(events, p).map((e) => [e.scenario, e.seed, e.step, e.kind, e.tokensBefore, e.tokensAfter, e.earliestChangedIndex].join('|'));
    expect(ev('gemini-cli-real')).toEqual(ev('gemini-cli'));
    expect(ev('gemini-cli-real').length).toBeGreaterThan(20);
    // the summary calls differ only in their instructions: Gemini CLI's own compression prompt, where the port counts the harness's default
    const sessions = csv(out, 'sessions.csv');
    const main = (p: string): number[] => of(sessions, p).map((s) => Math.round((num(s, 'costTotal') - num(s, 'costAux')) * 1e9));
    expect(main('gemini-cli-real')).toEqual(main('gemini-cli'));
  });

  it('a missing package fails its sessions with what to install, and the run goes on', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-gem-missing-'));
    const r = cb(['run', '--policy', 'gemini-cli-real:packageDir=/nonexistent', '--policy', 'none', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '20', '--quiet', '--out', out]);
    expect(r.code === 0 || r.code === 3, r.stderr).toBe(true);
    const rows = csv(out, 'sessions.csv');
    expect(of(rows, 'gemini-cli-real')[0]!.failed).toBe('1');
    expect(JSON.stringify(of(rows, 'gemini-cli-real')[0])).toMatch(/npm install @google\/gemini-cli-core@0\.61\.0/);
    expect(of(rows, 'none')[0]!.failed).toBe('0');
  });
});
