/** ShareGPT / Hermes specifics: recorded ids restored, plain results paired in order, orphans kept. */
import { describe, expect, it } from 'vitest';
import { importTrace } from '../../src/workload/import/index.js';
import { tmpFile } from './fixtures.js';

const conv = (turns: { from: string; value: string }[], extra: Record<string, unknown> = {}) => `${JSON.stringify({ conversations: turns, ...extra })}\n`;

describe('sharegpt importer', () => {
  it('restores the tool_call_id Hermes recorded in the response, and parses reasoning', async () => {
    const t = await importTrace(tmpFile('h.jsonl', conv([
      { from: 'human', value: 'search' },
      { from: 'gpt', value: '<think>\nneed data\n</think>\nLooking.\n<tool_call>\n{"name": "web_search", "arguments": {"q": "x"}}\n</tool_call>' },
      { from: 'tool', value: '<tool_response>\n{"tool_call_id": "call_abc", "name": "web_search", "content": {"hits": 2}}\n</tool_response>' },
      { from: 'gpt', value: '<think>\n</think>\nFound two.' },
    ])));
    expect(t.messages).toEqual([
      { role: 'user', content: 'search' },
      { role: 'assistant', content: 'Looking.', reasoning: 'need data', tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'web_search', arguments: '{"q": "x"}' } }] },
      { role: 'tool', content: '{"hits":2}', tool_call_id: 'call_abc', name: 'web_search' },
      { role: 'assistant', content: 'Found two.' },
    ]);
  });

  it('pairs untagged results with the calls in order and keeps an extra result as a flagged orphan', async () => {
    const t = await importTrace(tmpFile('h.json', conv([
      { from: 'human', value: 'go' },
      { from: 'gpt', value: '<tool_call>\n{"name": "a", "arguments": {}}\n</tool_call>' },
      { from: 'tool', value: 'result a' },
      { from: 'tool', value: 'stray result' },
      { from: 'gpt', value: 'end' },
    ])));
    expect(t.messages[1]!.tool_calls![0]!.id).toBe('call_1');
    expect(t.messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_1', name: 'a', content: 'result a' });
    expect(t.messages[3]).toMatchObject({ role: 'tool', content: 'stray result' });
    expect(t.meta.orphanToolResults).toEqual([3]);
    expect(t.warnings.some((w) => w.includes('no matching call'))).toBe(true);
  });

  it('keeps a <tool_call> that is not JSON as text, with a warning', async () => {
    const t = await importTrace(tmpFile('h.jsonl', conv([{ from: 'human', value: 'x' }, { from: 'gpt', value: 'hm <tool_call>\n{oops}\n</tool_call>' }])));
    expect(t.messages[1]).toEqual({ role: 'assistant', content: 'hm <tool_call>\n{oops}\n</tool_call>' });
    expect(t.warnings.join()).toMatch(/not JSON/);
  });

  it('picks one conversation of a multi-conversation file with --entry, and says how many there are', async () => {
    const file = tmpFile('many.jsonl', conv([{ from: 'human', value: 'first' }, { from: 'gpt', value: 'ok' }]) + conv([{ from: 'human', value: 'second' }, { from: 'gpt', value: 'ok' }]));
    expect((await importTrace(file)).messages[0]!.content).toBe('first');
    const t = await importTrace(file, { entry: 1 });
    expect(t.messages[0]!.content).toBe('second');
    expect(t.meta.notes.join()).toMatch(/holds 2 conversations/);
    await expect(importTrace(file, { entry: 2 })).rejects.toThrow(/entry 2 requested, the file holds 2/);
  });

  it('rejects an unknown speaker at its line', async () => {
    await expect(importTrace(tmpFile('h.jsonl', conv([{ from: 'narrator', value: 'x' }])), { format: 'sharegpt' })).rejects.toThrow(/h\.jsonl:1: conversations\[0\]\.from: unknown speaker "narrator"/);
  });
});
