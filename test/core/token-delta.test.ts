/**
 * rebasedTotal: the total of a rewritten array from the total of the array before, by message identity.
 * Property: for any edit (messages dropped, inserted, replaced, reordered, appended), it equals the total
 * counted from scratch — the harness relies on it for every rewrite's request size.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { identityEdit, rebasedTotal } from '../../src/core/token-delta.js';

const runs = Number(process.env.CB_PROP_RUNS ?? 200);
const count = (m: Message): number => (m.content as string).length;
const sum = (ms: readonly Message[]): number => ms.reduce((s, m) => s + count(m), 0);
const msg = (text: string): Message => Object.freeze({ role: 'user', content: text });

/** An array of messages and a list of edits to apply to it (see `edited`). */
const pool = fc.array(fc.string({ maxLength: 12 }).map(msg), { minLength: 1, maxLength: 150 });
const edits = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(3)), { maxLength: 40 });

/** `prev` after `edits`: blocks dropped (longer than the sync window at times), new messages inserted, one replaced, an old one re-used elsewhere. */
function edited(prev: readonly Message[], ops: readonly (readonly [number, number, number])[]): Message[] {
  const fresh = prev.map((m) => msg(`${m.content as string}!`));
  const next = [...prev];
  for (const [a, b, op] of ops) {
    if (!next.length) break;
    const i = a % next.length;
    if (op === 0) next.splice(i, 1 + (b % 70));
    else if (op === 1) next.splice(i, 0, ...fresh.slice(0, 1 + (b % 70)));
    else if (op === 2) next[i] = fresh[b % fresh.length]!;
    else next.push(prev[b % prev.length]!);
  }
  return next;
}

describe('rebasedTotal', () => {
  it('equals the total counted from scratch for any edit of the array', () => {
    fc.assert(
      fc.property(pool, edits, fc.nat(), (prev, ops, cut) => {
        const next = edited(prev, ops);
        const prevLen = Math.min(prev.length, 1 + (cut % prev.length)); // only a counted prefix of prev
        expect(rebasedTotal(prev, prevLen, sum(prev.slice(0, prevLen)), next, count)).toBe(sum(next));
      }),
      { numRuns: runs },
    );
  });

  it('looks up only the messages that changed', () => {
    const prev = Array.from({ length: 1000 }, (_, i) => msg(`m${i}`));
    const next = [...prev];
    next[500] = msg('stripped');
    let lookups = 0;
    const counting = (m: Message): number => (lookups++, count(m));
    expect(rebasedTotal(prev, prev.length, sum(prev), next, counting)).toBe(sum(next));
    expect(lookups).toBe(2);
  });
});

describe('identityEdit', () => {
  it('is exact: the old array without `dropped`, with `fresh` inserted, is the new one', () => {
    fc.assert(
      fc.property(pool, edits, fc.nat(), (prev, ops, cut) => {
        const next = edited(prev, ops);
        let from = 0;
        while (from < Math.min(prev.length, next.length, cut % 20) && prev[from] === next[from]) from++;
        const { dropped, fresh: inserted } = identityEdit(prev, next, from);
        const gone = new Set(dropped);
        const added = new Set(inserted);
        const kept = prev.filter((_, i) => !gone.has(i));
        const paired = next.filter((_, j) => !added.has(j));
        expect(paired.length).toBe(kept.length);
        expect(paired.every((m, k) => m === kept[k])).toBe(true); // the same objects, in the same order
        for (const k of [...dropped, ...inserted]) expect(k).toBeGreaterThanOrEqual(from);
      }),
      { numRuns: runs },
    );
  });

  it('lists only what changed: a replaced first message and a dropped run', () => {
    const prev = Array.from({ length: 1000 }, (_, i) => msg(`m${i}`));
    const next = [msg('merged'), ...prev.slice(1, 400), ...prev.slice(430)];
    expect(identityEdit(prev, next, 0)).toEqual({ dropped: [0, ...Array.from({ length: 30 }, (_, k) => 400 + k)], fresh: [0] });
  });
});
