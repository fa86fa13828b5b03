/**
 * The needs index, kept incrementally from the first changed index, answers as one rebuilt from scratch
 * on every request of a random sequence of appends, rewrites and truncations.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { RequestIndex } from '../../src/sim/needs-index.js';

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];
const look = {
  sourceKey: (m: Message) => m.tool_call_id,
  marks: (m: Message) => (typeof m.content === 'string' && m.content.startsWith('names:') ? m.content.slice(6).split(',') : undefined),
};

function randomMessage(rng: () => number): Message {
  const k = KEYS[Math.floor(rng() * KEYS.length)]!;
  return rng() < 0.5 ? { role: 'tool', tool_call_id: k, content: `result ${k} ${rng()}` } : { role: 'user', content: `names:${k},${KEYS[Math.floor(rng() * KEYS.length)]}` };
}

describe('RequestIndex', () => {
  it('incremental updates answer as a rebuild does, and report what a rewrite broke', () => {
    for (let seed = 0; seed < 30; seed++) {
      const rng = seedrandom.alea(`index:${seed}`);
      const inc = new RequestIndex(look);
      let req: Message[] = [];
      for (let step = 0; step < 60; step++) {
        const prev = req;
        const r = rng();
        let from = prev.length;
        if (r < 0.45) req = [...prev, randomMessage(rng), randomMessage(rng)];
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
        const broken = inc.update(req, from);
        const fresh = new RequestIndex(look);
        fresh.update(req, 0);
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
});
