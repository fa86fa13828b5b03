import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import type { Message } from '../../src/core/messages.js';
import { generateWorkload } from '../../src/workload/generator.js';
import type { Workload } from '../../src/workload/types.js';
import { short } from './helpers.js';

/** each call with its result */
function pairs(w: Workload): { name: string; args: Record<string, unknown>; result: string }[] {
  const out: { name: string; args: Record<string, unknown>; result: string }[] = [];
  const results = new Map<string, Message>();
  for (const st of w.steps) for (const m of st.append) if (m.role === 'tool') results.set(m.tool_call_id!, m);
  for (const st of w.steps) {
    for (const c of st.response.tool_calls ?? []) {
      out.push({ name: c.function.name, args: JSON.parse(c.function.arguments), result: results.get(c.id)!.content as string });
    }
  }
  return out;
}

const gen = (name: string, steps = 150, seed = 3) => generateWorkload(short(name, steps), seed, createTokenCounter());

describe('tool call formats', () => {
  it('Claude Code: Bash takes {command, description}; failures start with "Exit code N"; reads are numbered with →', () => {
    const calls = pairs(gen('claude-code-200k', 300));
    const bash = calls.filter((c) => c.name === 'Bash');
    expect(bash.length).toBeGreaterThan(20);
    for (const c of bash) expect(Object.keys(c.args)).toEqual(['command', 'description']);
    expect(bash.some((c) => /^Exit code [1-9]\d*\n/.test(c.result))).toBe(true);
    const reads = calls.filter((c) => c.name === 'Read' && !c.result.startsWith('<tool_use_error>'));
    for (const c of reads) {
      expect(typeof c.args.file_path).toBe('string');
      expect(c.result).toMatch(/^ {5}\d→|^ {4}\d\d→|^ {3}\d{3}→|^ {2}\d{4}→/);
    }
  });

  it('Hermes: terminal results are JSON with an exit_code, read_file takes {path}', () => {
    const calls = pairs(gen('ops-1m', 200));
    const term = calls.filter((c) => c.name === 'terminal');
    expect(term.length).toBeGreaterThan(20);
    for (const c of term) {
      expect(typeof c.args.command).toBe('string');
      const r = JSON.parse(c.result) as { output: string; exit_code: number };
      expect(typeof r.output).toBe('string');
      expect(Number.isInteger(r.exit_code)).toBe(true);
      expect(c.result).toMatch(/"exit_code"\s*:\s*-?\d+/);
    }
    for (const c of calls.filter((x) => x.name === 'read_file')) expect(typeof c.args.path).toBe('string');
  });

  it('mini-swe-agent: bash results carry <returncode> and <output>, long ones the head/tail warning', () => {
    const calls = pairs(gen('swe-bash-128k', 250));
    for (const c of calls) {
      expect(c.name).toBe('bash');
      expect(c.result).toMatch(/^<returncode>\d+<\/returncode>\n(<output>\n[\s\S]*<\/output>|<warning>[\s\S]*<\/output_tail>)$/);
    }
  });

  it('SWE-agent: str_replace_editor serves view, create and str_replace', () => {
    const calls = pairs(gen('small-32k', 150));
    const cmds = new Set(calls.filter((c) => c.name === 'str_replace_editor').map((c) => c.args.command));
    expect(cmds).toEqual(new Set(['view', 'create', 'str_replace']));
  });
});

describe('repeated calls', () => {
  it.each(['claude-code-200k', 'swe-bash-128k', 'ops-1m'])('%s: identical calls get byte-identical results, and repeats happen', (name) => {
    const w = gen(name, 250, 4);
    const byCall = new Map<string, string>();
    let repeats = 0;
    for (const c of pairs(w)) {
      const key = `${c.name}\u0000${JSON.stringify(c.args)}`;
      const seen = byCall.get(key);
      if (seen !== undefined) {
        repeats++;
        expect(c.result).toBe(seen);
      } else byCall.set(key, c.result);
    }
    expect(repeats).toBeGreaterThan(0);
  });
});

describe('system prompt', () => {
  it.each([
    ['claude-code-200k', 18000],
    ['ops-1m', 9000],
    ['swe-bash-128k', 150],
  ])('%s: about %i tokens, with its tools defined', (name, target) => {
    const tokens = createTokenCounter();
    const w = generateWorkload(short(name, 5), 1, tokens);
    const n = tokens.count(w.system.content as string);
    expect(Math.abs(n - target)).toBeLessThan(Math.max(40, target * 0.02));
    const s = short(name, 5);
    if (s.generator.style !== 'mini-swe-agent') for (const t of s.generator.tools) expect(w.system.content).toContain(`"name": "${t.name}"`);
  });
});

describe('tool definitions', () => {
  it('a tool serving several kinds is defined once, with the parameters of all of them', () => {
    const w = generateWorkload(short('small-32k', 5), 1, createTokenCounter());
    const text = w.system.content as string;
    expect(text.split('"name": "str_replace_editor"').length - 1).toBe(1);
    for (const p of ['"old_str"', '"file_text"', '"view_range"']) expect(text).toContain(p);
  });
});
