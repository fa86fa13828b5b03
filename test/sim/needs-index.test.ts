/**
 * The needs index, kept incrementally from the first changed index, answers as one rebuilt from scratch
 * on every request of a random sequence of appends, rewrites and truncations.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { matchMiddles, RequestIndex, type ContextListener } from '../../src/sim/needs-index.js';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];
const look = {
  entry: (m: Message) => ({
    key: m.tool_call_id,
    // each source holds the identifier `id-<key>`; names put `x-<name>` in the context too (`call:` ones do not)
    ids: m.tool_call_id !== undefined ? [`id-${m.tool_call_id}`] : undefined,
    marks: typeof m.content === 'string' && m.content.startsWith('names:') ? m.content.slice(6).split(',') : undefined,
    kept: undefined,
  }),
};

/** the context as a listener sees it: identifiers entered and not left since */
function contextOf(): ContextListener & { ids: Set<string> } {
  const ids = new Set<string>();
  return {
    ids,
    entered: (id) => {
      expect(ids.has(id)).toBe(false);
      ids.add(id);
    },
    left: (id) => {
      expect(ids.delete(id)).toBe(true);
    },
    keptEntered: () => {},
    keptLeft: () => {},
  };
}

function randomMessage(rng: () => number): Message {
  const k = KEYS[Math.floor(rng() * KEYS.length)]!;
  return rng() < 0.5 ? { role: 'tool', tool_call_id: k, content: `result ${k} ${rng()}` } : { role: 'user', content: `names:${k},${KEYS[Math.floor(rng() * KEYS.length)]}` };
}

describe('RequestIndex', () => {
  it('incremental updates answer as a rebuild does, and report what a rewrite broke', () => {
    for (let seed = 0; seed < 30; seed++) {
      const rng = seedrandom.alea(`index:${seed}`);
      const ctx = contextOf();
      const inc = new RequestIndex(look);
      // listening from the start or from a later step: the listener is told the context as it then is
      const listenAt = seed % 3 === 0 ? 0 : Math.floor(rng() * 60);
      let req: Message[] = [];
      for (let step = 0; step < 60; step++) {
        const prev = req;
        const r = rng();
        let from = prev.length;
        if (r < 0.3) req = [...prev, randomMessage(rng), randomMessage(rng)];
        else if (r < 0.45 && prev.length > 2) {
          // a running summary: one message rewritten, a run after it dropped, the rest kept (same objects) but reported from 0
          const at = Math.floor(rng() * prev.length);
          const cut = at + 1 + Math.floor(rng() * (prev.length - at - 1));
          const len = Math.floor(rng() * 4);
          req = [...prev.slice(0, at), randomMessage(rng), ...prev.slice(at + 1, cut), ...prev.slice(cut + len)];
          from = 0;
        }
        else if (r < 0.6 && prev.length) {
          // a compaction: a middle chunk replaced by one message, the tail kept as the same objects
          from = Math.floor(rng() * prev.length);
          const to = from + Math.floor(rng() * (prev.length - from));
          req = [...prev.slice(0, from), randomMessage(rng), ...prev.slice(to)];
        }
        else if (r < 0.85 && prev.length) {
          from = Math.floor(rng() * prev.length);
          req = [...prev.slice(0, from), ...Array.from({ length: Math.floor(rng() * 3) }, () => randomMessage(rng))];
        } else {
          from = Math.floor(rng() * (prev.length + 1));
          req = prev.slice(0, from);
        }
        if (step === listenAt) inc.listen(ctx);
        const broken = inc.update(req, from);
        const freshCtx = contextOf();
        const fresh = new RequestIndex(look);
        fresh.listen(freshCtx);
        fresh.update(req, 0);
        if (step >= listenAt) expect([...ctx.ids].sort()).toEqual([...freshCtx.ids].sort());
        expect(inc.matches(req)).toBe(true);
        for (const k of KEYS) {
          expect(inc.holder(k)).toBe(fresh.holder(k));
          expect(inc.names(k)).toBe(fresh.names(k));
        }
        // a source reported broken was held before from `from` on, and is not held by the same message now
        for (const k of broken) {
          const before = [...prev].reverse().find((m) => m.tool_call_id === k);
          expect(before).toBeDefined();
          expect(inc.holder(k)).not.toBe(before);
        }
      }
    }
  });

  it('matches two spans by identity in order: what only one holds is removed or added', () => {
    for (let seed = 0; seed < 200; seed++) {
      const rng = seedrandom.alea(`match:${seed}`);
      const pool = Array.from({ length: 12 }, (_, i): Message => ({ role: 'user', content: `m${i}` }));
      const pick = (): Message[] => pool.filter(() => rng() < 0.6);
      const a = pick();
      const b = pick();
      const removed: Message[] = [];
      const added: Message[] = [];
      matchMiddles(a, 0, a.length, b, 0, b.length, removed, added);
      // what was matched is a common subsequence: a without removed equals b without added, in order
      expect(a.filter((m) => !removed.includes(m))).toEqual(b.filter((m) => !added.includes(m)));
      // a message in both spans (each holds it once) is never re-read
      for (const m of a) if (b.includes(m) && removed.includes(m)) expect(added.includes(m)).toBe(true);
    }
    // a rewrite and a dropped run, as a running summary does: only those are touched
    const ms = Array.from({ length: 200 }, (_, i): Message => ({ role: 'user', content: `m${i}` }));
    const merged: Message = { role: 'user', content: 'merged' };
    const next = [ms[0]!, merged, ...ms.slice(2, 150), ...ms.slice(160)];
    const removed: Message[] = [];
    const added: Message[] = [];
    matchMiddles(ms, 0, ms.length, next, 0, next.length, removed, added);
    expect(removed).toEqual([ms[1], ...ms.slice(150, 160)]);
    expect(added).toEqual([merged]);
  });
});
