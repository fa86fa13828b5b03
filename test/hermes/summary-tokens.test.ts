import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { summaryMessage } from '../../src/policies/hermes/assemble.js';
import { primeSummaryCounts, splittableSummaryBody } from '../../src/policies/hermes/summary-tokens.js';
import { withSummaryPrefix } from '../../src/policies/hermes/summary-text.js';

const contentOf = (body: string): string => summaryMessage('user', withSummaryPrefix(body)).content as string;

describe('summary message token count from its parts', () => {
  const bodies = [
    'Summary: the of and to in is that for it as with was',
    'Summary: alpha beta gamma 1234567',
    '7 files changed; tests pass on main and CI is green',
    'A\n\nB',
    'x',
    'Goal\n- fix the parser\n- keep the API stable (no breaking change) done',
    'Résumé: naïve café 42',
  ];
  for (const body of bodies) {
    it(`primes the exact whole-content count: ${JSON.stringify(body.slice(0, 30))}`, () => {
      const content = contentOf(body);
      expect(splittableSummaryBody(content)).toBe(body);
      const exact = createTokenCounter().count(content);
      const primed = createTokenCounter();
      primeSummaryCounts(primed, [{ role: 'user', content, _compressed_summary: true }]);
      expect(primed.count(content)).toBe(exact);
    });
  }

  it('leaves bodies whose edges could merge with the fixed parts to be counted whole', () => {
    for (const body of ['/path first', 'ends with a period.', '## Goal', 'ends with slash/', '—dash']) {
      expect(splittableSummaryBody(contentOf(body))).toBeUndefined();
    }
  });

  it('ignores messages that are not standalone summaries', () => {
    const tokens = createTokenCounter();
    const content = contentOf('Summary: words');
    let primed = 0;
    const spy = { ...tokens, prime: (t: string, n: number) => { primed++; tokens.prime(t, n); } };
    primeSummaryCounts(spy, [{ role: 'user', content }, { role: 'assistant', content: 'plain', _compressed_summary: true }]);
    expect(primed).toBe(0);
  });
});
