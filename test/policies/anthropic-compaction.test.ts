import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, user, type Message } from '../../src/core/messages.js';
import { anthropicCompactionPolicy } from '../../src/policies/anthropic/definitions.js';
import { COMPACTION_BLOCK_PREFIX, CompactedRequest, compactedView, type Compacted } from '../../src/policies/anthropic/server-compaction.js';
import { resolveParams } from '../../src/policies/params.js';
import type { ViewResult } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';
import { create, history, makeCtx, recordingSummarizer, tokens, turn } from './helpers.js';

describe('anthropic-compaction (compact_20260112)', () => {
  it('defaults to a 150k trigger and rejects one below the 50k minimum', () => {
    expect(resolveParams(anthropicCompactionPolicy).trigger).toBe(150_000);
    expect(() => resolveParams(anthropicCompactionPolicy, { trigger: 40_000 })).toThrow(/>= 50000/);
  });

  it('above the trigger answers from the compaction block and later sends the block plus what follows', () => {
    const h = history(turn({ resultTokens: 6_000, calls: 10 }, 'a'));
    const summarizer = recordingSummarizer();
    const ctx = makeCtx({ summarizer });
    const p = create(anthropicCompactionPolicy, { trigger: 50_000 });
    const v = p.view!(h, ctx) as ViewResult;
    expect(v.kind).toBe('server-compaction');
    expect(v.messages).toHaveLength(1);
    expect(String(v.messages[0]!.content).startsWith(COMPACTION_BLOCK_PREFIX)).toBe(true);
    expect(summarizer.requests).toHaveLength(1);
    expect(summarizer.requests[0]!.reusesMainCache).toBe(true);
    const later = [...h, ...turn({ resultTokens: 10, calls: 1 }, 'b')];
    const v2 = p.view!(later, ctx) as ViewResult;
    expect(v2.messages[0]).toBe(v.messages[0]);
    expect(v2.messages.slice(1)).toEqual(later.slice(h.length));
    expect(summarizer.requests).toHaveLength(1);
  });

  it('on demand, compacts between tasks: at a turn start above the trigger, keeping the new prompt after the block', () => {
    const h = history(turn({ resultTokens: 6_000, calls: 10 }, 'a'));
    const summarizer = recordingSummarizer();
    const p = create(anthropicCompactionPolicy, { trigger: 50_000, mode: 'on-demand' });
    // mid-task above the trigger but within the window: nothing yet
    expect(p.view!(h, makeCtx({ summarizer }))).toBe(h);
    const next = [...h, { role: 'user' as const, content: 'Next task.' }];
    const v = p.view!(next, makeCtx({ summarizer, turnStart: true })) as ViewResult;
    expect(v.note).toMatch(/on demand/);
    expect(v.messages).toHaveLength(2);
    expect(String(v.messages[0]!.content).startsWith(COMPACTION_BLOCK_PREFIX)).toBe(true);
    expect(v.messages[1]).toBe(next.at(-1));
    expect(summarizer.requests[0]!.messages).toHaveLength(h.length);
  });

  it('on demand, compacts on /compact, and mid-task only when the request would not fit the window', () => {
    const h = history(turn({ resultTokens: 6_000, calls: 10 }, 'a'));
    const p = create(anthropicCompactionPolicy, { trigger: 50_000, mode: 'on-demand' });
    expect(p.onCommand!('/compact', undefined, h, makeCtx())).toBeUndefined();
    expect((p.view!(h, makeCtx()) as ViewResult).kind).toBe('server-compaction');
    const q = create(anthropicCompactionPolicy, { trigger: 50_000, mode: 'on-demand' });
    expect((q.view!(h, makeCtx({ contextWindow: 64_000, maxOutputTokens: 8_000 })) as ViewResult).messages).toHaveLength(1);
    // the threshold mode ignores /compact
    const t = create(anthropicCompactionPolicy, { trigger: 100_000 });
    t.onCommand!('/compact', undefined, h, makeCtx());
    expect(t.view!(h, makeCtx())).toBe(h);
  });

  it('in a session: history untouched, one cache break per compaction, right after the system prompt', () => {
    const run = runFixture(anthropicCompactionPolicy, { turns: 5, stepsPerTurn: 8, resultChars: 12_000 }, { trigger: 50_000 });
    expect(run.events.length).toBeGreaterThan(1);
    for (const e of run.events) {
      expect(e.phase).toBe('view');
      expect(e.earliestChangedIndex).toBe(1);
      expect(run.steps[e.step]!.breakCause).toBe('view-change');
    }
    const breaks = run.steps.filter((s) => s.breakCause === 'view-change').length;
    expect(breaks).toBe(run.events.length);
    expect(run.violations).toHaveLength(0);
  });
});

describe('anthropic-compaction, incremental view', () => {
  const msg = fc.oneof(fc.string({ maxLength: 40 }).map((s) => user(s)), fc.string({ maxLength: 40 }).map((s) => assistant(s)));
  /** steps: messages appended, then maybe a compaction at that point (keeping the last `keep` messages), maybe a rewrite */
  const session = fc.array(fc.record({
    append: fc.array(msg, { maxLength: 5 }),
    compact: fc.option(fc.nat({ max: 2 }), { freq: 4 }),
    rewriteTo: fc.option(fc.nat(), { freq: 10 }),
  }), { maxLength: 25 });

  it('view and tokens equal compactedView and a whole re-count; the changedFrom hint holds', () => {
    fc.assert(fc.property(session, (steps) => {
      const r = new CompactedRequest();
      let state: Compacted | undefined;
      let hist: Message[] = [];
      let prev: readonly Message[] | undefined;
      let n = 0;
      for (const s of steps) {
        if (s.rewriteTo !== null) {
          hist = hist.slice(0, s.rewriteTo % (hist.length + 1));
          if (state && state.from > hist.length) state = { ...state, from: hist.length };
          if (state) r.compacted(state);
          prev = undefined;
        }
        hist.push(...s.append);
        if (s.compact !== null) {
          state = { from: Math.max(0, hist.length - s.compact), block: assistant(`${COMPACTION_BLOCK_PREFIX}summary ${n++}`) };
          r.compacted(state);
          prev = undefined;
        }
        const got = r.current(hist, tokens);
        const want = compactedView(hist, state);
        expect(got.view === hist).toBe(want === hist);
        expect(got.view).toEqual(want);
        expect(got.tokens).toBe(tokens.messages(want));
        if (got.view === hist) continue;
        const from = r.hint();
        if (prev && from !== undefined) expect(got.view.slice(0, from).every((m, i) => m === prev![i])).toBe(true);
        if (!prev) expect(from).toBeUndefined();
        prev = got.view.slice();
      }
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 200), seed: 1215 });
  });
});
