/** jsonEscape skips JSON.stringify for pieces that need no escaping; it must still equal it on any string. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEscape } from '../../src/workload/text/builder.js';

describe('jsonEscape', () => {
  it('equals the inside of JSON.stringify (quotes, backslashes, controls, paired and lone surrogates)', () => {
    const unit = fc.constantFrom('a', ' ', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', 'é', '\u2028', '\ud83d\ude00', '\ud800', '\udc00', '/');
    fc.assert(fc.property(fc.array(unit, { maxLength: 12 }).map((a) => a.join('')), (s) => {
      expect(jsonEscape(s)).toBe(JSON.stringify(s).slice(1, -1));
    }), { numRuns: 2000, seed: 15 });
  });
});
