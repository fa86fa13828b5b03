import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTokenCounter } from '../../src/core/tokens.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { listScenarios } from '../../src/workload/scenario.js';
import { RUNS, short } from './helpers.js';

describe('tool-call / result pairing', () => {
  it.each(listScenarios())('%s: every call is answered by the next step, in order, and ids are unique', (name) => {
    const s = short(name, 60);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const w = generateWorkload(s, seed, createTokenCounter());
        const ids = new Set<string>();
        w.steps.forEach((st, i) => {
          expect(st.response.role).toBe('assistant');
          const calls = st.response.tool_calls ?? [];
          for (const c of calls) {
            expect(ids.has(c.id)).toBe(false);
            ids.add(c.id);
            expect(() => JSON.parse(c.function.arguments)).not.toThrow();
          }
          const next = w.steps[i + 1];
          if (calls.length) {
            // the next request appends exactly these calls' results, in call order
            expect(next).toBeDefined();
            expect(next.append.map((m) => m.role)).toEqual(calls.map(() => 'tool'));
            expect(next.append.map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
            expect(next.append.map((m) => m.name)).toEqual(calls.map((c) => c.function.name));
          } else if (next) {
            // a response without calls is followed by a user message (a new turn or format-error feedback)
            expect(next.append.map((m) => m.role)).toEqual(['user']);
          }
        });
        expect(w.steps[w.steps.length - 1].response.tool_calls).toBeUndefined();
        expect(w.steps[0].append[0].role).toBe('user');
      }),
      { numRuns: Math.max(3, Math.floor(RUNS / 3)) },
    );
  });
});
