/** `codex`: Codex CLI's auto-compaction, from openai/codex compact.rs and openai_models.rs @ e06dd0e5. */
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { contentText, memoOf, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import {
  buildCompactedHistory, collectUserMessages, COMPACT_PROMPT, compactedHistory, selectUserMessages, SUMMARY_PREFIX, summaryMessage,
} from '../../src/policies/codex/compacted-history.js';
import { autoCompactLimit, codexPolicy } from '../../src/policies/codex/policy.js';
import { roughMessages } from '../../src/policies/shared/rough.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, text, tokens, turn, usage } from './helpers.js';

describe('codex auto-compact limit', () => {
  it('is 90% of the window; a configured limit can only lower it', () => {
    expect(autoCompactLimit(272_000, { contextFraction: 0.9, autoCompactTokenLimit: 0 })).toBe(244_800);
    expect(autoCompactLimit(272_000, { contextFraction: 0.9, autoCompactTokenLimit: 100_000 })).toBe(100_000);
    expect(autoCompactLimit(272_000, { contextFraction: 0.9, autoCompactTokenLimit: 400_000 })).toBe(244_800);
  });
});

describe('codex compacted history', () => {
  it('keeps user messages newest first within the budget, truncating the first that does not fit', () => {
    const msgs = ['a'.repeat(400), 'b'.repeat(40_000), 'c'.repeat(8_000), 'd'.repeat(60_000)]; // 100, 10k, 2k, 15k tokens
    const kept = selectUserMessages(msgs, 20_000);
    expect(kept.map((m) => m[0])).toEqual(['b', 'c', 'd']);
    expect(kept[1]).toBe(msgs[2]);
    expect(kept[2]).toBe(msgs[3]);
    expect(kept[0]).toMatch(/^b+…\d+ tokens truncated…b+$/);
    expect(kept[0]!.replace(/….*…/, '')).toHaveLength(3_000 * 4); // 20k − 15k − 2k tokens left
  });

  it('drops assistant, tool and earlier summaries; ends with the prefixed summary', () => {
    const h: Message[] = [
      ...turn({ resultTokens: 50, calls: 2 }, 'one'),
      { role: 'user', content: `${SUMMARY_PREFIX}\nold summary` },
      ...turn({ resultTokens: 50, calls: 1 }, 'two'),
    ];
    const next = buildCompactedHistory(h, 'NEW', 20_000);
    expect(next.map((m) => m.role)).toEqual(['user', 'user', 'user']);
    expect(next.map((m) => contentText(m))).toEqual(['Please work on one.', 'Please work on two.', `${SUMMARY_PREFIX}\nNEW`]);
    expect(contentText(buildCompactedHistory(h, '', 20_000).at(-1)!)).toBe('(no summary available)');
  });

  it('keeps the old object of a plain user message kept whole (equal value, memoized counts); others are new', () => {
    const plain: Message = { role: 'user', content: 'plain one' };
    const named: Message = { role: 'user', content: 'named one', name: 'alice' };
    const long: Message = { role: 'user', content: 'x'.repeat(100_000) }; // 25k tokens: truncated
    const next = buildCompactedHistory([long, plain, named], 'S', 20_000);
    expect(next.map((m) => contentText(m).slice(0, 9))).toEqual(['xxxxxxxxx', 'plain one', 'named one', `${SUMMARY_PREFIX.slice(0, 9)}`]);
    expect(next[1]).toBe(plain);
    expect(next[2]).not.toBe(named);
    expect(next[2]).toEqual({ role: 'user', content: 'named one' });
    expect(next[0]).not.toBe(long);
    const again = buildCompactedHistory(next, 'T', 20_000); // the copy made for `named` is plain: kept from now on
    expect(again[1]).toBe(plain);
    expect(again[2]).toBe(next[2]);
  });
});

describe('codex compacted history, message by message', () => {
  const msg = fc.oneof(
    fc.record({ role: fc.constantFrom('user', 'assistant', 'tool'), content: fc.string({ maxLength: 300 }) }),
    fc.string({ maxLength: 200 }).map((t): Message => ({ role: 'user', content: `${SUMMARY_PREFIX}\n${t}` })),
    fc.string({ maxLength: 200 }).map((t): Message => ({ role: 'user', content: t, name: 'n' })),
    fc.array(fc.string({ maxLength: 100 }), { maxLength: 3 }).map((ts): Message => ({ role: 'user', content: ts.map((text) => ({ type: 'text' as const, text })) })),
  ) as fc.Arbitrary<Message>;

  it('keeps the texts the selection over the user texts keeps (the old, text-based construction)', () => {
    fc.assert(fc.property(fc.array(msg, { maxLength: 40 }), fc.integer({ min: 0, max: 400 }), (h, budget) => {
      const next = buildCompactedHistory(h, 'S', budget);
      expect(next.slice(0, -1).map((m) => contentText(m))).toEqual(selectUserMessages(collectUserMessages(h), budget));
      for (const m of next.slice(0, -1)) expect(Object.keys(m).sort()).toEqual(['content', 'role']);
      expect(next.at(-1)).toEqual({ role: 'user', content: `${SUMMARY_PREFIX}\nS` });
      // with its exact total, and every message it made frozen with its count
      const counted = compactedHistory(h, 'S', budget, createTokenCounter());
      expect(counted.history).toEqual(next);
      expect(counted.tokens).toBe(createTokenCounter().messages(next.map((m) => ({ ...m }))));
      for (const m of counted.history) if (!h.includes(m)) expect(Object.isFrozen(m) && memoOf(m)?.tokens).toBe(createTokenCounter().message({ ...m }));
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 300), seed: 7 });
  });

  it('reuses the last compaction\'s counts: the same result, totals and message objects as a walk of every message', () => {
    const step = fc.record({ appended: fc.array(msg, { maxLength: 12 }), budget: fc.integer({ min: 0, max: 300 }), summary: fc.constantFrom('S', '', 'T t') });
    fc.assert(fc.property(fc.array(msg, { maxLength: 20 }), fc.array(step, { minLength: 1, maxLength: 6 }), (start, steps) => {
      const counter = createTokenCounter();
      let h: Message[] = start;
      let prev: ReturnType<typeof compactedHistory>['kept'] | undefined;
      for (const st of steps) {
        const reused = compactedHistory(h, st.summary, st.budget, counter, prev);
        const walked = compactedHistory(h, st.summary, st.budget, counter);
        expect(reused.history).toEqual(walked.history);
        for (let i = 0; i < walked.history.length - 1; i++) if (h.includes(walked.history[i]!)) expect(reused.history[i]).toBe(walked.history[i]);
        expect(reused.tokens).toBe(createTokenCounter().messages(walked.history.map((m) => ({ ...m }))));
        expect(reused.rough).toBe(walked.rough);
        expect(reused.rough).toBe(roughMessages(walked.history));
        prev = reused.kept;
        h = [...reused.history, ...st.appended]; // the harness's copy of the result, then what was appended
      }
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 300), seed: 9 });
  });

  it('builds the summary message with its exact count, without counting it whole', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('', 'Summary: the of and', '\nx', '/x')), (text) => {
      const counter = createTokenCounter();
      const m = summaryMessage(text, counter);
      expect(m).toEqual(summaryMessage(text));
      expect(memoOf(m)?.tokens).toBe(createTokenCounter().message({ role: 'user', content: contentText(m) }));
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 300), seed: 8 });
    const counter = createTokenCounter();
    const summary = 'Summary: the of and to in is';
    counter.prime(summary, countTokens(summary));
    const m = summaryMessage(summary, counter);
    expect(memoOf(m)?.tokens).toBe(4 + countTokens(`${SUMMARY_PREFIX}\n${summary}`));
  });
});

