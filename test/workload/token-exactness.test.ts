import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { createTokenCounter, MESSAGE_OVERHEAD_TOKENS } from '../../src/core/tokens.js';
import type { Message } from '../../src/core/messages.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { listScenarios } from '../../src/workload/scenario.js';
import { RUNS, short } from './helpers.js';

/** every text the token counter charges for a message */
function texts(m: Message): string[] {
  const out: string[] = [];
  if (typeof m.content === 'string') out.push(m.content);
  if (m.reasoning) out.push(m.reasoning);
  if (m.reasoning_content) out.push(m.reasoning_content);
  for (const c of m.tool_calls ?? []) out.push(c.function.arguments);
  return out;
}

/** exact count of a response, from gpt-tokenizer alone (independent of the generator's priming) */
function exactOutput(m: Message): number {
  let n = 0;
  for (const t of texts(m)) n += countTokens(t);
  for (const c of m.tool_calls ?? []) n += countTokens(c.function.name) + 3;
  return n;
}

describe('generated token counts', () => {
  it.each(listScenarios())('%s: primed counts equal gpt-tokenizer on every message, for any seed', (name) => {
    const s = short(name, 25);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const tokens = createTokenCounter();
        const w = generateWorkload(s, seed, tokens);
        for (const t of texts(w.system)) expect(tokens.count(t)).toBe(countTokens(t));
        for (const st of w.steps) {
          for (const m of [...st.append, st.response]) for (const t of texts(m)) expect(tokens.count(t)).toBe(countTokens(t));
          expect(st.outputTokens).toBe(exactOutput(st.response));
          expect(st.outputTokens).toBe(tokens.message(st.response) - MESSAGE_OVERHEAD_TOKENS);
        }
      }),
      { numRuns: Math.max(3, Math.floor(RUNS / 3)) },
    );
  });
});
