/** `compactbench import`: files written, exit codes, malformed input reported with file and line. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../cli/capture.js';
import { runImport } from '../../src/cli/commands/import.js';
import { tmpFile } from './fixtures.js';
import { TRACES } from './reference.js';


afterEach(() => vi.restoreAllMocks());

describe('compactbench import', () => {
  it('writes the JSONL and its sidecar with --out', async () => {
    const out = tmpFile('o/conv.jsonl', '');
    const io = capture();
    const code = await runImport(path.join(TRACES, 'swe-agent/crypto__eps.traj'), { format: 'auto', out });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(29);
    const meta = JSON.parse(readFileSync(out.replace('.jsonl', '.meta.json'), 'utf8'));
    expect(meta).toMatchObject({ format: 'swe-agent', unansweredToolCalls: ['call_14'] });
    expect(io.err.join('')).toMatch(/29 messages \(swe-agent\)/);
  });

  it('streams to stdout without --out, with the sidecar only where --meta says', async () => {
    const meta = tmpFile('m/x.meta.json', '');
    const io = capture();
    const code = await runImport(path.join(TRACES, 'claude-code/short.jsonl'), { format: 'claude-code', meta });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    expect(io.out.join('').trimEnd().split('\n').map((l) => JSON.parse(l).role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(JSON.parse(readFileSync(meta, 'utf8')).calls).toHaveLength(1);
  });

  it('notes a skipped sidecar on stderr when neither --out nor --meta is given', async () => {
    const io = capture();
    await runImport(path.join(TRACES, 'claude-code/short.jsonl'), { format: 'auto' });
    vi.restoreAllMocks();
    expect(io.err.join('')).toMatch(/meta sidecar skipped/);
  });

  it('exits 2 with file:line on malformed input, and on a bad option', async () => {
    const bad = tmpFile('bad.jsonl', '{"role":"user","content":"hi"}\n{"role":"assistant","content":\n');
    const out = tmpFile('never/out.jsonl', '');
    const io = capture();
    expect(await runImport(bad, { format: 'auto', out: `${out}.x` })).toBe(2);
    expect(await runImport(bad, { format: 'yaml' })).toBe(2);
    vi.restoreAllMocks();
    expect(io.err[0]).toContain(`${bad}:2: invalid JSON`);
    expect(io.err[1]).toMatch(/--format: got "yaml"/);
    expect(existsSync(`${out}.x`)).toBe(false);
  });
});
