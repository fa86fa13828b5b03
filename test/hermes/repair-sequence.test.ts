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

describe('the read-only check before the repair passes', () => {
  // seeded lists of every shape the passes look at: roles, ids that answer, repeat or miss, codex turns
  function randomList(seed: number): PyMsg[] {
    let s = seed;
    const next = (n: number) => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s % n;
    };
    const out: PyMsg[] = [];
    for (let i = 0, len = 1 + next(12); i < len; i++) {
      const kind = next(7);
      if (kind === 0) out.push({ role: 'user', content: next(4) ? `u${i}` : [{ type: 'text', text: 'x' }] });
      else if (kind === 1) out.push({ role: 'assistant', content: `a${i}`, ...(next(6) ? {} : { finish_reason: 'incomplete' }) });
      else if (kind === 2) out.push({ role: 'assistant', content: '', tool_calls: [call(`c${next(3)}`), ...(next(2) ? [{ call_id: `c${next(3)}` }] : [])] });
      else if (kind === 6) out.push({ role: 'system', content: 's' });
      else out.push({ role: 'tool', tool_call_id: next(8) ? `c${next(3)}` : '', content: 'r' });
    }
    return out;
  }

  it('finds work exactly when the passes make a repair, and a clean prefix changes nothing', async () => {
    const { firstRepairIndex } = await import('../../src/policies/hermes/repair-sequence.js');
    let repaired = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const msgs = randomList(seed);
      const full = repairMessageSequence(msgs.map((m) => ({ ...m }))); // copies: no shortcut by identity
      const idx = firstRepairIndex(msgs);
      expect(idx >= 0, `seed ${seed}`).toBe(full.repairs > 0);
      if (full.repairs) repaired++;
      // the list is clean up to the index the check stops at, so starting there gives the same answer
      if (idx >= 0) expect(firstRepairIndex(msgs, idx)).toBe(idx);
      expect(repairMessageSequence(msgs, Math.max(0, idx)).repairs).toBe(full.repairs);
    }
    expect(repaired).toBeGreaterThan(500);
    expect(repaired).toBeLessThan(2900);
  });
});

describe('CleanPrefix', () => {
  it('rechecks from the junction of a grown list, and from the start of a list that is not a continuation', async () => {
    const { CleanPrefix } = await import('../../src/policies/hermes/before-request.js');
    const clean = new CleanPrefix();
    const a: PyMsg[] = [{ role: 'user', content: 'go' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'more' }];
    clean.remember(a);
    const grown = [...a, { role: 'user', content: 'again' }];
    expect(clean.of(grown)).toBe(3);
    expect(repairMessageSequence(grown, clean.of(grown)).repairs).toBe(1); // the pair across the junction
    const other = [{ ...a[0]! }, ...a.slice(1), { role: 'assistant', content: 'x' }];
    expect(clean.of(other)).toBe(0);
    expect(clean.of(a.slice(0, 2))).toBe(0);
  });
});
