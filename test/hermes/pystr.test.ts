/** Python str helpers whose fast forms are checked against the straightforward ones. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PY_WS_CLASS, pyCollapseWs } from '../../src/policies/hermes/pystr.js';

describe('pyCollapseWs', () => {
  it('gives what replacing every whitespace run by a space gives', () => {
    const everyRun = new RegExp(`[${PY_WS_CLASS}]+`, 'gu'); // the straightforward `re.sub(r"\s+", " ", s)`
    const unit = fc.constantFrom('a', 'word', ' ', '  ', '\n', '\t', '\r\n', '\x1c', '\x85', '\xa0', '\u2028', '\u3000', '😀', '\ud800', 'é');
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (units) => {
        const s = units.join('');
        return pyCollapseWs(s) === s.replace(everyRun, ' ');
      }),
      { numRuns: 2000 },
    );
  });

  it('matches re.sub(r"\\s+", " ", s) printed by CPython', () => {
    expect(pyCollapseWs('a  b\n\tc\u3000d\x1c e')).toBe('a b c d e');
    expect(pyCollapseWs(' x \u00a0\u2028y ')).toBe(' x y ');
    expect(pyCollapseWs('one two')).toBe('one two');
    expect(pyCollapseWs('😀 😀\n')).toBe('😀 😀 ');
  });
});
