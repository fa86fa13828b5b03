import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { register, runCalibrate } from '../../src/cli/commands/calibrate.js';
import { UsageError } from '../../src/cli/errors.js';
import { SHARED } from './helpers.js';

const file = (name: string) => fileURLToPath(new URL(`traces/openai/${name}`, SHARED));

async function run(opts: Parameters<typeof runCalibrate>[0]): Promise<string> {
  let out = '';
  await runCalibrate(opts, (s) => (out += s));
  return out;
}

describe('compactbench calibrate', () => {
  it('prints a Markdown table with a KS statistic per distribution', async () => {
    const out = await run({ scenario: 'swe-bash-128k', against: [file('mini-swe-agent-gemini3pro-11.jsonl')], seeds: '2' });
    expect(out.split('\n')[0]).toBe('| distribution | generated | real | statistic | value | p |');
    expect(out).toMatch(/\| tool-result tokens \| n=\d+ .* \| KS \| 0\.\d{3} \|/);
    expect(out).toMatch(/\| tool mix \| .* \| TVD \|/);
  });

  it('--fit prints quantile tables usable in scenario files', async () => {
    const fit = JSON.parse(await run({ against: [file('claude-code-19.jsonl')], seeds: '1', fit: true }));
    const points = fit.tools.Bash.resultTokens.points as [number, number][];
    expect(points[0][0]).toBe(0);
    expect(points[points.length - 1][0]).toBe(1);
  });

  it('reads timestamps from the sidecar for the pause rows', async () => {
    const out = await run({ scenario: 'claude-code-200k', against: [file('claude-code-1.jsonl')], seeds: '1' });
    expect(out).toContain('| pauses > 300 s |');
  });

  it('rejects bad input with a usage error', async () => {
    await expect(run({ against: [file('claude-code-19.jsonl')], seeds: '1' })).rejects.toThrow(UsageError);
    await expect(run({ scenario: 'chat-heavy', against: [file('claude-code-19.jsonl')], seeds: '0' })).rejects.toThrow(/--seeds: got "0"/);
    await expect(run({ scenario: 'chat-heavy', against: ['/nonexistent/x.jsonl'], seeds: '1' })).rejects.toThrow(UsageError);
  });

  it('reads raw agent files (a folder of Claude Code sessions) and refuses a folder with none', async () => {
    const raw = fileURLToPath(new URL('traces/claude-code-sniffly', SHARED));
    const out = await run({ scenario: 'claude-code-200k', against: [raw], seeds: '1' });
    const n = /\| tool-result tokens \| n=\d+ [^|]*\| n=(\d+)/.exec(out);
    expect(Number(n?.[1])).toBeGreaterThan(0);
    const empty = fileURLToPath(new URL('reference', SHARED));
    await expect(run({ scenario: 'claude-code-200k', against: [empty], seeds: '1' })).rejects.toThrow(/no transcript files/);
  });

  it('registers as a commander command', () => {
    const program = new Command();
    register(program);
    expect(program.commands.map((c) => c.name())).toContain('calibrate');
  });
});
