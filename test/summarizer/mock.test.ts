import { countTokens } from 'gpt-tokenizer';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { user } from '../../src/core/messages.js';
import { createMockSummarizer } from '../../src/summarizer/mock.js';

const req = { messages: [user('please fix the bug in parser.ts')], budgetTokens: 300, budgetKind: 'target' as const };

describe('mock summarizer', () => {
  it('returns real text whose exact token count is budget × fidelity', () => {
    const tokens = createTokenCounter();
    const s = createMockSummarizer({ seed: 1, tokens, fidelity: 0.5 });
    const r = s.summarize(req);
    if (!r.ok) throw new Error('expected success');
    expect(r.outputTokens).toBe(150);
    expect(countTokens(r.text)).toBe(150);
  });

  it('is deterministic from the seed and differs across seeds', () => {
    const a = createMockSummarizer({ seed: 7, tokens: createTokenCounter() }).summarize(req);
    const b = createMockSummarizer({ seed: 7, tokens: createTokenCounter() }).summarize(req);
    const c = createMockSummarizer({ seed: 8, tokens: createTokenCounter() }).summarize(req);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('writes the words one draw each, in draw order (the text does not depend on how it is joined)', () => {
    const words = (
      'the of and to in is that for it as with was on be by this are from at or an have not which but all they were ' +
      'can one been has more their will when there would other what about if out so no some into only also time than ' +
      'then could these two may first new any its after most over such where our through many before well because ' +
      'each just those how much both made between under last while same three'
    ).split(' ');
    const s = createMockSummarizer({ seed: 3, tokens: createTokenCounter() });
    const rng = seedrandom.alea('3:summarizer');
    for (const target of [3, 4, 5, 300, 2_000, 2_001]) {
      rng(); // the failure draw every call makes first
      let expected = 'Summary:';
      for (let i = 2; i < target; i++) expected += ` ${words[Math.floor(rng() * words.length)]}`;
      const r = s.summarize({ ...req, budgetTokens: target });
      expect(r.ok && r.text).toBe(expected);
    }
  });

  it('charges input tokens: the messages, the previous summary and the prompt overhead', () => {
    const tokens = createTokenCounter();
    const s = createMockSummarizer({ seed: 1, tokens, promptOverheadTokens: 100 });
    const r = s.summarize({ ...req, previousSummary: 'earlier we fixed the lexer' });
    if (!r.ok) throw new Error('expected success');
    expect(r.inputTokens).toBe(tokens.messages(req.messages) + countTokens('earlier we fixed the lexer') + 100);
  });

  it('fails on schedule and with a probability', () => {
    const tokens = createTokenCounter();
    const sched = createMockSummarizer({ seed: 1, tokens, failAt: [2] });
    expect(sched.summarize(req).ok).toBe(true);
    expect(sched.summarize(req).ok).toBe(false);
    expect(sched.summarize(req).ok).toBe(true);
    const always = createMockSummarizer({ seed: 1, tokens, failureRate: 1 });
    expect(always.summarize(req).ok).toBe(false);
    const half = createMockSummarizer({ seed: 3, tokens, failureRate: 0.5 });
    const fails = Array.from({ length: 200 }, () => half.summarize(req).ok).filter((ok) => !ok).length;
    expect(fails).toBeGreaterThan(60);
    expect(fails).toBeLessThan(140);
  });

  it('returns the fixed text in conformance mode', () => {
    const s = createMockSummarizer({ seed: 1, tokens: createTokenCounter(), fixedText: (r) => `SUMMARY[n=${r.messages.length}]` });
    const r = s.summarize(req);
    expect(r.ok && r.text).toBe('SUMMARY[n=1]');
  });
});
