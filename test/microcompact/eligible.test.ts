/**
 * The automatic mode's eligible tool-result tokens, kept incrementally (microcompact/eligible.ts), against
 * what a run really removes: a history is fed in one message at a time into one array, as the harness
 * appends, with runs applied in place at random points, as the policy's tail results are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freezeMessage, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { EligibleResults } from '../../src/policies/microcompact/eligible.js';
import { settledPrefix, stripTail, type Settled, type TurnUnit } from '../../src/policies/microcompact/strip.js';
import { renderTurns } from './helpers.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 150);
const tokens = createTokenCounter();

const turnArb = fc.record({
  steps: fc.array(fc.record({ calls: fc.integer({ min: 1, max: 3 }), chars: fc.integer({ min: 1, max: 400 }), reasoning: fc.constantFrom(undefined, 'think') }), { maxLength: 4 }),
  final: fc.constant('Done.'),
});
const caseArb = fc.record({
  turns: fc.array(turnArb, { minLength: 1, maxLength: 6 }),
  keepLastN: fc.integer({ min: 0, max: 4 }),
  unit: fc.constantFrom<TurnUnit>('tool-call', 'user-turn'),
  /** after which appended messages a run is applied (indices into the whole history, taken modulo its length) */
  runsAt: fc.array(fc.nat(), { maxLength: 6 }),
});

/** Tokens of the tool results a run over `history` from `settled` removes. */
function removedResultTokens(history: readonly Message[], keepLastN: number, unit: TurnUnit, settled: Settled): number {
  let sum = 0;
  stripTail(history, { keepLastN, unit, settled, onChange: (from, to) => { if (!to && from.role === 'tool') sum += tokens.message(from); } });
  return sum;
}

/** A call of an assistant message whose result has not been appended yet. */
function callWaiting(history: readonly Message[]): boolean {
  const answered = new Set(history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id));
  return history.some((m) => m.role === 'assistant' && (m.tool_calls ?? []).some((c) => !answered.has(c.id)));
}

describe('eligible tool-result tokens (incremental)', () => {
  it('equal what a run removes whenever no call waits, and never fall below it', () => {
    fc.assert(
      fc.property(caseArb, ({ turns, keepLastN, unit, runsAt }) => {
        const full = renderTurns(turns);
        const at = new Set(runsAt.map((k) => k % full.length));
        const history: Message[] = [];
        const eligible = new EligibleResults(keepLastN, unit);
        let settled: Settled = { index: 0, assistants: 0 };
        full.forEach((m, k) => {
          history.push(m);
          const got = eligible.tokens(history, settled.index, tokens);
          const removed = removedResultTokens(history, keepLastN, unit, settled);
          expect(got).toBeGreaterThanOrEqual(removed);
          if (!callWaiting(history)) expect(got).toBe(removed);
          if (at.has(k)) {
            const out = stripTail(history, { keepLastN, unit, settled });
            history.splice(out.from, history.length - out.from, ...out.tail);
            settled = settledPrefix(history, settled);
            eligible.reset();
          }
        });
      }),
      { numRuns: RUNS, seed: 2000 },
    );
  });

  it('rebuilds when the array it saw is replaced, or shortened in place without reset()', () => {
    const full = renderTurns([{ steps: [{ calls: 1, chars: 300 }, { calls: 2, chars: 300 }], final: 'Done.' }]);
    const eligible = new EligibleResults(1, 'tool-call');
    const history = full.slice();
    const first = eligible.tokens(history, 0, tokens);
    expect(first).toBe(removedResultTokens(history, 1, 'tool-call', { index: 0, assistants: 0 }));
    expect(first).toBeGreaterThan(0);
    // a run applied in place, then one message appended, and no reset(): the array is shorter than it was
    const out = stripTail(history, { keepLastN: 1, unit: 'tool-call' });
    history.splice(out.from, history.length - out.from, ...out.tail);
    history.push(freezeMessage({ role: 'user', content: 'next' }));
    expect(eligible.tokens(history, 0, tokens)).toBe(0);
    // another array holding the original messages
    expect(eligible.tokens(full.slice(), 0, tokens)).toBe(first);
  });
});
