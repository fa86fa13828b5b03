/**
 * compress()'s too-few-messages exit returns the list at once and builds its record when first read:
 * read late, after the list, the compressor and its clock have moved on, the record is the one read at
 * once; the strike is taken at call time.
 */
import { describe, expect, it } from 'vitest';
import { compress } from '../../src/policies/hermes/compress.js';
import { HermesCompressor } from '../../src/policies/hermes/compressor.js';
import { estimateMessagesTokensRough } from '../../src/policies/hermes/estimate.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';
import type { SummaryBackend } from '../../src/policies/hermes/summary-call.js';

const backend: SummaryBackend = { summarize: () => ({ ok: true, text: 'Summary of the turns.' }) };
const turns = (n: number): PyMsg[] =>
  Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i} `.repeat(400) }));
const config = { context_length: 8_000, protect_first_n: 1, protect_last_n: 2 };

describe('compress() with too few messages', () => {
  it('returns the list itself and takes the strike at once', () => {
    const c = new HermesCompressor(config, backend);
    const input = turns(4);
    const out = compress(c, input, 7_000);
    expect(out.messages).toBe(input);
    expect(c.ineffectiveCount).toBe(1);
    expect(c.lastCompressionSavingsPct).toBe(0);
  });

  it('gives, read late, the record it gives read at once', () => {
    let clock = 100;
    const eager = new HermesCompressor(config, backend, () => clock);
    const lazy = new HermesCompressor(config, backend, () => clock);
    eager.cooldownUntil = lazy.cooldownUntil = 150; // a cooldown active at the call, over when the record is read
    const input = turns(5);
    const atOnce = JSON.stringify(compress(eager, turns(5), 7_500).record);
    const late = compress(lazy, input, 7_500);
    // everything the record depends on moves before it is read
    input.push(...turns(30));
    clock = 1_000;
    compress(lazy, turns(5), 100);
    expect(lazy.ineffectiveCount).toBe(2);
    lazy.updateModel(200_000);
    const record = late.record;
    expect(JSON.stringify(record)).toBe(atOnce);
    expect(record.paths).toEqual(['noop_too_few_messages', 'output_identical']);
    expect([record.n_before, record.n_after, record.first_changed_index]).toEqual([5, 5, null]);
    expect([record.ineffective_compression_count, record.compression_count_before]).toEqual([1, 0]);
    expect(record.rough_tokens_before).toBe(estimateMessagesTokensRough(turns(5)));
    expect(record.should_compress_before).toBe(false); // the cooldown was active at the call
    expect(record.params.context_length).toBe(8_000);
    expect(late.record).toBe(record); // built once
  });
});
