/**
 * What a summary keeps, kept incrementally (a running summary extends the list of the one it updates by what
 * entered the context since; so does any summary while the last one's list is in the request), equals the
 * definition: the kept-by-draw identifiers of the context (what the request holds or names, its summaries'
 * lists included) plus what the updated summary kept.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import type { KeptList } from '../../src/sim/kept-list.js';
import { SummaryKeeps } from '../../src/sim/summary-keeps.js';
import type { Summarizer } from '../../src/summarizer/types.js';

const IDS = Array.from({ length: 30 }, (_, i) => `src/f${i}.ts`);

describe('SummaryKeeps', () => {
  it('running summaries keep what a rebuild from the whole context keeps', () => {
    for (let seed = 0; seed < 40; seed++) {
      const rng = seedrandom.alea(`keeps:${seed}`);
      const present = new Map<KeptList, number>();
      const keeps = new SummaryKeeps(0.6, `s${seed}`, () => present.keys(), () => {});
      // the reference: the plain context (identifier counts) and every summary's expected kept set
      const count = new Map<string, number>();
      const texts: string[] = [];
      const expected = new Map<string, Set<string>>();
      let n = 0;
      const inner: Summarizer = { summarize: () => ({ ok: true, text: `Summary: number ${n++}`, inputTokens: 1, outputTokens: 1 }) };
      const wrapped = keeps.wrap(inner);
      // the draw (which identifiers summaries keep, the same for every summary of the session): a first
      // summary of a context holding every identifier
      for (const x of IDS) keeps.entered(x);
      const first = wrapped.summarize({ messages: [], budgetTokens: 10, budgetKind: 'target', purpose: 'summary' });
      if (!first.ok) throw new Error('mock');
      const drawn = new Set(keeps.namedBy(first.text)!);
      expect(drawn.size).toBeGreaterThan(5);
      expect(drawn.size).toBeLessThan(IDS.length);
      for (const x of IDS) keeps.left(x);
      for (let step = 0; step < 80; step++) {
        const r = rng();
        const id = IDS[Math.floor(rng() * IDS.length)]!;
        if (r < 0.4) {
          const c = count.get(id) ?? 0;
          count.set(id, c + 1);
          if (!c) keeps.entered(id);
        } else if (r < 0.6 && count.get(id)) {
          const c = count.get(id)! - 1;
          count.set(id, c);
          if (!c) keeps.left(id);
        } else if (r < 0.7 && texts.length) {
          // an earlier summary enters or leaves the request
          const k = keeps.namedBy(texts[Math.floor(rng() * texts.length)]!)!;
          if (present.has(k) && rng() < 0.5) present.delete(k);
          else if (!present.has(k)) {
            present.set(k, 1);
            keeps.keptEntered(k);
          }
        } else {
          const prev = texts.length && rng() < 0.8 ? texts[rng() < 0.8 ? texts.length - 1 : Math.floor(rng() * texts.length)] : undefined;
          const res = wrapped.summarize({ messages: [], budgetTokens: 10, budgetKind: 'target', purpose: 'summary', ...(prev ? { previousSummary: prev } : {}) });
          if (!res.ok) throw new Error('mock');
          const want = new Set<string>();
          for (const [x, c] of count) if (c > 0) want.add(x);
          for (const k of present.keys()) for (const x of k) want.add(x);
          const kept = keeps.namedBy(res.text)!;
          const wantKept = new Set([...want].filter((x) => drawn.has(x)));
          if (prev) for (const x of expected.get(prev)!) wantKept.add(x);
          expect(new Set(kept)).toEqual(wantKept);
          expected.set(res.text, wantKept);
          texts.push(res.text);
          // the new summary often enters the request (as a policy's summary message does): the next one,
          // passed it or not, then extends its list
          if (rng() < 0.5 && !present.has(kept)) {
            present.set(kept, 1);
            keeps.keptEntered(kept);
          }
        }
      }
    }
  });

  it('a summary that updates an older one while the last is in the request keeps both', () => {
    const present = new Set<KeptList>();
    // names = 1: summaries keep every identifier
    const keeps = new SummaryKeeps(1, 's', () => present, () => {});
    let n = 0;
    const wrapped = keeps.wrap({ summarize: () => ({ ok: true, text: `Summary: number ${n++}`, inputTokens: 1, outputTokens: 1 }) });
    const summarize = (previousSummary?: string): string => {
      const res = wrapped.summarize({ messages: [], budgetTokens: 10, budgetKind: 'target', purpose: 'summary', ...(previousSummary ? { previousSummary } : {}) });
      if (!res.ok) throw new Error('mock');
      return res.text;
    };
    keeps.entered('a.ts');
    const first = summarize();
    keeps.left('a.ts');
    keeps.entered('b.ts');
    const second = summarize();
    const secondKept = keeps.namedBy(second)!;
    present.add(secondKept);
    keeps.keptEntered(secondKept);
    keeps.entered('c.ts');
    // updates the first (not the last) summary: its a.ts, the second's b.ts (in the request) and c.ts
    expect(new Set(keeps.namedBy(summarize(first))!)).toEqual(new Set(['a.ts', 'b.ts', 'c.ts']));
    // a summary that updates none, while the last is in the request: the context's and the request's lists
    keeps.left('c.ts');
    keeps.entered('d.ts');
    const third = keeps.namedBy(`Summary: number ${n - 1}`)!;
    present.add(third);
    keeps.keptEntered(third);
    present.delete(secondKept);
    keeps.keptLeft();
    expect(new Set(keeps.namedBy(summarize())!)).toEqual(new Set(['a.ts', 'b.ts', 'c.ts', 'd.ts']));
  });
});
