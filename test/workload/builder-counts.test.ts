/**
 * TextBuilder takes a piece's count from the caller when it has looked the piece up already (fillLines
 * does): the text and its tokens must be those of a builder that looks every piece up itself, and a count
 * handed with a piece that JSON escaping changes must be ignored (it is the unescaped piece's).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer';
import { pieceTokens, TextBuilder } from '../../src/workload/text/builder.js';

const piece = fc.constantFrom('def', ' foo', '(x)', ':\n', '    return', ' "a"', '\\', '\n', '/usr', '/bin', ' 42', 'é', '\t', ']\n', '{');

describe('TextBuilder with counts handed in', () => {
  it('builds the same text and exact tokens as looking every piece up', () => {
    fc.assert(fc.property(fc.array(fc.tuple(piece, fc.boolean()), { maxLength: 30 }), (ops) => {
      const plain = new TextBuilder();
      const counted = new TextBuilder();
      for (const [p, json] of ops) {
        if (json) {
          plain.json(p);
          counted.json(p, pieceTokens(p));
        } else {
          plain.add(p);
          counted.add(p, pieceTokens(p));
        }
      }
      expect(counted.estimate).toBe(plain.estimate);
      const a = plain.build();
      const b = counted.build();
      expect(b).toEqual(a);
      expect(b.tokens).toBe(countTokens(b.text));
    }), { numRuns: 500, seed: 41 });
  });

  it('ignores a count handed with a piece that escaping changes', () => {
    const b = new TextBuilder().json('say "hi"', 999).build();
    expect(b.text).toBe('say \\"hi\\"');
    expect(b.tokens).toBe(countTokens(b.text));
  });
});
