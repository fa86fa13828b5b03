/**
 * The Gemini CLI adapter's conversion (src/frameworks/gemini-cli/convert.ts), without the package: the
 * Content form the oracle checks the port against, and identity both ways at the level Gemini CLI keeps
 * it (the part), which the harness's cache diff depends on.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { ContentMap, type GeminiContent } from '../../src/frameworks/gemini-cli/convert.js';

const call = (id: string, name: string) => ({ id, type: 'function' as const, function: { name, arguments: `{"path":"src/${id}.ts"}` } });
const history: Message[] = [
  { role: 'system', content: 'rules' },
  { role: 'user', content: 'fix the bug' },
  { role: 'assistant', content: 'looking', tool_calls: [call('c1', 'read_file'), call('c2', 'grep_search')], reasoning: 'think' },
  { role: 'tool', tool_call_id: 'c1', name: 'read_file', content: 'file one' },
  { role: 'tool', tool_call_id: 'c2', content: 'matches' },
  { role: 'assistant', content: 'done' },
];

describe('ContentMap', () => {
  it("builds Gemini CLI's form: one user Content per run of tool results, calls as functionCall parts", () => {
    const contents = new ContentMap().toContents(history);
    expect(contents.map((c) => c.role)).toEqual(['user', 'user', 'model', 'user', 'model']);
    expect(contents[2]!.parts).toEqual([{ text: 'looking' }, { functionCall: { id: 'c1', name: 'read_file', args: { path: 'src/c1.ts' } } },
      { functionCall: { id: 'c2', name: 'grep_search', args: { path: 'src/c2.ts' } } }]);
    // a result without `name` is named by its call
    expect(contents[3]!.parts).toEqual([{ functionResponse: { id: 'c1', name: 'read_file', response: { output: 'file one' } } },
      { functionResponse: { id: 'c2', name: 'grep_search', response: { output: 'matches' } } }]);
  });

  it('maps untouched parts back to the very messages, in new Content objects too (compression rebuilds every Content)', () => {
    const map = new ContentMap();
    const contents = map.toContents(history);
    const rebuilt: GeminiContent[] = contents.map((c) => ({ ...c, parts: [...c.parts] }));
    const back = map.fromContents(rebuilt);
    expect(back).toHaveLength(history.length);
    back.forEach((m, i) => expect(m).toBe(history[i]));
    // the same parts on the next step: conversions are cached per message
    expect(map.toContents(history)[2]!.parts).toBe(contents[2]!.parts);
  });

  it('a changed tool output becomes a new result of the same call, normalized, and the same object on later steps', () => {
    const map = new ContentMap((t) => t.replace('/tmp/x', '/stand-in'));
    const contents = map.toContents(history);
    const masked = { functionResponse: { ...contents[3]!.parts[0]!.functionResponse!, response: { output: '<tool_output_masked>see /tmp/x/a.txt</tool_output_masked>' } } };
    const edited = [...contents.slice(0, 3), { role: 'user' as const, parts: [masked, contents[3]!.parts[1]!] }, contents[4]!];
    const back = map.fromContents(edited);
    expect(back[3]).not.toBe(history[3]);
    expect(back[3]).toEqual({ role: 'tool', tool_call_id: 'c1', name: 'read_file', content: '<tool_output_masked>see /stand-in/a.txt</tool_output_masked>' });
    expect(back[4]).toBe(history[4]);
    const next = [...back, { role: 'user' as const, content: 'more' }];
    const again = map.fromContents(map.toContents(next));
    expect(again[3]).toBe(back[3]);
    expect(again[6]).toBe(next[6]);
  });

  it("a new model Content (the compression's acknowledgement) and a new user text (its snapshot) become messages", () => {
    const map = new ContentMap();
    const contents = map.toContents(history);
    const back = map.fromContents([{ role: 'user', parts: [{ text: '<state_snapshot>s</state_snapshot>' }] }, { role: 'model', parts: [{ text: 'Got it.' }] }, ...contents.slice(4)]);
    expect(back.slice(0, 2)).toEqual([{ role: 'user', content: '<state_snapshot>s</state_snapshot>' }, { role: 'assistant', content: 'Got it.' }]);
    expect(back[2]).toBe(history[5]);
  });
});
