/** Output files: JSONL + <stem>.meta.json; importing the output again keeps the recorded facts. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTrace, metaPathFor, writeTraceFiles } from '../../src/workload/import/index.js';
import { tmpFile } from './fixtures.js';
import { TRACES } from './reference.js';

describe('sidecar', () => {
  it('names the sidecar after the output stem', () => {
    expect(metaPathFor('/x/out.jsonl')).toBe('/x/out.meta.json');
    expect(metaPathFor('/x/out.txt')).toBe('/x/out.txt.meta.json');
  });

  it('round-trips a Claude Code import: messages, usage, compactions and times survive', async () => {
    const src = await importTrace(path.join(TRACES, 'claude-code/258c7280-ae70-4798-800f-63464d01a85d.jsonl'));
    const out = tmpFile('out.jsonl', '');
    const meta = await writeTraceFiles(src, out);
    expect(meta).toBe(out.replace(/\.jsonl$/, '.meta.json'));
    expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(src.messages.length);
    const back = await importTrace(out);
    expect(back.meta.format).toBe('openai');
    expect(back.messages).toEqual(src.messages);
    expect(back.meta.calls).toEqual(src.meta.calls);
    expect(back.meta.compactions).toEqual(src.meta.compactions);
    expect(back.meta.times).toEqual(src.meta.times);
    expect(back.meta.model).toBe('claude-opus-4-6');
  });

  it('reads the reference sidecars of shared/traces/openai/', async () => {
    const t = await importTrace(path.join(TRACES, 'openai/claude-code-1.jsonl'));
    expect(t.meta.calls).toHaveLength(152);
    expect(t.meta.calls[0]).toMatchObject({ msgIndex: 1, input: 3, cacheRead: 17842, cacheWrite: 8037, output: 441 });
    expect(t.meta.compactions).toEqual([{ beforeMsgIndex: 229, trigger: 'auto', preTokens: 167094, timestamp: '2026-02-11T21:18:41.543Z' }]);
  });
});
