/**
 * The single-pass `microcompactHistory` equals the reference (the first, three-pass version) on random
 * histories, well-formed or not: duplicate and unanswered call ids, orphan results, empty and image
 * content, every reasoning field (null ones included), both turn units and every keepLastN.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { microcompactHistory, type TurnUnit } from '../../src/policies/microcompact/strip.js';
import { referenceMicrocompact } from './reference-strip.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 300);

const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
const content = fc.constantFrom<Message['content']>(
  '', '  ', 'text', null, [{ type: 'text', text: ' ' }], [{ type: 'image_url', image_url: { url: 'x' } }], [{ type: 'text', text: 'hi' }],
);
const reasoning = fc.constantFrom<Partial<Message>>(
  {}, {}, { reasoning: 'r' }, { reasoning: '' }, { reasoning_content: 'rc' }, { reasoning_details: [] }, { reasoning_details: null as never },
);
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ c: fc.constantFrom('u', 'q') }).map(({ c }) => ({ role: 'user', content: c }) as Message),
  fc.record({ content, r: reasoning, ids: fc.array(id, { maxLength: 3 }) }).map(({ content: c, r, ids }) => ({
    role: 'assistant', content: c, ...r,
    ...(ids.length ? { tool_calls: ids.map((x) => ({ id: x, type: 'function' as const, function: { name: 'f', arguments: '{}' } })) } : {}),
  }) as Message),
  fc.record({ content, r: reasoning }).map(({ content: c, r }) => ({ role: 'assistant', content: c, ...r, tool_calls: [] }) as Message),
  fc.record({ id }).map(({ id: x }) => ({ role: 'tool', tool_call_id: x, content: `out ${x}` }) as Message),
  fc.constant<Message>({ role: 'tool', content: 'no id' }),
  fc.constant<Message>({ role: 'system', content: 'sys' }),
);

/** a tool turn: an assistant message with calls and their results (the common shape) */
const toolTurn: fc.Arbitrary<Message[]> = fc.record({ content, r: reasoning, ids: fc.uniqueArray(id, { minLength: 1, maxLength: 2 }) }).map(({ content: c, r, ids }) => [
  { role: 'assistant', content: c, ...r, tool_calls: ids.map((x) => ({ id: x, type: 'function' as const, function: { name: 'f', arguments: '{}' } })) } as Message,
  ...ids.map((x) => ({ role: 'tool', tool_call_id: x, content: `out ${x}` }) as Message),
]);
const historyArb = fc.array(fc.oneof(message.map((m) => [m]), toolTurn, toolTurn), { maxLength: 20 }).map((parts) => parts.flat());

describe('microcompactHistory equals the reference stripping', () => {
  it('same history (message by message, same objects where untouched) and the same counts', () => {
    fc.assert(fc.property(
      historyArb, fc.integer({ min: 0, max: 5 }), fc.constantFrom<TurnUnit>('tool-call', 'user-turn'),
      (history, keepLastN, unit) => {
        const got = microcompactHistory(history, { keepLastN, unit });
        const want = referenceMicrocompact(history, { keepLastN, unit });
        expect(got).toEqual(want);
        expect(got.history.map((m) => JSON.stringify(m))).toEqual(want.history.map((m) => JSON.stringify(m)));
        expect(got.history.map((m) => history.includes(m))).toEqual(want.history.map((m) => history.includes(m)));
      },
    ), { numRuns: RUNS, seed: 88 });
  });
});

describe('microcompact token totals', () => {
  it('the running total after a run equals a whole re-count, and continues over the next history by identity', async () => {
    const { createTokenCounter } = await import('../../src/core/tokens.js');
    const { HistoryTokens } = await import('../../src/policies/shared/history-tokens.js');
    const tokens = createTokenCounter();
    fc.assert(fc.property(historyArb, historyArb, fc.integer({ min: 0, max: 3 }), (history, appended, keepLastN) => {
      let after = tokens.messages(history);
      const out = microcompactHistory(history, { keepLastN, unit: 'tool-call', onChange: (a, b) => { after += (b ? tokens.message(b) : 0) - tokens.message(a); } });
      expect(after).toBe(tokens.messages(out.history));
      const running = new HistoryTokens();
      running.of(history, tokens);
      running.expect(out.history, after);
      const next = [...out.history, ...appended]; // the harness's copy of the result, then appends
      expect(running.of(next, tokens)).toBe(tokens.messages(next));
      const other = [...appended, ...out.history];
      if (out.history.every((m, i) => other[i] === m)) return; // a continuation after all
      running.expect(out.history, after + 1); // a wrong total would show if it were used
      expect(running.of(other, tokens)).toBe(tokens.messages(other)); // not a continuation: counted afresh
    }), { numRuns: RUNS, seed: 89 });
  });
});
