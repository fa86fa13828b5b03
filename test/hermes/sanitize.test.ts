/** Orphan clean-up after assembly: results without calls go, calls without results are stripped. */
import { describe, expect, it } from 'vitest';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import { sanitizeToolPairs, stripHistoricalMedia } from '../../src/policies/hermes/sanitize.js';

const call = (...ids: string[]): PyMsg => ({
  role: 'assistant',
  content: '',
  tool_calls: ids.map((id) => ({ id, type: 'function', function: { name: 't', arguments: '{}' } })),
});
const result = (id: string): PyMsg => ({ role: 'tool', tool_call_id: id, content: 'r' });

describe('sanitizeToolPairs', () => {
  it('deletes results whose call was summarised away, inserting nothing', () => {
    const out = sanitizeToolPairs([{ role: 'user', content: 'u' }, result('gone'), call('a'), result('a')]);
    expect(out.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(out.orphanResults).toBe(1);
  });
  it('strips calls that lost their results, and marks an emptied assistant', () => {
    const out = sanitizeToolPairs([call('a', 'b'), result('a'), call('c')]);
    expect(out.messages[0]!.tool_calls).toHaveLength(1);
    expect(out.messages[2]).toEqual({ role: 'assistant', content: '(tool call removed)' });
    expect(out.orphanCalls).toBe(2);
  });
  it('uses call_id before id', () => {
    const msg: PyMsg = { role: 'assistant', content: 'hi', tool_calls: [{ id: 'x', call_id: 'y', type: 'function', function: { name: 't', arguments: '' } }] };
    expect(sanitizeToolPairs([msg, result('y')]).messages).toHaveLength(2);
    expect(sanitizeToolPairs([msg, result('x')]).messages).toEqual([{ role: 'assistant', content: 'hi' }]);
  });
  it('never mutates its input', () => {
    const input = [Object.freeze(call('a')), Object.freeze(result('zz'))];
    expect(() => sanitizeToolPairs(input)).not.toThrow();
    expect(input[0]!.tool_calls).toHaveLength(1);
  });
});

describe('stripHistoricalMedia', () => {
  it('replaces images before the newest image-bearing user message', () => {
    const img = { type: 'image_url', image_url: { url: 'data:' } };
    const msgs: PyMsg[] = [{ role: 'user', content: [img] }, { role: 'tool', content: [img] }, { role: 'user', content: [img] }];
    const out = stripHistoricalMedia(msgs);
    expect(out[0]!.content).toEqual([{ type: 'text', text: '[Attached image — stripped after compression]' }]);
    expect(out[1]!.content).toEqual([{ type: 'text', text: '[Attached image — stripped after compression]' }]);
    expect(out[2]).toBe(msgs[2]);
  });
});
