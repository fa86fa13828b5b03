/** The token-budget tail: soft ceiling, message floor, raw re-walk, alignment and the two anchors. */
import { describe, expect, it } from 'vitest';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import { alignBoundaryBackward, findTailCutByTokens, minTailMessages } from '../../src/policies/hermes/tail-cut.js';

const text = (role: string, chars: number): PyMsg => ({ role, content: 'w'.repeat(chars) });
const call = (id: string): PyMsg => ({ role: 'assistant', content: '', tool_calls: [{ id, type: 'function', function: { name: 't', arguments: '{}' } }] });
const result = (id: string, chars: number): PyMsg => ({ role: 'tool', tool_call_id: id, content: 'r'.repeat(chars) });

describe('tail cut', () => {
  it('the message floor is at most 8 and leaves two messages to summarise', () => {
    expect(minTailMessages(100, 1, 20)).toBe(8);
    expect(minTailMessages(100, 1, 3)).toBe(3);
    expect(minTailMessages(7, 1, 20)).toBe(3); // available 5 → max(3, 5-2) = 3
    expect(minTailMessages(3, 1, 20)).toBe(0);
  });

  it('stops at 1.5× the budget once the floor is met', () => {
    // 12 messages of 400 chars = 110 budget tokens each; budget 300 → soft 450 → 4 messages fit,
    // but the floor (3, protect_last_n=3) is already met, so the tail is 4 messages.
    const msgs = Array.from({ length: 12 }, (_, i) => text(i % 2 ? 'assistant' : 'user', 400));
    expect(findTailCutByTokens(msgs, 1, 300, 3)).toBe(8);
  });

  it('keeps the floor even when it exceeds the soft ceiling', () => {
    const msgs = Array.from({ length: 12 }, (_, i) => text(i % 2 ? 'assistant' : 'user', 4000));
    expect(findTailCutByTokens(msgs, 1, 300, 20)).toBe(4); // 8 messages kept
  });

  it('re-walks with the raw budget when everything fits, then forces a cut that leaves the floor', () => {
    // 7 walkable messages × 20 tokens = 140 ≤ soft ceiling 180, so the walk reaches the head. The raw
    // re-walk (budget 120) ends at the head too, so the cut is forced to n − min_tail = 8 − 3 = 5.
    const msgs = [text('system', 40), ...Array.from({ length: 7 }, (_, i) => text(i % 2 ? 'assistant' : 'user', 40))];
    expect(findTailCutByTokens(msgs, 1, 120, 3)).toBe(5);
  });

  it('never starts the tail with orphaned tool results', () => {
    const msgs = [text('user', 10), call('a'), result('a', 10), result('a', 10), text('assistant', 10)];
    expect(alignBoundaryBackward(msgs, 3)).toBe(1);
    expect(alignBoundaryBackward(msgs, 4)).toBe(1);
  });

  it('pulls the last real user message into the tail', () => {
    // A huge final tool result fills the tail budget; the user ask before it must stay verbatim.
    const msgs = [
      text('user', 40), text('assistant', 40), text('user', 40), text('assistant', 40),
      text('user', 40), call('a'), result('a', 40_000), text('assistant', 40), text('assistant', 40), text('assistant', 40),
    ];
    const cut = findTailCutByTokens(msgs, 1, 100, 3);
    expect(cut).toBe(4);
  });

  it('pushes the cut past the whole turn pair when the last user sits at the head boundary', () => {
    const msgs = [text('user', 40), call('a'), result('a', 40_000), result('a', 400), text('assistant', 40_000), text('assistant', 40_000)];
    // last real user is at index 0 = head_end; clamping to head_end+1 would strand it, so the
    // cut moves to the end of its pair (user, assistant call, results) = 4, then the last visible
    // assistant reply (index 5) is already in the tail.
    expect(findTailCutByTokens(msgs, 0, 100, 3)).toBe(4);
  });
});
