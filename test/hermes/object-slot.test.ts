/** The hidden per-object slot (object-slot.ts) against the WeakMap it replaces, and its invisibility. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectSlot } from '../../src/policies/hermes/object-slot.js';

const message = fc.record(
  { role: fc.constantFrom('user', 'assistant', 'tool'), content: fc.string(), tool_call_id: fc.string(), n: fc.integer() },
  { requiredKeys: ['role'] },
).map((r) => ({ ...r })); // plain objects, as messages are (fast-check may give a null prototype)

describe('objectSlot', () => {
  it('answers as a WeakMap does for any sequence of sets and gets, frozen objects included', () => {
    const op = fc.tuple(fc.nat({ max: 7 }), fc.option(fc.integer(), { nil: undefined }));
    fc.assert(
      fc.property(fc.array(message, { minLength: 8, maxLength: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.array(op, { maxLength: 40 }), (objs, frozen, ops) => {
        objs.forEach((o, i) => frozen[i] && Object.freeze(o));
        const slot = objectSlot<number>();
        const ref = new WeakMap<object, number>();
        for (const [i, v] of ops) {
          if (v !== undefined) {
            slot.set(objs[i]!, v);
            ref.set(objs[i]!, v);
          }
          expect(slot.get(objs[i]!)).toBe(ref.get(objs[i]!));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('leaves keys, JSON, equality and spread copies as they were', () => {
    fc.assert(
      fc.property(message, (m) => {
        const before = { ...m };
        const slot = objectSlot<{ memo: number }>();
        slot.set(m, { memo: 1 });
        expect(Reflect.ownKeys(m)).toEqual(Reflect.ownKeys(before));
        expect(JSON.stringify(m)).toBe(JSON.stringify(before));
        expect(m).toStrictEqual(before);
        const copy = { ...m, content: 'changed' };
        expect(slot.get(copy)).toBeUndefined(); // a modified copy never inherits the original's value
        expect(slot.get(m)).toEqual({ memo: 1 });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps separate slots apart', () => {
    const a = objectSlot<string>();
    const b = objectSlot<string>();
    const o = {};
    a.set(o, 'a');
    expect(b.get(o)).toBeUndefined();
    b.set(o, 'b');
    expect([a.get(o), b.get(o)]).toEqual(['a', 'b']);
  });
});