describe('codex policy', () => {
  const h = history(turn({ resultTokens: 4_000, calls: 10 }, 'a'), turn({ resultTokens: 4_000, calls: 10 }, 'b'));
  const W = 100_000; // limit 90,000

  it('fires before the next request once the count (last usage + new items, chars/4) reaches the limit', () => {
    const ctx = makeCtx({ contextWindow: W, systemTokens: 1_000 });
    const added = roughMessages(h, 30); // what arrived after the last response, as Codex estimates it
    const at = (counted: number) => {
      const p = create(codexPolicy);
      p.afterStep!(h.slice(0, 30), usage(counted - 100, 100), ctx);
      return p.beforeStep!(h, ctx) as PolicyResult | undefined;
    };
    expect(at(90_000 - added)).toMatchObject({ kind: 'summary', detail: { phase: 'mid-turn', limit: 90_000, countedTokens: 90_000 } });
    expect(at(90_000 - added - 1)).toBeUndefined();
  });

  it('summarizes the whole history plus the compact prompt, reusing the main cache', () => {
    const summarizer = recordingSummarizer();
    const p = create(codexPolicy);
    const ctx = makeCtx({ contextWindow: W, summarizer, turnStart: true });
    p.afterStep!(h, usage(95_000, 100), ctx);
    const r = p.beforeStep!(h, ctx) as PolicyResult;
    expect(r.detail).toMatchObject({ phase: 'pre-turn', droppedForSummary: 0 });
    expect(summarizer.requests[0]!.messages).toEqual(h);
    expect(summarizer.requests[0]).toMatchObject({ reusesMainCache: true, budgetTokens: 2_000, promptOverheadTokens: tokens.count(COMPACT_PROMPT) });
    expect(r.history.map((m) => contentText(m).slice(0, 15))).toEqual(['Please work on ', 'Please work on ', SUMMARY_PREFIX.slice(0, 15)]);
  });

  it('drops the oldest items (with their results) when the summary request overflows the window', () => {
    const summarizer = recordingSummarizer();
    const p = create(codexPolicy);
    const big = history(turn({ resultTokens: 4_000, calls: 30 }, 'a'));
    const ctx = makeCtx({ contextWindow: 100_000, summarizer });
    p.afterStep!(big, usage(120_000, 100), ctx);
    const r = p.beforeStep!(big, ctx) as PolicyResult;
    const sent = summarizer.requests[0]!.messages;
    expect(sent.length).toBeLessThan(big.length);
    expect(sent[0]!.role).not.toBe('tool');
    expect(tokens.messages(sent) + ctx.systemTokens).toBeLessThanOrEqual(100_000);
    expect(summarizer.requests[0]!.reusesMainCache).toBe(false);
    expect((r.detail as Record<string, number>).droppedForSummary).toBe(big.length - sent.length);
  });

  it('model_context_window replaces the scenario window for the limit', () => {
    const p = create(codexPolicy, { modelContextWindow: 50_000 });
    const ctx = makeCtx({ contextWindow: 400_000 });
    p.afterStep!(h, usage(44_900, 100), ctx);
    expect(p.beforeStep!(h, ctx)).toMatchObject({ detail: { limit: 45_000 } });
  });

  it('after compacting, counts the new history until the next response', () => {
    const p = create(codexPolicy);
    const ctx = makeCtx({ contextWindow: W });
    p.afterStep!(h, usage(95_000, 100), ctx);
    const r = p.beforeStep!(h, ctx) as PolicyResult;
    expect(p.beforeStep!([...r.history, { role: 'user', content: text(100) }], ctx)).toBeUndefined();
  });
});
