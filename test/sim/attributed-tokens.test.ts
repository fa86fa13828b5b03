/** Attributed sizes: integer splits that sum exactly, and requests that total the recorded prompt. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { AttributedTokens } from '../../src/sim/attributed-tokens.js';
import { split } from '../../src/sim/attributed-tokens.js';

const tokens = createTokenCounter();
const msg = (role: Message['role'], content: string): Message => ({ role, content });

describe('attributed token sizes', () => {
  it('splits a total into non-negative integers that sum to it, roughly in proportion', () => {
    fc.assert(fc.property(fc.nat(100_000), fc.array(fc.nat(5000), { minLength: 1, maxLength: 12 }), (total, weights) => {
      const parts = split(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
      const sum = weights.reduce((a, b) => a + b, 0);
      if (sum > 0) parts.forEach((p, k) => expect(Math.abs(p - (total * weights[k]!) / sum)).toBeLessThanOrEqual(1));
    }));
  });

  it('gives an unlogged system block the first prompt minus the messages, then attributes growth to new messages', () => {
    const a = new AttributedTokens(tokens);
    const sys = msg('system', '[unlogged]');
    const u = msg('user', 'hello world');
    expect(a.attribute([sys, u], 20_000, 'remainder')).toBe(0);
    expect(a.message(u)).toBe(tokens.message(u));
    expect(a.message(sys)).toBe(20_000 - tokens.message(u));
    const r = msg('assistant', 'ok');
    const t = msg('tool', 'a much longer tool result with many words in it');
    expect(a.attribute([sys, u, r, t], 20_500, 'remainder')).toBe(0);
    expect(a.message(r) + a.message(t)).toBe(500);
    expect(a.message(t)).toBeGreaterThan(a.message(r));
    expect(a.messages([sys, u, r, t])).toBe(20_500);
  });

  it('uses a measured system size and reports a prompt it cannot match', () => {
    const a = new AttributedTokens(tokens);
    const sys = msg('system', 's');
    const u = msg('user', 'x');
    expect(a.attribute([sys, u], 5000, 4000)).toBe(0);
    expect([a.message(sys), a.message(u)]).toEqual([4000, 1000]);
    // the recorded prompt shrank with nothing new to attribute it to: modelled − recorded
    expect(a.attribute([sys, u], 4900, 4000)).toBe(100);
    expect(() => a.message(msg('user', 'never sized'))).toThrow(/before its size was attributed/);
  });
});
