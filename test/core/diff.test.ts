import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earliestChangedIndex, sameMessage } from '../../src/core/diff.js';
import type { Message } from '../../src/core/messages.js';

const msgArb: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: fc.string({ maxLength: 8 }) }),
  fc.record({ role: fc.constant('assistant' as const), content: fc.string({ maxLength: 8 }) }),
  fc.record({ role: fc.constant('tool' as const), content: fc.string({ maxLength: 8 }), tool_call_id: fc.constantFrom('a', 'b') }),
);

describe('earliestChangedIndex', () => {
  it('is the common length for a pure append', () => {
    fc.assert(fc.property(fc.array(msgArb), fc.array(msgArb), (a, extra) => {
      expect(earliestChangedIndex(a, [...a, ...extra])).toBe(a.length);
    }));
  });

  it('finds the edited position and everything before it is equal', () => {
    fc.assert(fc.property(fc.array(msgArb, { minLength: 1 }), fc.nat(), msgArb, (a, k, replacement) => {
      const i = k % a.length;
      const b = [...a];
      b[i] = replacement;
      const e = earliestChangedIndex(a, b);
      expect(e).toBe(sameMessage(a[i]!, replacement) ? a.length : i);
    }));
  });

  it('treats structurally equal copies as unchanged', () => {
    fc.assert(fc.property(fc.array(msgArb), (a) => {
      const copies = a.map((m) => JSON.parse(JSON.stringify(m)) as Message);
      expect(earliestChangedIndex(a, copies)).toBe(a.length);
    }));
  });

  it('is the shorter length when messages are dropped from the end', () => {
    fc.assert(fc.property(fc.array(msgArb, { minLength: 1 }), fc.nat(), (a, k) => {
      const cut = k % a.length;
      expect(earliestChangedIndex(a, a.slice(0, cut))).toBe(cut);
    }));
  });

  it('respects the beforeLength bound (only the sent prefix counts)', () => {
    const a: Message[] = [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'y' }];
    const b: Message[] = [{ role: 'user', content: 'x' }, { role: 'assistant', content: 'z' }];
    expect(earliestChangedIndex(a, b)).toBe(1);
    expect(earliestChangedIndex(a, b, 1)).toBe(1);
    expect(earliestChangedIndex(a, b, 0)).toBe(0);
  });
});
