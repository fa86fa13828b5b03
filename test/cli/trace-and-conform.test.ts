import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir } from './helpers.js';

describe('compactbench run --trace', () => {
  it('replays a recorded transcript through policies like a synthetic session', () => {
    const out = tempDir();
    const r = cli(['run', '--trace', '../shared/traces/openai/claude-code-2.jsonl', '--policy', 'none', '--policy', 'hermes', '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const sessions = readFileSync(join(out, 'sessions.csv'), 'utf8').trim().split('\n');
    expect(sessions).toHaveLength(3);
    expect(sessions[1]).toMatch(/^trace:claude-code-2\.jsonl,1,none,/);
    const steps = readFileSync(join(out, 'steps.csv'), 'utf8').trim().split('\n');
    expect(steps.length).toBeGreaterThan(2);
  });

  it('reports a missing trace file as bad input', () => {
    const r = cli(['run', '--trace', 'no/such/file.jsonl', '--out', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no\/such\/file\.jsonl/);
  });
});

describe('compactbench conform', () => {
  it('passes every shared Hermes conformance case and replay', () => {
    const r = cli(['conform', '--policy', 'hermes@8fa8aabb', '../shared/conformance/hermes']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const last = r.stdout.trim().split('\n').at(-1);
    expect(last).toMatch(/^conformance: (\d+)\/\1 passed$/);
    expect(Number(last!.match(/(\d+)\//)![1])).toBe(32);
  });
});

describe('compactbench run --trace pricing', () => {
  it('replays a trace whose recorded model is not in the price table as unpriced, never as another model', () => {
    const out = tempDir();
    const r = cli(['run', '--trace', '../shared/traces/openai/mini-swe-agent-gemini3pro-1.jsonl', '--policy', 'none', '--out', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const [header, row] = readFileSync(join(out, 'sessions.csv'), 'utf8').trim().split('\n');
    const cost = header!.split(',').indexOf('costTotal');
    expect(row!.split(',')[cost]).toBe('');
    const steps = readFileSync(join(out, 'steps.csv'), 'utf8').split('\n')[1]!;
    expect(steps).toContain('unpriced:google/gemini-3-pro-preview');
  });
});
