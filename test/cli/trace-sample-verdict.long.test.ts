/**
 * Issue 31: a verdict over recorded traces takes the sessions as the sample. Seeds of a replayed trace
 * only vary the mock summarizer: they never make a difference distinguishable, and one trace is answered
 * as one session (never "add seeds"). Each trace's recorded bill stands beside the replayed costs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireShared, SHARED_DIR } from '../shared-data.js';
import { cli, tempDir } from './helpers.js';

const T = (p: string): string => join(SHARED_DIR, 'traces', p);
const have = requireShared('traces/claude-code-entire-cli', 'trace-sample verdict');

interface Ranked { policyLabel: string; delta: { mean: number; lo: number | null; hi: number | null } | null; distinguishable: boolean | null }
interface JsonVerdict {
  scenarios: { scenario: string; sentence: string; resolved: boolean | null; ranked: Ranked[] }[];
  unresolved: string[];
  traces: { sentence: string; traces: { trace: string; recorded: { costUsd: number | null; calls: number } | null }[]; policies: Ranked[] };
}

function runJson(args: string[]): { verdict: JsonVerdict; stderr: string } {
  const r = cli(['run', ...args, '--out', tempDir(), '--json']);
  expect(r.code, r.stderr).toBe(0);
  return { verdict: (JSON.parse(r.stdout) as { verdict: JsonVerdict }).verdict, stderr: r.stderr };
}

describe.runIf(have)('run --trace: the verdict over traces', () => {
  it('repeated seeds of one deterministic replay are never called distinguishable, and one trace is one session', () => {
    // hermes and claude-code differ on this session by the same amount on every seed: a paired interval
    // over those seeds collapses to a point, which a seed-based verdict would call distinguishable
    const { verdict, stderr } = runJson(['--trace', T('claude-code-entire-cli/7033bba9319c-2.full.jsonl'), '--policy', 'claude-code', '--policy', 'hermes', '--seeds', '5']);
    const s = verdict.scenarios[0]!;
    const hermes = s.ranked.find((p) => p.policyLabel === 'hermes')!;
    expect(hermes.delta!.mean).not.toBe(0);
    expect(s.ranked.every((p) => p.distinguishable === null)).toBe(true);
    expect(hermes.delta!.lo).toBeNull(); // no interval drawn from seeds (NaN in JSON is null)
    expect(s.resolved).toBeNull();
    expect(verdict.unresolved).toEqual([]);
    expect(s.sentence).toMatch(/one recorded session \(recorded: billed \$\d+\.\d\d\)/);
    expect(verdict.traces.sentence).toMatch(/^One recorded trace: .* replay more recorded sessions/);
    expect(verdict.traces.policies.every((p) => p.distinguishable === null)).toBe(true);
    expect(stderr).not.toMatch(/--seeds|distinguishable from zero/);
    expect(stderr).toMatch(/total over the traces: recorded \$\d+\.\d\d; replayed hermes \$[\d.]+, claude-code \$/);
  });

  it('three or more traces (a directory and a glob) give one verdict whose interval is over traces', () => {
    const { verdict } = runJson(['--trace', T('claude-code-sniffly'), '--trace', T('agtrace/claude_*.jsonl'), '--policy', 'claude-code', '--policy', 'hermes']);
    const names = verdict.traces.traces.map((t) => t.trace);
    expect(names).toHaveLength(4);
    expect(names).toContain('trace:claude_session.jsonl');
    const hermes = verdict.traces.policies.find((p) => p.policyLabel === 'hermes')!;
    expect(Number.isFinite(hermes.delta!.lo) && Number.isFinite(hermes.delta!.hi)).toBe(true);
    expect(hermes.delta!.lo!).toBeLessThanOrEqual(hermes.delta!.mean);
    expect(verdict.traces.sentence).toMatch(/^Over 4 recorded traces \(each session one sample\)/);
    // every trace recorded its usage: its bill is there
    expect(verdict.traces.traces.every((t) => (t.recorded?.calls ?? 0) > 0)).toBe(true);
  });
});

describe('run --trace: what it reads, and what it refuses', () => {
  it('a folder that yields no transcript is an error, never an empty table', () => {
    const d = tempDir();
    mkdirSync(join(d, 'empty'));
    const r = cli(['run', '--trace', join(d, 'empty'), '--policy', 'none', '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/holds no transcript files/);
  });

  it('an unrecognized file is refused naming the formats, without suggesting a flag run does not have', () => {
    const d = tempDir();
    writeFileSync(join(d, 'notes.md'), '# notes\n');
    const r = cli(['run', '--trace', join(d, 'notes.md'), '--policy', 'none', '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/could not detect the trace format \(supported: .*gemini-cli\)/);
    expect(r.stderr).not.toMatch(/--format/);
  });
});
