/** Auto-detection reads the name and the first 64 KB; it never guesses silently. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFormatHint } from '../../src/workload/import/errors.js';
import { detectFormat, ImportError, importTrace } from '../../src/workload/import/index.js';
import { tmpFile } from './fixtures.js';
import { TRACES } from './reference.js';

const dirFormat: Record<string, string> = {
  'claude-code': 'claude-code', 'swe-agent': 'swe-agent', 'mini-swe-agent': 'mini-swe-agent', openhands: 'openhands', openai: 'openai',
};

describe('format detection', () => {
  for (const [dir, format] of Object.entries(dirFormat)) {
    it(`recognizes every file in shared/traces/${dir}/ as ${format}`, async () => {
      const files = readdirSync(path.join(TRACES, dir)).filter((f) => /\.(jsonl|json|traj)$/.test(f) && !f.endsWith('.meta.json'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(await detectFormat(path.join(TRACES, dir, f)), f).toBe(format);
    });
  }

  it('recognizes ShareGPT by its keys, whatever the file name', async () => {
    const line = JSON.stringify({ conversations: [{ from: 'human', value: 'hi' }, { from: 'gpt', value: 'yo' }] });
    expect(await detectFormat(tmpFile('t.data', `${line}\n`))).toBe('sharegpt');
    expect(await detectFormat(tmpFile('t.json', JSON.stringify([{ from: 'human', value: 'hi' }], null, 2)))).toBe('sharegpt');
  });

  it('recognizes a pretty-printed mini-swe-agent file without its usual name', async () => {
    const doc = { info: { mini_version: '1.15.0' }, messages: [{ role: 'user', content: 'x' }], trajectory_format: 'mini-swe-agent-1' };
    expect(await detectFormat(tmpFile('t.json', JSON.stringify(doc, null, 2)))).toBe('mini-swe-agent');
  });

  it('refuses an unrecognizable file with an ImportError naming the formats (commands with --format add the flag)', async () => {
    const file = tmpFile('notes.txt', 'just some text\n');
    await expect(detectFormat(file)).rejects.toThrow(ImportError);
    const e = (await importTrace(file).then(() => undefined, (x: unknown) => x)) as ImportError;
    expect(e.message).toMatch(/could not detect the trace format \(supported: .*gemini-cli/);
    expect(e.message).not.toMatch(/--format/);
    expect(withFormatHint(e).message).toMatch(/pass --format/);
  });

  it('rejects an unknown --format value and a missing file', async () => {
    await expect(importTrace(tmpFile('a.jsonl', '{}'), { format: 'nope' as never })).rejects.toThrow(/unknown format "nope"/);
    await expect(importTrace('/nonexistent/x.jsonl')).rejects.toThrow(ImportError);
  });
});
