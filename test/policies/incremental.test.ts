/**
 * The incremental structures of the agent policies (issue 15) against the whole-history computations they
 * replace, over random sessions (fast-check): a history that grows by appends to one array and is
 * sometimes replaced by a rewritten copy, as the harness does.
 * - LastNObservationsView (swe-agent, complexity-trap-hybrid) = omitIndices + a masked copy, and its
 *   `changedFrom` hint is true;
 * - HistoryTokens (of / peek; shared/over-window.ts) = tokens.messages;
 * - ToolStepIndex (recent-tools-summary) = toolSteps; EventCount (openhands) = the sum of eventsOf;
 * - pyLineCount = the split-based count it replaced; truncateToBudget with its memo of cuts = without.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, freezeMessage, type Message } from '../../src/core/messages.js';
import { truncateToBudget } from '../../src/policies/gemini-cli/compress.js';
import { EventCount, eventsOf } from '../../src/policies/openhands/policy.js';
import { ToolStepIndex } from '../../src/policies/recent-tools-summary/step-index.js';
import { toolSteps } from '../../src/policies/recent-tools-summary/policy.js';
import { HistoryTokens } from '../../src/policies/shared/history-tokens.js';
import { LastNObservationsView } from '../../src/policies/swe-agent/last-n-view.js';
import { elidedText, omitIndices, pyLineCount } from '../../src/policies/swe-agent/policy.js';
import type { ViewResult } from '../../src/policies/types.js';
import { tokens } from './helpers.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 100);

/** One operation on the session: append a message of a kind, or rewrite the history (a new array). */
const opArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('append' as const), role: fc.constantFrom('user', 'assistant', 'calls', 'tool', 'tool'), size: fc.integer({ min: 0, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rewrite' as const), drop: fc.array(fc.nat(), { maxLength: 6 }), dropRun: fc.nat(), insert: fc.nat({ max: 3 }), at: fc.nat() }) },
);
const sessionArb = fc.array(opArb, { minLength: 1, maxLength: 80 });
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

let serial = 0;
function message(role: string, size: number): Message {
  const id = `c${serial++}`;
  const text = `${id} ${'line of output\n'.repeat(size)}`;
  if (role === 'calls') {
    const calls = Array.from({ length: 1 + (size % 3) }, (_, k) => call(`${id}.${k}`, 'bash', { cmd: text.slice(0, 30) }));
    return freezeMessage({ role: 'assistant', content: '', tool_calls: calls });
  }
  if (role === 'tool') return freezeMessage({ role: 'tool', tool_call_id: id, content: text });
  return freezeMessage({ role: role as 'user' | 'assistant', content: text });
}

/** Replays `ops`, calling `visit` with the harness's history array after each one. */
function replay(ops: Op[], visit: (h: readonly Message[], rewritten: boolean) => void): void {
  let h: Message[] = [];
  for (const op of ops) {
    if (op.kind === 'append') {
      h.push(message(op.role, op.size));
      visit(h, false);
      continue;
    }
    // a rewrite: a new array without some single messages and one run, with new messages inserted
    const gone = new Set(op.drop.map((d) => (h.length ? d % h.length : 0)));
    const runStart = h.length ? op.dropRun % h.length : 0;
    for (let i = runStart; i < Math.min(h.length, runStart + (op.dropRun % 5)); i++) gone.add(i);
    const next = h.filter((_, i) => !gone.has(i));
    next.splice(next.length ? op.at % (next.length + 1) : 0, 0, ...Array.from({ length: op.insert }, () => message('user', 3)));
    h = next;
    visit(h, true);
  }
}

describe('incremental structures equal their whole-history computations', () => {
  it('LastNObservationsView: the masked copy of omitIndices, with a true changedFrom', () => {
    fc.assert(
      fc.property(sessionArb, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 4 }), (ops, n, polling) => {
        const masks = new WeakMap<Message, Message>();
        const maskOf = (m: Message): Message => {
          let x = masks.get(m);
          if (!x) masks.set(m, (x = { ...m, content: elidedText(m) }));
          return x;
        };
        const lastN = new LastNObservationsView(n, polling, maskOf);
        let previous: readonly Message[] | undefined;
        replay(ops, (h) => {
          const v = lastN.view(h);
          const omit = new Set(omitIndices(h, n, polling));
          if (omit.size === 0) {
            expect(v).toBe(h);
            previous = h.slice();
            return;
          }
          const r = v as ViewResult;
          expect(r.kind).toBe('mask');
          expect(r.messages).toEqual(h.map((m, i) => (omit.has(i) ? maskOf(m) : m)));
          r.messages.forEach((m, i) => expect(m).toBe(omit.has(i) ? maskOf(h[i]!) : h[i]));
          for (let i = 0; i < Math.min(r.changedFrom!, r.messages.length); i++) expect(r.messages[i]).toBe(previous![i]);
          previous = r.messages.slice();
        });
      }),
      { numRuns: RUNS, seed: 15 },
    );
  });

  it('HistoryTokens: of and peek equal tokens.messages, on the harness array and on copies', () => {
    fc.assert(
      fc.property(sessionArb, fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }), (ops, peeks) => {
        const sums = new HistoryTokens();
        let k = 0;
        let prev: Message[] = [];
        replay(ops, (h) => {
          // a policy's result: a copy with an edit, counted without moving the sum to it
          if (peeks[k++ % peeks.length]) {
            const copy = [...prev.slice(1), message('assistant', 2), ...h.slice(0, 3)];
            expect(sums.peek(copy, tokens)).toBe(tokens.messages(copy));
          }
          expect(sums.of(h, tokens)).toBe(tokens.messages(h));
          prev = h.slice();
        });
      }),
      { numRuns: RUNS, seed: 16 },
    );
  });

  it('ToolStepIndex: the ranges of toolSteps', () => {
    fc.assert(
      fc.property(sessionArb, (ops) => {
        const index = new ToolStepIndex();
        replay(ops, (h) => expect(index.of(h)).toEqual(toolSteps(h)));
      }),
      { numRuns: RUNS, seed: 17 },
    );
  });

  it('EventCount: the sum of eventsOf', () => {
    fc.assert(
      fc.property(sessionArb, (ops) => {
        const count = new EventCount();
        replay(ops, (h) => expect(count.of(h)).toBe(h.reduce((n, m) => n + eventsOf(m), 0)));
      }),
      { numRuns: RUNS, seed: 20 },
    );
  });

  it('pyLineCount: the split-based count (\\n, \\r, \\r\\n) it replaced', () => {
    const reference = (text: string): number => {
      if (text === '') return 0;
      const parts = text.split(/\r\n|\r|\n/);
      return text.endsWith('\n') || text.endsWith('\r') ? parts.length - 1 : parts.length;
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '\n', '\r', '\r\n', ' ', 'é'), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(pyLineCount(text)).toBe(reference(text));
      }),
      { numRuns: RUNS * 5, seed: 18 },
    );
  });

  it('truncateToBudget with its memo of cuts: the same contents as without, across compressions', () => {
    fc.assert(
      fc.property(sessionArb, fc.integer({ min: 0, max: 200 }), fc.integer({ min: 20, max: 300 }), (ops, budget, maxChars) => {
        const cuts = new WeakMap<Message, Message>();
        replay(ops, (h) => {
          const fresh = truncateToBudget(h, budget, maxChars);
          expect(truncateToBudget(h, budget, maxChars, { cuts })).toEqual(fresh);
        });
      }),
      { numRuns: RUNS, seed: 19 },
    );
  });
});
