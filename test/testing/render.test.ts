import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import type { Message } from '../../src/core/messages.js';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../src/core/invariants.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { policyCaseArb } from '../../src/testing/arbitraries.js';
import { alternationViolations, anthropicOrderViolations, openaiOrderViolations } from '../../src/testing/checks/provider-order.js';
import { renderCase } from '../../src/testing/render.js';
import { LARGE_UNITS } from '../../src/testing/vocabulary.js';

const cases = fc.sample(policyCaseArb(), { seed: 7, numRuns: 40 });

describe('rendered cases are conversations agents produce', () => {
  it('are valid for both providers before any policy touches them', () => {
    for (const c of cases) {
      const { transcript } = renderCase(c, createTokenCounter());
      expect(checkInvariants(transcript, { allowPendingTail: false })).toEqual([]);
      expect(openaiOrderViolations(transcript)).toEqual([]);
      expect(anthropicOrderViolations(transcript)).toEqual([]);
      expect(alternationViolations(transcript)).toEqual([]);
    }
  });

  it('have unique call ids, a user message per turn, and frozen messages', () => {
    for (const c of cases) {
      const r = renderCase(c, createTokenCounter());
      expect(r.userMessages).toHaveLength(c.conversation.turns.length);
      expect(r.workload.steps).toHaveLength(c.conversation.turns.reduce((n, t) => n + t.steps.length + 1, 0));
      for (const m of r.transcript) {
        expect(Object.isFrozen(m)).toBe(true);
        if (Array.isArray(m.content)) for (const p of m.content) if (p.type === 'image_url') expect(Object.isFrozen(p.image_url)).toBe(true);
      }
    }
  });

  it('reach the generated fill of the window when there are enough large bodies', () => {
    const c = cases.find((x) => x.conversation.turns.flatMap((t) => t.steps.flatMap((s) => s.calls)).filter((k) => k.output.kind === 'large').length >= 12)!;
    const tokens = createTokenCounter();
    const r = renderCase(c, tokens, { maxMessageTokens: Infinity, maxMessageFraction: 1 });
    const total = tokens.messages(r.transcript);
    expect(total).toBeGreaterThan(0.9 * c.context.fill * c.context.contextWindow);
    expect(total).toBeLessThan(1.3 * c.context.fill * c.context.contextWindow + 20_000);
  });

  it('cap every single body at the per-message limit', () => {
    for (const c of cases.slice(0, 10)) {
      const tokens = createTokenCounter();
      const r = renderCase(c, tokens, { maxMessageTokens: 2000 });
      // + a long argument or short text; images are billed at a flat rate, not sized, so they are left out
      const withoutImages = (m: Message): Message => (Array.isArray(m.content) ? { ...m, content: m.content.filter((p) => p.type === 'text') } : m);
      for (const m of r.transcript.slice(1)) expect(tokens.message(withoutImages(m))).toBeLessThan(2000 + 2500);
    }
  });
});

describe('large units', () => {
  it('tokenize compositionally, so registering n × count(unit) is exact', () => {
    for (const u of LARGE_UNITS) for (const n of [1, 7, 300]) expect(countTokens(u.repeat(n))).toBe(n * countTokens(u));
  });
});
