/**
 * Hermes' pre-request role-alternation repair (agent_runtime_helpers.py `repair_message_sequence`
 * @ 8fa8aabb): merges consecutive assistants, drops stray tool results, merges consecutive string users,
 * and leaves a well-formed list (and every input) untouched.
 */
import { describe, expect, it } from 'vitest';
import { repairMessageSequence, type PyMsg } from '../../src/policies/hermes/index.js';

const call = (id: string) => ({ id, type: 'function', function: { name: 'terminal', arguments: '{}' } });
const deepFreeze = (msgs: PyMsg[]): PyMsg[] => {
  for (const m of msgs) Object.freeze(m);
  return Object.freeze(msgs) as PyMsg[];
};

describe('repairMessageSequence', () => {
  it('returns a well-formed list itself, with no repairs', () => {
    const msgs = deepFreeze([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'assistant', content: 'done' },
    ]);
    const r = repairMessageSequence(msgs);
    expect(r.repairs).toBe(0);
    expect(r.messages).toBe(msgs);
  });

  it('merges two assistant summaries in a row: stripped texts joined by a newline, other keys of the first kept', () => {
    const msgs = deepFreeze([
      { role: 'assistant', content: '  new summary \n', _compressed_summary: true },
      { role: 'assistant', content: 'old summary', _compressed_summary: true },
      { role: 'user', content: 'next' },
    ]);
    const r = repairMessageSequence(msgs);
    expect(r.repairs).toBe(1);
    expect(r.messages).toEqual([
      { role: 'assistant', content: 'new summary\nold summary', _compressed_summary: true },
      { role: 'user', content: 'next' },
    ]);
    expect(msgs[0]!.content).toBe('  new summary \n'); // the input is not changed
  });

  it('concatenates tool calls, takes the later content when the earlier is empty, and carries reasoning_content only when missing', () => {
    const r = repairMessageSequence([
      { role: 'assistant', content: null, tool_calls: [call('a')] },
      { role: 'assistant', content: [{ type: 'text', text: 'parts' }], tool_calls: [call('b')], reasoning_content: 'why' },
      { role: 'tool', tool_call_id: 'a', content: '1' },
      { role: 'tool', tool_call_id: 'b', content: '2' },
    ]);
    expect(r.repairs).toBe(1);
    expect(r.messages[0]).toEqual({
      role: 'assistant', content: [{ type: 'text', text: 'parts' }], tool_calls: [call('a'), call('b')], reasoning_content: 'why',
    });
    expect(r.messages).toHaveLength(3);
  });

  it('never merges Codex interim turns', () => {
    const msgs = [
      { role: 'assistant', content: 'a', finish_reason: 'incomplete' },
      { role: 'assistant', content: 'b' },
    ];
    expect(repairMessageSequence(msgs).repairs).toBe(0);
  });

  it('drops tool results that do not answer the newest assistant before them, and second results for a call', () => {
    const r = repairMessageSequence([
      { role: 'user', content: 'go' },
      { role: 'tool', tool_call_id: 'x', content: 'stray' },
      { role: 'assistant', content: '', tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: 'ok' },
      { role: 'tool', tool_call_id: 'a', content: 'duplicate' },
    ]);
    expect(r.repairs).toBe(2);
    expect(r.messages.map((m) => m.content)).toEqual(['go', '', 'ok']);
  });

  it('merges consecutive string users with a blank line, but leaves a user with parts alone', () => {
    const strings = repairMessageSequence([{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }, { role: 'user', content: '' }]);
    expect(strings.messages).toEqual([{ role: 'user', content: 'a\n\nb' }]);
    expect(strings.repairs).toBe(2);
    const parts = [{ role: 'user', content: [{ type: 'text', text: 'a' }] }, { role: 'user', content: 'todo' }];
    expect(repairMessageSequence(parts).repairs).toBe(0);
  });
});
