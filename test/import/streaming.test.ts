/**
 * Streaming: JSONL transcripts are read line by line (a generated ~15 MB Claude Code session of mostly
 * progress lines imports with exact statistics); whole-JSON formats have a size guard with a clear message;
 * errors in whole-JSON files name the line of the bad value.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ImportError, importTrace } from '../../src/workload/import/index.js';
import { offsetOfPath, lineAt } from '../../src/workload/import/locate.js';
import { tmpFile } from './fixtures.js';
import { writeMiniSwe } from './gen.js';

describe('streaming and limits', () => {
  it('imports a large generated Claude Code JSONL and counts every message and call', async () => {
    const file = tmpFile('big.jsonl', '');
    const out = createWriteStream(file);
    const steps = 3000;
    const filler = 'x'.repeat(4000);
    const base = { isSidechain: false, sessionId: 's' };
    let expectedRead = 0;
    for (let i = 0; i < steps; i++) {
      const ts = `2026-01-01T00:00:00.000Z`.replace('00:00:00', `${String(Math.floor(i / 3600)).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`);
      const usage = { input_tokens: 1, cache_read_input_tokens: 1000 + i, cache_creation_input_tokens: 5, output_tokens: 3 };
      expectedRead += 1000 + i;
      const rows = [
        { ...base, type: 'user', timestamp: ts, message: { role: 'user', content: i === 0 ? 'start' : [{ type: 'tool_result', tool_use_id: `t${i - 1}`, content: `out ${i}` }] } },
        { type: 'progress', ...base, timestamp: ts, data: { type: 'bash_progress', output: filler } },
        { ...base, type: 'assistant', timestamp: ts, message: { id: `m${i}`, model: 'claude-opus-4-6', role: 'assistant', content: [{ type: 'tool_use', id: `t${i}`, name: 'Bash', input: { command: `echo ${i}` } }], usage } },
      ];
      if (!out.write(rows.map((r) => JSON.stringify(r)).join('\n') + '\n')) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const t = await importTrace(file);
    expect(t.messages).toHaveLength(2 * steps);
    expect(t.meta.calls).toHaveLength(steps);
    expect(t.meta.calls.reduce((a, c) => a + (c.cacheRead ?? 0), 0)).toBe(expectedRead);
    expect(t.meta.unansweredToolCalls).toEqual([`t${steps - 1}`]);
    expect(t.meta.times?.at(-1)).toBe(steps - 1);
  });

  it('refuses a whole-JSON file over the size limit, saying how to raise it', async () => {
    const file = tmpFile('x.traj.json', writeMiniSwe([{ thought: 'a', command: 'ls', output: 'b' }]));
    const err = await importTrace(file, { maxJsonBytes: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).message).toMatch(/over the 100-byte limit.*--max-json-bytes/);
  });

  it('names the line of a bad value inside a whole-JSON file', async () => {
    const doc = JSON.parse(writeMiniSwe([{ thought: 'a', command: 'ls', output: 'b' }, { thought: 'c', command: 'pwd', output: 'd' }]));
    doc.messages[4].content = 42;
    const text = JSON.stringify(doc, null, 2);
    const expectedLine = text.split('\n').findIndex((l) => l.includes('"content": 42')) + 1;
    const err = (await importTrace(tmpFile('x.traj.json', text)).catch((e: unknown) => e)) as ImportError;
    expect(err).toBeInstanceOf(ImportError);
    expect(err.line).toBe(expectedLine);
    expect(err.message).toContain('messages[4].content: expected text');
  });

  it('locates paths in JSON text, falling back to the deepest existing ancestor', () => {
    const text = '{\n "a": [\n  1,\n  {"b": "x,]}"},\n  3\n ],\n "c": {}\n}';
    expect(lineAt(text, offsetOfPath(text, ['a', 2]))).toBe(5);
    expect(lineAt(text, offsetOfPath(text, ['a', 1, 'b']))).toBe(4);
    expect(lineAt(text, offsetOfPath(text, ['c', 'missing']))).toBe(7);
    expect(lineAt(text, offsetOfPath(text, []))).toBe(1);
  });
});
