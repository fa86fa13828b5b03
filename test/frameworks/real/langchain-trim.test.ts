/**
 * `langchain-trim`: LangChain's own trimMessages (oracles/frameworks, installed by `npm run
 * test:frameworks`) in front of every request, through the built command.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const INSTALLED = existsSync('oracles/frameworks/node_modules/langchain');
if (!INSTALLED && process.env.CI === 'true') throw new Error('oracles/frameworks is not installed: run npm run test:frameworks');

const TRIM = 'langchain-trim:packageDir=oracles/frameworks';

function cb(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/compactbench.js', ...args], { encoding: 'utf8', timeout: 600_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

type Row = Record<string, string>;
const csv = (file: string): Row[] => parse(readFileSync(file, 'utf8'), { columns: true }) as Row[];

describe.skipIf(!INSTALLED)('langchain-trim on the published package', () => {
  it('trims every request to maxTokens, as a view that leaves the history whole', () => {
    const out = mkdtempSync(join(tmpdir(), 'cb-fw-trim-'));
    const r = cb(['run', '--policy', 'none', '--policy', `${TRIM},maxTokensFraction=0.3`, '--policy', TRIM, '--scenario', 'swe-bash-128k',
      '--seeds', '1', '--max-steps', '120', '--quiet', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csv(join(out, 'sessions.csv'));
    expect(rows.filter((x) => x.failed !== '0')).toEqual([]);
    const row = (label: string): Row => rows.find((x) => x.policyLabel === label)!;
    const none = row('none');
    const tight = row(`langchain-trim:maxTokensFraction=0.3,packageDir=oracles/frameworks`);
    const loose = row('langchain-trim:packageDir=oracles/frameworks');
    // a window of 0.3 × 128k is reached within 120 steps, 0.8 is not: that run sends what `none` sends
    expect(Number(tight.peakUtilization)).toBeLessThan(0.4);
    expect(Number(tight.peakUtilization)).toBeLessThan(Number(none.peakUtilization));
    expect(loose.costTotal).toBe(none.costTotal);
    expect(Number(loose.eventsPer100Steps)).toBe(0);
    const events = csv(join(out, 'events.csv')).filter((e) => e.policyLabel === tight.policyLabel);
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => `${e.phase} ${e.kind}`))).toEqual(new Set(['view sliding-window']));
    // untouched messages keep their identity through trimMessages' copies: the cut moves only when the
    // request is over maxTokens, so not every step breaks the cache
    expect(Number(tight.breaksPer100Steps)).toBeLessThan(90);
  });

  it("check reports what trimMessages' defaults break, as findings", () => {
    const r = cb(['check', '--policy', TRIM, '--runs', '30']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).not.toMatch(/✗ (policy-completes|input-not-mutated|deterministic|unique-call-ids|well-formed-text)/);
    // strategy 'last' without startOn can open a request with a tool result whose call was trimmed away
    expect(r.stdout).toMatch(/✗ no-orphan-result/);
    expect(r.stdout).toMatch(/✗ last-user-kept/);
  });
});
