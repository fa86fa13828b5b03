/** `compactbench validate-cache`: the JSON summary's shape, the text report, and exit codes. */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { capture } from '../cli/capture.js';
import { runValidateCache } from '../../src/cli/commands/validate-cache.js';
import { TRACES } from '../import/reference.js';

const defaults = { format: 'auto', tolerance: '0.05', seed: '0', warmStart: true };

afterEach(() => vi.restoreAllMocks());

const session = path.join(TRACES, 'claude-code/tool_heavy.jsonl');

describe('compactbench validate-cache', () => {
  it('--json prints files and total with token counts and labelled disagreements', async () => {
    const io = capture();
    const code = await runValidateCache([session], { ...defaults, json: true });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const j = JSON.parse(io.out.join(''));
    expect(Object.keys(j)).toEqual(['files', 'total']);
    expect(j.files[0]).toMatchObject({ file: session, calls: 4 });
    expect(Object.keys(j.files[0])).toEqual(['file', 'inTokenScaleFit', 'calls', 'agreeing', 'promptSize', 'recorded', 'modelled', 'disagreements']);
    // tool_heavy.jsonl is one of the 56 sessions the shipped Anthropic scale was fitted on
    expect(j.files[0].inTokenScaleFit).toBe(true);
    expect(j.files[0].promptSize).toEqual({ calls: 4, agreeing: 4, callsBefore: 4, agreeingBefore: 4 });
    expect(j.files[0].recorded).toEqual({ cacheRead: 88231, cacheWrite: 17696 });
    for (const d of j.files[0].disagreements) expect(Object.keys(d)).toEqual(['call', 'cause']);
    expect(j.total).toMatchObject({ calls: 4, agreeing: j.files[0].agreeing, recorded: j.files[0].recorded, modelled: j.files[0].modelled });
  });

  it('says which sessions were part of the token-scale fit, and reads a folder of raw sessions with their inline subagents', async () => {
    const io = capture();
    const code = await runValidateCache([path.join(TRACES, 'claude-code-viewer-fixtures'), path.join(TRACES, 'claude-code/short.jsonl')], { ...defaults, json: true });
    vi.restoreAllMocks();
    expect(code).toBe(0);
    const files = (JSON.parse(io.out.join('')) as { files: { file: string; inTokenScaleFit: boolean; calls: number }[] }).files;
    // 3 main sessions, 7 inline subagents (CLI 1.0 sidechains) each priced as its own session, and short.jsonl
    expect(files).toHaveLength(11);
    expect(files.filter((f) => f.file.includes('>sidechain-'))).toHaveLength(7);
    // every Claude Code session in shared/traces is part of the shipped fit, inline subagents with their file
    expect(files.filter((f) => !f.inTokenScaleFit)).toEqual([]);
    expect(files.reduce((n, f) => n + f.calls, 0)).toBe(7 + 20 + 170 + 1);
  });

  it('calls a session the fit has not seen held out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cb-held-out-'));
    try {
      copyFileSync(session, path.join(dir, 'my-session.jsonl'));
      const io = capture();
      expect(await runValidateCache([dir], { ...defaults, json: true })).toBe(0);
      vi.restoreAllMocks();
      expect(JSON.parse(io.out.join('')).files.map((f: { inTokenScaleFit: boolean }) => f.inTokenScaleFit)).toEqual([false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints every call and the totals with relative errors as text', async () => {
    const io = capture();
    await runValidateCache([session], defaults);
    vi.restoreAllMocks();
    const text = io.out.join('');
    expect(text.split('\n').filter((l) => /^\s+\d+\s+\d+\s+\d+/.test(l))).toHaveLength(4);
    expect(text).toMatch(/TOTAL: \d+\/4 calls agree .* cache read recorded 88231 modelled \d+ \([+-]\d+\.\d\d%\)/);
  });

  it('exits 2 for a transcript without recorded usage, still reporting the others', async () => {
    const io = capture();
    const code = await runValidateCache([path.join(TRACES, 'swe-agent/crypto__eps.traj'), session], { ...defaults, json: true });
    vi.restoreAllMocks();
    expect(code).toBe(2);
    expect(io.err.join('')).toMatch(/crypto__eps\.traj: no recorded per-call usage/);
    expect(JSON.parse(io.out.join('')).files).toHaveLength(1);
  });

  it('exits 2 on a bad option value', async () => {
    const io = capture();
    expect(await runValidateCache([session], { ...defaults, breakpoints: 'everywhere' })).toBe(2);
    vi.restoreAllMocks();
    expect(io.err.join('')).toMatch(/--breakpoints: got "everywhere"/);
  });
});
