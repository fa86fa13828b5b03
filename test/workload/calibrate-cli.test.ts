import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { register, runCalibrate } from '../../src/cli/commands/calibrate.js';
import { UsageError } from '../../src/cli/errors.js';
import { SHARED } from './helpers.js';

const file = (name: string) => fileURLToPath(new URL(`traces/openai/${name}`, SHARED));

function run(opts: Parameters<typeof runCalibrate>[0]): string {
  let out = '';
  runCalibrate(opts, (s) => (out += s));
  return out;
}

describe('compactbench calibrate', () => {
  it('prints a Markdown table with a KS statistic per distribution', () => {
    const out = run({ scenario: 'swe-bash-128k', against: [file('mini-swe-agent-gemini3pro-11.jsonl')], seeds: '2' });
    expect(out.split('\n')[0]).toBe('| distribution | generated | real | statistic | value | p |');
    expect(out).toMatch(/\| tool-result tokens \| n=\d+ .* \| KS \| 0\.\d{3} \|/);
    expect(out).toMatch(/\| tool mix \| .* \| TVD \|/);
  });

  it('--fit prints quantile tables usable in scenario files', () => {
    const fit = JSON.parse(run({ against: [file('claude-code-19.jsonl')], seeds: '1', fit: true }));
    const points = fit.tools.Bash.resultTokens.points as [number, number][];
    expect(points[0][0]).toBe(0);
    expect(points[points.length - 1][0]).toBe(1);
  });

  it('reads timestamps from the sidecar for the pause rows', () => {
    const out = run({ scenario: 'claude-code-200k', against: [file('claude-code-1.jsonl')], seeds: '1' });
    expect(out).toContain('| pauses > 300 s |');
  });

  it('rejects bad input with a usage error', () => {
    expect(() => run({ against: [file('claude-code-19.jsonl')], seeds: '1' })).toThrow(UsageError);
    expect(() => run({ scenario: 'chat-heavy', against: [file('claude-code-19.jsonl')], seeds: '0' })).toThrow(/--seeds: got "0"/);
    expect(() => run({ scenario: 'chat-heavy', against: ['/nonexistent/x.jsonl'], seeds: '1' })).toThrow(UsageError);
  });

  it('registers as a commander command', () => {
    const program = new Command();
    register(program);
    expect(program.commands.map((c) => c.name())).toContain('calibrate');
  });
});
