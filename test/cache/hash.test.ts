/** Message and prefix hashes: equal wire content hashes equal, any wire change hashes differently. */
import { describe, expect, it } from 'vitest';
import { chainHash, messageHash } from '../../src/cache/hash.js';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';

describe('message hashes', () => {
  it('copies with the same wire content hash the same (tool-call key order and wire-stripped keys ignored)', () => {
    const a = assistant('x', [call('1', 'bash', { cmd: 'ls' })]);
    const reordered: Message = {
      content: 'x', role: 'assistant',
      tool_calls: [{ function: { arguments: '{"cmd":"ls"}', name: 'bash' }, type: 'function', id: '1' }],
    };
    expect(messageHash(reordered)).toBe(messageHash(a));
    expect(messageHash({ ...user('s'), _compressed_summary: true })).toBe(messageHash(user('s')));
  });

  it('every wire field changes the hash', () => {
    const base = toolResult('id1', 'out', 'bash');
    const variants: Message[] = [
      { ...base, content: 'out!' }, { ...base, tool_call_id: 'id2' }, { ...base, name: 'grep' },
      { ...base, role: 'user' }, { ...base, reasoning: 'r' }, { ...base, reasoning_content: 'r' },
      { ...base, reasoning_details: [{}] }, { ...base, content: [{ type: 'text', text: 'out' }] },
      { ...base, content: null },
    ];
    const hashes = new Set([messageHash(base), ...variants.map(messageHash)]);
    expect(hashes.size).toBe(variants.length + 1);
  });

  it('prefix hashes depend on order and are 53-bit integers', () => {
    const [x, y] = [messageHash(user('a')), messageHash(user('b'))];
    expect(chainHash(chainHash(0, x), y)).not.toBe(chainHash(chainHash(0, y), x));
    const h = chainHash(chainHash(0, x), y);
    expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
  });
});
