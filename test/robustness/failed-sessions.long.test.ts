/**
 * Issue 29, "Silently wrong" 1, end to end: a policy that fails every session never passes a gate and is
 * never ranked or priced — in compare, run, merge and --json (sweep takes registered policies only; its verdict is the same buildVerdict), and in verdict.json and summary.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from '../cli/helpers.js';

const THROWS = 'test/robustness/modules/throws.mjs';
const SMALL = ['--scenario', 'small-32k', '--seeds', '2', '--max-steps', '20', '--quiet'];

interface JsonDoc {
  exitCode: number;
  gate: { status: string; checks: { status: string; reason: string }[] } | null;
  verdict: { scenarios: { cheapest: string | null; ranked: { policyLabel: string }[]; failed: { policyLabel: string; failures: number }[] }[] };
  aggregates: { policyLabel: string; failures: number; metrics: { costTotal: unknown } }[];
}

function expectFailedNotRanked(doc: JsonDoc['verdict'], label: string): void {
  const s = doc.scenarios[0]!;
  expect(s.ranked.map((p) => p.policyLabel)).not.toContain(label);
  expect(s.cheapest).not.toBe(label);
  expect(s.failed.map((f) => [f.policyLabel, f.failures])).toEqual([[label, 2]]);
}

describe('a policy that fails every session', () => {
  it('compare --gate: the gate fails (exit 2), never passes; the verdict and comparison.md say FAILED', () => {
    const out = join(tempDir(), 'c');
    const r = cli(['compare', '--baseline', 'hermes', '--candidate', THROWS, '--gate', 'gates/example.json', ...SMALL, '--no-png', '--json', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    const doc = JSON.parse(r.stdout) as JsonDoc;
    expect(doc.gate!.status).toBe('fail');
    expect(doc.gate!.checks.every((c) => c.status === 'fail' && /candidate FAILED in 2 of 2 sessions/.test(c.reason))).toBe(true);
    expectFailedNotRanked(doc.verdict, 'always-throws');
    expect(doc.aggregates.find((a) => a.policyLabel === 'always-throws')!.metrics.costTotal).toBeNull();
    expect(r.stderr).toMatch(/always-throws FAILED in all 2 sessions/);
    expect(readFileSync(join(out, 'comparison.md'), 'utf8')).toMatch(/## Gate: ❌ FAIL/);
    expectFailedNotRanked(JSON.parse(readFileSync(join(out, 'verdict.json'), 'utf8')) as JsonDoc['verdict'], 'always-throws');
  });

  it('run: not ranked, FAILED in summary.md and verdict.json; a module is never sharded (merge rebuilds the verdict with the same code)', () => {
    const dir = tempDir();
    const run = cli(['run', '--policy', 'none', '--policy', THROWS, ...SMALL, '--out', join(dir, 'run')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/always-throws FAILED in all 2 sessions/);
    expect(run.stdout).not.toMatch(/always-throws is the cheapest/);
    const summary = readFileSync(join(dir, 'run', 'summary.md'), 'utf8');
    expect(summary).toMatch(/^FAILED — not ranked, no cost: always-throws failed in all 2 sessions of small-32k/m);
    expect(summary).toContain('| — | always-throws (FAILED 2 of 2) | failed: not a result |');
    expectFailedNotRanked(JSON.parse(readFileSync(join(dir, 'run', 'verdict.json'), 'utf8')) as JsonDoc['verdict'], 'always-throws');
    // module-scope state could make shards differ from the unsharded run: --shard refuses modules (docs/ci.md)
    const s = cli(['run', '--policy', 'none', '--policy', THROWS, ...SMALL, '--shard', '1/2', '--out', join(dir, 's1')]);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--shard cannot run policy modules/);
  });

});
