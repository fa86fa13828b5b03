import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer';
import { safeJunction } from '../../src/workload/text/junction.js';
import { RUNS } from './helpers.js';

// characters chosen to hit every pre-tokenizer rule: letters of both cases, digits, blanks,
// newlines, punctuation (incl. '/', apostrophes, backslashes), non-ASCII letters and symbols
const CHARS = ['a', 'z', 'Q', 'É', 'é', 'ß', '中', '1', '9', ' ', '\t', '\n', '\r', '.', ',', '(', ')', '/', '\\', '"', "'", '’', '-', '_', '{', '→', '😀', 's', 'll'];
const text = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 8 }).map((a) => a.join(''));

describe('safeJunction', () => {
  it('only approves junctions where token counts add up', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        if (safeJunction(a, b)) expect(countTokens(a + b)).toBe(countTokens(a) + countTokens(b));
      }),
      { numRuns: RUNS * 500 },
    );
  });

  it('approves the junctions generated text relies on', () => {
    expect(safeJunction('foo.\n', '     1')).toBe(true); // a line, then a numbered line
    expect(safeJunction('    12', '→const x = 1;\n')).toBe(true); // number, then the arrow
    expect(safeJunction('Let me check.', ' Now the tests.')).toBe(true); // sentence, space, sentence
    expect(safeJunction('end\\n', '  def f():')).toBe(true); // an escaped newline, then an indented line
  });

  it('rejects junctions the tokenizer merges', () => {
    expect(safeJunction('foo(', 'bar')).toBe(false); // punctuation prefixes a word
    expect(safeJunction('a\n', '\nb')).toBe(false); // newline runs merge
    expect(safeJunction('x;\n', '/usr')).toBe(false); // punctuation runs swallow newlines and '/'
    expect(safeJunction('it', "'s")).toBe(false); // contractions
    expect(safeJunction('12', '34')).toBe(false); // digit groups shift
  });
});
