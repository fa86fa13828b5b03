/**
 * The compress() record's computed fields (rough estimates, verdicts, params) read as if computed at
 * call time, and the record serialises with every field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compress } from '../../src/policies/hermes/compress.js';
import { HermesCompressor } from '../../src/policies/hermes/compressor.js';
import { estimateMessagesTokensRough } from '../../src/policies/hermes/estimate.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import type { SummaryBackend } from '../../src/policies/hermes/summary-call.js';

const backend: SummaryBackend = { summarize: () => ({ ok: true, text: 'Summary of the turns.' }) };
const turns = (n: number): PyMsg[] =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} `.repeat(40) }));

describe('compress() record', () => {
  it('keeps the values of the call after the lists and the compressor change', () => {
    const c = new HermesCompressor({ context_length: 8_000, protect_first_n: 1, protect_last_n: 2 }, backend);
    const input = turns(30);
    const threshold = c.thresholdTokens;
    const before = estimateMessagesTokensRough(input);
    const { messages, record } = compress(c, input);
    const after = estimateMessagesTokensRough(messages);
    input.push(...turns(10));
    (messages as PyMsg[]).length = 0;
    c.updateModel(200_000);
    expect(record.rough_tokens_before).toBe(before);
    expect(record.tokens_before).toBe(before); // no count given
    expect(record.rough_tokens_after).toBe(after);
    expect(record.should_compress_before).toBe(before >= threshold);
    expect(record.should_compress_after).toBe(after >= threshold);
    expect(record.params.context_length).toBe(8_000);
    expect(record.params.threshold_tokens).toBe(threshold);
    expect(c.thresholdTokens).not.toBe(threshold);
  });

  it('serialises every field, computed ones included', () => {
    const c = new HermesCompressor({ context_length: 32_000 }, backend);
    const { record } = compress(c, turns(4), 1234);
    const json = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    expect(json).toMatchObject({
      n_before: 4, n_after: 4, first_changed_index: null, tokens_before: 1234, should_compress_before: false,
      rough_tokens_before: estimateMessagesTokensRough(turns(4)), paths: ['noop_too_few_messages', 'output_identical'],
      prune_detail: { dedup: [], summarized: [], image_stripped: [], args_truncated: [] },
    });
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['rough_tokens_after', 'should_compress_after', 'params']));
  });

  it('gives the verdicts should_compress() gave just before and just after the call, whatever the block state', () => {
    const failing: SummaryBackend = { summarize: () => ({ ok: false, error: 'down', kind: 'provider' }) };
    const state = fc.record({
      n: fc.integer({ min: 3, max: 12 }), chars: fc.constantFrom(100, 60_000, 130_000), fail: fc.boolean(),
      ineffective: fc.nat({ max: 2 }), streak: fc.nat({ max: 2 }), cooldownUntil: fc.constantFrom(0, 30, 100), clock: fc.nat({ max: 120 }),
      given: fc.constantFrom(undefined, 1_000, 40_000),
    });
    fc.assert(
      fc.property(state, (s) => {
        let clock = s.clock;
        const c = new HermesCompressor({ context_length: 32_000, protect_first_n: 1, protect_last_n: 2 }, s.fail ? failing : backend, () => clock);
        Object.assign(c, { ineffectiveCount: s.ineffective, fallbackStreak: s.streak, cooldownUntil: s.cooldownUntil });
        const input = Array.from({ length: s.n }, (_, i): PyMsg => ({ role: i % 2 ? 'assistant' : 'user', content: 'w'.repeat(s.chars / s.n) }));
        const before = c.shouldCompress(s.given || estimateMessagesTokensRough(input));
        const { messages, record } = compress(c, input, s.given);
        const after = c.shouldCompress(estimateMessagesTokensRough(messages));
        clock += 1_000; // later reads see the call's instant, not the clock's
        Object.assign(c, { ineffectiveCount: 0, fallbackStreak: 0, cooldownUntil: 0 });
        expect([record.should_compress_before, record.should_compress_after]).toEqual([before, after]);
      }),
      { numRuns: 300 },
    );
  });
});
