/** `compactbench trajectories`: metrics text and JSON, --out, and exit-2 errors for bad input. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register, runTrajectories } from '../../src/cli/commands/trajectories.js';
import { UsageError } from '../../src/cli/errors.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { parseTrajectories } from '../../src/trajectories/jsonl.js';
import { FIXTURE } from './helpers.js';

const OPTS = { targetMaxTokens: '1600', summaryTargetTokens: '100', protectLastNTurns: '4', seed: '0' };
const tmp = () => mkdtempSync(join(tmpdir(), 'cb-traj-'));

async function cli(args: string[]): Promise<string> {
  const out: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out.push(String(s)); return true; });
  try {
    const program = new Command().exitOverride();
    register(program);
    await program.parseAsync(['node', 'compactbench', 'trajectories', ...args]);
  } finally {
    spy.mockRestore();
  }
  return out.join('');
}

afterEach(() => vi.restoreAllMocks());

describe('compactbench trajectories', () => {
  it('prints the metrics: compressed, skipped under target, still over limit, ratio', async () => {
    const text = await cli([FIXTURE, '--target-max-tokens', '1600', '--summary-target-tokens', '100']);
    expect(text).toContain(': 4 trajectories\n');
    expect(text).toContain('  compressed: 2, skipped (under target): 1, still over limit: 2\n');
    expect(text).toMatch(/ {2}tokens: 6,700 → [\d,]+ \(saved [\d,]+; overall ratio 0\.\d+\)\n/);
    expect(text).toContain('  summarization: 2 calls, 0 errors\n');
  });

  it('--json prints the aggregate and per-trajectory metrics', async () => {
    const json = JSON.parse(await cli([FIXTURE, '--target-max-tokens', '1600', '--summary-target-tokens', '100', '--json']));
    expect(json.config).toEqual({ targetMaxTokens: 1600, summaryTargetTokens: 100, protectLastNTurns: 4 });
    expect(json.metrics.summary.trajectories_compressed).toBe(2);
    expect(json.trajectories.map((t: { line: number; still_over_limit: boolean }) => [t.line, t.still_over_limit])).toEqual([[1, false], [2, false], [3, true], [4, true]]);
  });

  it('--out writes compressed JSONL whose recounted tokens match the metrics', () => {
    const out = join(tmp(), 'out.jsonl');
    const r = runTrajectories(FIXTURE, { ...OPTS, out });
    const back = parseTrajectories(readFileSync(out, 'utf8'), out);
    const tokens = createTokenCounter();
    const counts = back.map((b) => b.conversations.reduce((s, t) => s + tokens.count(t.value), 0));
    expect(counts).toEqual((r.json.trajectories as { compressed_tokens: number }[]).map((t) => t.compressed_tokens));
    expect(r.text).toContain(`wrote ${out} (4 records)`);
  });

  it('fails with file:line as a UsageError (exit 2) on malformed input', () => {
    const file = join(tmp(), 'bad.jsonl');
    writeFileSync(file, `${readFileSync(FIXTURE, 'utf8').split('\n')[0]}\n{"conversations": [{"from": "human"}]}\n`);
    expect(() => runTrajectories(file, OPTS)).toThrow(UsageError);
    expect(() => runTrajectories(file, OPTS)).toThrow(`${file}:2: conversations[0].value must be a string, got undefined`);
  });

  it('rejects bad option values and unreadable files as usage errors', () => {
    expect(() => runTrajectories(FIXTURE, { ...OPTS, targetMaxTokens: '1.5k' })).toThrow(/--target-max-tokens: got "1\.5k", expected an integer >= 1/);
    expect(() => runTrajectories(join(tmp(), 'missing.jsonl'), OPTS)).toThrow(/cannot read the trajectories file: no such file \(ENOENT\)/);
  });
});
