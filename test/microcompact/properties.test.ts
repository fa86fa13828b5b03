/**
 * Properties of microcompact stripping over random agent histories (fast-check): no orphaned
 * tool-call/result pairs, user and assistant text preserved in order, never more tokens, idempotent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { microcompactHistory, stripIsNoop, type TurnUnit } from '../../src/policies/microcompact/strip.js';
import { renderTurns } from './helpers.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 150);
const tokens = createTokenCounter();

const stepArb = fc.record({
  text: fc.constantFrom('', '', 'Let me check.', '  '),
  reasoning: fc.constantFrom(undefined, 'think', 'hmm'),
  calls: fc.integer({ min: 1, max: 3 }),
});
const turnArb = fc.record({ steps: fc.array(stepArb, { maxLength: 4 }), final: fc.constantFrom('Done.', 'All good.') });
const caseArb = fc.record({
  turns: fc.array(turnArb, { minLength: 1, maxLength: 5 }),
  pending: fc.boolean(),
  keepLastN: fc.integer({ min: 0, max: 6 }),
  unit: fc.constantFrom<TurnUnit>('tool-call', 'user-turn'),
});

const texts = (h: readonly Message[]) =>
  h.filter((m) => m.role !== 'tool' && typeof m.content === 'string' && m.content.trim()).map((m) => `${m.role}:${m.content}`);

describe('microcompact properties', () => {
  it('leaves no orphans, keeps every user/assistant text, never adds tokens, is idempotent', () => {
    fc.assert(
      fc.property(caseArb, ({ turns, pending, keepLastN, unit }) => {
        const input = renderTurns(turns, pending);
        const out = microcompactHistory(input, { keepLastN, unit });
        expect(checkInvariants(out.history)).toEqual([]);
        expect(texts(out.history)).toEqual(texts(input));
        expect(tokens.messages(out.history)).toBeLessThanOrEqual(tokens.messages(input));
        expect(stripIsNoop(microcompactHistory(out.history, { keepLastN, unit }))).toBe(true);
      }),
      { numRuns: RUNS, seed: 525 },
    );
  });
});
