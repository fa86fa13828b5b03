/**
 * The framework adapters on the real, published packages (oracles/frameworks, installed from its own
 * lockfile by `npm run test:frameworks`; CI does so), through the built command as a user runs it. The
 * user files in oracles/frameworks/fixtures are written as an agent builder writes them, with no
 * compactbench import, and are run unchanged.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks/node_modules/ai') && existsSync('oracles/frameworks/node_modules/langchain');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks is not installed: run npm run test:frameworks');

const PKG = 'packageDir=oracles/frameworks';
const PREPARE_STEP = 'ai-sdk:oracles/frameworks/fixtures/prepare-step.ts';
const SUMMARIZATION = 'langchain:oracles/frameworks/fixtures/summarization.ts';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 600_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const sessions = (dir: string): Row[] => parse(readFileSync(join(dir, 'sessions.csv'), 'utf8'), { columns: true }) as Row[];
const byLabel = (rows: Row[], prefix: string): Row[] => rows.filter((r) => r.policyLabel!.startsWith(prefix));
const num = (r: Row, k: string): number => Number(r[k]);

describe.skipIf(!INSTALLED)('framework adapters on the published packages', () => {
  it("runs a user's prepareStep file and a LangChain summarizationMiddleware file unchanged, with run and compare", () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-fw-'));
    const r = cb(['run', '--policy', PREPARE_STEP, '--policy', SUMMARIZATION, '--policy', 'none', '--scenario', 'swe-bash-128k',
      '--seeds', '2', '--max-steps', '150', '--quiet', '--out', join(out, 'run')]);
    expect(r.code, r.stderr).toBe(0);
    const rows = sessions(join(out, 'run'));
    expect(rows.filter((x) => x.failed !== '0')).toEqual([]);
    const [ai] = byLabel(rows, 'ai-sdk-prepare-step');
    const [lc] = byLabel(rows, 'langchain-middleware');
    const [none] = byLabel(rows, 'none');
    // pruneMessages in prepareStep rewrites the prompt on nearly every step; LangChain's summaries are
    // the harness's own summary calls
    expect(num(ai!, 'breaksPer100Steps')).toBeGreaterThan(10 * num(none!, 'breaksPer100Steps'));
    expect(num(lc!, 'summaryEvents')).toBeGreaterThan(0);
    expect(num(lc!, 'auxCalls')).toBe(num(lc!, 'summaryEvents'));
    expect(num(lc!, 'peakUtilization')).toBeLessThan(num(none!, 'peakUtilization'));

    const c = cb(['compare', '--baseline', 'none', '--candidate', SUMMARIZATION, '--scenario', 'swe-bash-128k', '--seeds', '2',
      '--max-steps', '150', '--quiet', '--no-png', '--out', join(out, 'cmp')]);
    expect(c.code, c.stderr).toBe(0);
    expect(readFileSync(join(out, 'cmp', 'comparison.md'), 'utf8')).toMatch(/langchain-middleware/);
  });

  it("finds what pruneMessages does to Anthropic's reasoning rule (check)", () => {
    const r = cb(['check', '--policy', `ai-sdk-prune:${PKG}`, '--runs', '40']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toMatch(/✗ thinking-kept/);
    expect(r.stdout).toMatch(/✗ strict-alternation/);
  });

  it('checks the LangChain summarization entry', () => {
    const r = cb(['check', '--policy', `langchain-summarization:${PKG}`, '--runs', '30']);
    expect([0, 2]).toContain(r.code);
    expect(r.stdout).toMatch(/policy-completes/);
    expect(r.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic|no-orphan-result)/);
  });

  it('replays the default suite through every registered adapter, ai@6 and ai@7 semantics', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-fw-suite-'));
    const r = cb(['run', '--policy', `ai-sdk-prune:${PKG}`, '--policy', `ai-sdk-prune:${PKG},semantics=ai7`, '--policy', `langchain-summarization:${PKG}`,
      '--policy', `langchain-clear-tool-uses:${PKG}`, '--policy', `langchain-trim:${PKG}`, '--seeds', '1', '--max-steps', '60', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = sessions(out);
    expect(new Set(rows.map((x) => x.scenario)).size).toBe(7);
    expect(rows.filter((x) => x.failed !== '0').map((x) => `${x.scenario} ${x.policyLabel}: ${x.failureError ?? ''}`)).toEqual([]);
    // ai@6 applies prepareStep's messages to one request (a view); ai@7 carries them forward (a rewrite of
    // history before the step). pruneMessages is idempotent, so both send the same prompts.
    const events = parse(readFileSync(join(out, 'events.csv'), 'utf8'), { columns: true }) as Row[];
    const phases = (seven: boolean): Set<string> => new Set(events.filter((e) => e.policy === 'ai-sdk-prune' && e.policyLabel!.includes('semantics=ai7') === seven).map((e) => e.phase!));
    expect(phases(false)).toEqual(new Set(['view']));
    expect(phases(true)).toEqual(new Set(['before']));
    const six = byLabel(rows, 'ai-sdk-prune').filter((x) => !x.policyLabel!.includes('semantics=ai7'));
    const seven = byLabel(rows, 'ai-sdk-prune').filter((x) => x.policyLabel!.includes('semantics=ai7'));
    expect(seven.map((x) => x.promptTokens)).toEqual(six.map((x) => x.promptTokens));
  });

  it('a framework that is not installed fails its sessions with what to install, and the run goes on', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-fw-missing-'));
    const r = cb(['run', '--policy', 'ai-sdk-prune:packageDir=/nonexistent', '--policy', 'none', '--scenario', 'small-32k', '--seeds', '1', '--max-steps', '20', '--quiet', '--out', out]);
    const rows = sessions(out);
    expect(r.code === 0 || r.code === 3, r.stderr).toBe(true);
    const [failed] = byLabel(rows, 'ai-sdk-prune');
    expect(failed!.failed).toBe('1');
    expect(JSON.stringify(failed)).toMatch(/npm install ai@6/);
    expect(byLabel(rows, 'none')[0]!.failed).toBe('0');
  });
});
