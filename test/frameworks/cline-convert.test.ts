/**
 * The Cline SDK adapter's message conversion (src/frameworks/cline/convert.ts), without the SDK: the
 * shapes its prepare-turn sees, identity both ways, the SDK's copies and markers. The adapter on the
 * real package: test/frameworks/real-node22/cline.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { ClineMessageMap, type ClineMessage } from '../../src/frameworks/cline/convert.js';

const history = (): Message[] => [
  user('Fix the parser.'),
  { ...assistant('Reading.', [call('c1', 'read_file', { path: 'a.ts' }), call('c2', 'bash', { cmd: 'ls' })]), reasoning_details: [{ type: 'reasoning.text', text: 'think' }] },
  toolResult('c1', 'contents of a.ts', 'read_file'),
  toolResult('c2', 'a.ts b.ts', 'bash'),
  assistant('Done.'),
];

describe('the Cline SDK message conversion', () => {
  it('gives one SDK message per message, tool results as user messages with one tool_result block each', () => {
    const map = new ClineMessageMap();
    const c = map.toCline(history());
    expect(c.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user', 'assistant']);
    expect(c[1]!.content).toEqual([
      { type: 'thinking', thinking: 'think' },
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'a.ts' } },
      { type: 'tool_use', id: 'c2', name: 'bash', input: { cmd: 'ls' } },
    ]);
    expect(c[3]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c2', name: 'bash', content: 'a.ts b.ts' }]);
  });

  it('keeps identity both ways: the same SDK objects every step, the very messages back', () => {
    const map = new ClineMessageMap();
    const h = history();
    const first = map.toCline(h);
    const again = map.toCline([...h, user('next')]);
    expect(again.slice(0, h.length).every((m, i) => m === first[i])).toBe(true);
    const back = map.fromCline(first.slice(2));
    expect(back.every((m, i) => m === h[i + 2])).toBe(true);
  });

  it("maps the SDK's deep copies of unchanged messages back to the originals, and rebuilds what it changed", () => {
    const map = new ClineMessageMap();
    const h = history();
    const c = map.toCline(h);
    // what basic compaction returns: every message cloned, a marker added, thinking blocks dropped
    const copies: ClineMessage[] = c.map((m) => ({ ...m, content: Array.isArray(m.content) ? m.content.map((b) => ({ ...b })) : m.content, metadata: { compaction: 'preserved' } }));
    const stripped = { ...copies[1]!, content: (copies[1]!.content as { type: string }[]).filter((b) => b.type !== 'thinking') } as ClineMessage;
    const back = map.fromCline([copies[0]!, stripped, copies[2]!, copies[3]!, copies[4]!]);
    expect(back[0]).toBe(h[0]);
    expect(back[2]).toBe(h[2]);
    expect(back[4]).toBe(h[4]);
    // the assistant lost its reasoning: a new message, its calls the original objects
    expect(back[1]).not.toBe(h[1]);
    expect(back[1]!.reasoning_details).toBeUndefined();
    expect(back[1]!.tool_calls).toEqual(h[1]!.tool_calls);
    // the next step sees what the SDK returned, markers included
    const next = map.toCline(back);
    expect(next[0]).toBe(copies[0]);
    expect(next[0]!.metadata).toEqual({ compaction: 'preserved' });
  });

  it('maps copies of equal messages (a repeated prompt) to distinct originals, in order', () => {
    const map = new ClineMessageMap();
    const h = [user('Continue.'), assistant('a'), user('Continue.'), assistant('b')];
    const c = map.toCline(h);
    const copy = (m: ClineMessage): ClineMessage => ({ ...m, content: typeof m.content === 'string' ? m.content : m.content.map((b) => ({ ...b })) });
    const back = map.fromCline([c[0]!, copy(c[2]!), copy(c[3]!)]);
    expect(back[0]).toBe(h[0]);
    expect(back[1]).toBe(h[2]);
    expect(back[2]).toBe(h[3]);
  });

  it("keeps an assistant's own reasoning fields when the SDK keeps its thinking block in a changed message", () => {
    const map = new ClineMessageMap();
    const h = history();
    const c = map.toCline(h);
    const blocks = c[1]!.content as { type: string }[];
    const truncated = { role: 'assistant', content: blocks.filter((b) => b.type !== 'text') } as ClineMessage;
    const [m] = map.fromCline([truncated]);
    expect(m!.reasoning_details).toBe(h[1]!.reasoning_details);
    expect(m!.content).toBeNull();
  });

  it("turns the SDK's summary into a user message whose marker survives the next step", () => {
    const map = new ClineMessageMap();
    const h = history();
    map.toCline(h);
    const summary: ClineMessage = { role: 'user', content: [{ type: 'text', text: 'Context summary:\n\nwork so far' }], metadata: { kind: 'compaction_summary', summary: 'work so far' } };
    const out = map.fromCline([summary, ...map.toCline(h.slice(4))]);
    expect(out[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Context summary:\n\nwork so far' }] });
    expect(out[1]).toBe(h[4]);
    expect(map.toCline(out)[0]).toBe(summary);
    // resent as copies (a history the bridge had to send whole), the summary still carries its marker
    const copy = structuredClone(out[0]!);
    expect(new ClineMessageMap().toCline([copy])[0]!.metadata).toBeUndefined();
    expect(map.toCline([copy])[0]).toBe(summary);
  });
});
