import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';

/** A valid agent history: user turns, each with assistant steps making calls answered right away. */
const validHistory: fc.Arbitrary<Message[]> = fc
  .array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 })
  .map((turns) => {
    const out: Message[] = [];
    let id = 0;
    turns.forEach((steps, t) => {
      out.push(user(`task ${t}`));
      for (const nCalls of steps) {
        const calls = Array.from({ length: nCalls }, () => call(`c${id++}`, 'bash', { command: 'ls' }));
        out.push(assistant(nCalls ? null : 'done', calls));
        for (const c of calls) out.push(toolResult(c.id, 'ok'));
      }
    });
    return out;
  });

describe('checkInvariants', () => {
  it('accepts valid agent histories', () => {
    fc.assert(fc.property(validHistory, (h) => {
      expect(checkInvariants(h)).toEqual([]);
    }));
  });

  it('flags a removed call as an orphan result', () => {
    fc.assert(fc.property(validHistory, fc.nat(), (h, k) => {
      const callers = h.map((m, i) => (m.tool_calls?.length ? i : -1)).filter((i) => i >= 0);
      fc.pre(callers.length > 0);
      const i = callers[k % callers.length]!;
      const broken = h.filter((_, j) => j !== i);
      const codes = checkInvariants(broken).map((v) => v.code);
      expect(codes).toContain('orphan-result');
    }));
  });

  it('flags a removed result as a missing result (unless it is the pending tail)', () => {
    fc.assert(fc.property(validHistory, fc.nat(), (h, k) => {
      const results = h.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);
      fc.pre(results.length > 0);
      const i = results[k % results.length]!;
      const broken = h.filter((_, j) => j !== i);
      const strict = checkInvariants(broken, { allowPendingTail: false }).map((v) => v.code);
      expect(strict).toContain('missing-result');
    }));
  });

  it('allows calls still pending at the tail, but not in the middle', () => {
    const c = call('x', 'bash', {});
    const h: Message[] = [user('u'), assistant(null, [c])];
    expect(checkInvariants(h)).toEqual([]);
    expect(checkInvariants(h, { allowPendingTail: false })[0]?.code).toBe('missing-result');
    expect(checkInvariants([...h, user('again')])[0]?.code).toBe('missing-result');
  });

  it('flags duplicate ids, results before calls and invalid roles', () => {
    const c = call('x', 'bash', {});
    expect(checkInvariants([assistant(null, [c]), toolResult('x', 'a'), assistant(null, [c]), toolResult('x', 'b')]).map((v) => v.code))
      .toContain('duplicate-call-id');
    expect(checkInvariants([toolResult('x', 'a'), assistant(null, [c])]).map((v) => v.code)).toContain('result-before-call');
    expect(checkInvariants([{ role: 'robot', content: 'hi' } as unknown as Message]).map((v) => v.code)).toEqual(['invalid-role']);
    expect(checkInvariants([assistant(null, [c]), toolResult('x', 'a'), toolResult('x', 'b')]).map((v) => v.code)).toEqual(['duplicate-result']);
  });

  it('returns structured violations with index and call id', () => {
    const v = checkInvariants([user('u'), toolResult('ghost', 'boo')]);
    expect(v).toEqual([{ code: 'orphan-result', index: 1, callId: 'ghost', detail: expect.stringContaining('ghost') }]);
  });
});
