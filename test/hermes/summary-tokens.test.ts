import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { mergeIntoTail, summaryMessage } from '../../src/policies/hermes/assemble.js';
import { primeSummaryCounts, splittableSummaryBody } from '../../src/policies/hermes/summary-tokens.js';
import { withSummaryPrefix } from '../../src/policies/hermes/summary-text.js';

const contentOf = (body: string): string => summaryMessage('user', withSummaryPrefix(body)).content as string;

describe('summary message token count from its parts (exact)', () => {
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

  const olds = ['I will read the file next', 'Done 3', 'Step 2: run the tests\nthen fix 1 bug'];
  for (const old of olds) {
    it(`primes the exact count of a summary merged into ${JSON.stringify(old)}`, () => {
      const merged = mergeIntoTail({ role: 'assistant', content: old }, withSummaryPrefix('Summary: the of and 12 to'));
      const content = merged.content as string;
      const exact = createTokenCounter().count(content);
      const primed = createTokenCounter();
      let calls = 0;
      primeSummaryCounts({ ...primed, prime: (t, n) => { calls++; primed.prime(t, n); } }, [merged]);
      expect(calls).toBe(1);
      expect(primed.count(content)).toBe(exact);
    });
  }

  it('counts a tail text with unsafe edges together with the fixed text around it, exactly', () => {
    for (const old of ['I will read the file.', '', '(start) here', 'Found it.\n']) {
      const merged = mergeIntoTail({ role: 'assistant', content: old }, withSummaryPrefix('Summary: words'));
      const content = merged.content as string;
      const primed = createTokenCounter();
      let calls = 0;
      primeSummaryCounts({ ...primed, prime: (t, n) => { calls++; primed.prime(t, n); } }, [merged]);
      expect(calls).toBe(1);
      expect(primed.count(content)).toBe(createTokenCounter().count(content));
    }
  });

  it('does not split a summary whose body edges are unsafe', () => {
    const merged = mergeIntoTail({ role: 'assistant', content: 'Done 3' }, withSummaryPrefix('Summary: ends with a period.'));
    let calls = 0;
    primeSummaryCounts({ ...createTokenCounter(), prime: () => { calls++; } }, [merged]);
    expect(calls).toBe(0);
  });

  it('ignores messages that are not standalone summaries', () => {
    const tokens = createTokenCounter();
    const content = contentOf('Summary: words');
    let primed = 0;
    const spy = { ...tokens, prime: (t: string, n: number) => { primed++; tokens.prime(t, n); } };
    primeSummaryCounts(spy, [{ role: 'user', content }, { role: 'assistant', content: 'plain', _compressed_summary: true }]);
    expect(primed).toBe(0);
  });

  it('is exact on varied generated bodies and tail texts (whenever it splits)', () => {
    let seed = 12345;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['a', 'Z', '7', ' ', '\n', '.', ':', '/', '-', '(', ')', "'s", '__', '\t', 'é', '—', '12345', 'word', ' the'];
    const text = (): string => Array.from({ length: 1 + rnd(20) }, () => alphabet[rnd(alphabet.length)]).join('');
    let split = 0;
    for (let i = 0; i < 300; i++) {
      const summary = withSummaryPrefix(text());
      const m = i % 2 ? summaryMessage('user', summary) : mergeIntoTail({ role: 'assistant', content: text() }, summary);
      const content = m.content as string;
      const primed = createTokenCounter();
      let calls = 0;
      primeSummaryCounts({ ...primed, prime: (t, n) => { calls++; primed.prime(t, n); } }, [m]);
      split += calls;
      expect(primed.count(content)).toBe(createTokenCounter().count(content));
    }
    expect(split).toBeGreaterThan(20); // the generator reaches the split path often enough to test it
  });
});
