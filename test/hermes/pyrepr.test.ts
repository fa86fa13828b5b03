/** Python repr()/str() reproduction, checked against values printed by CPython 3. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyFloat, floatRepr, pyRepr, pyReprLen, reprStr, reprStrLen } from '../../src/policies/hermes/pyrepr.js';

describe('repr of str', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ['line\nnext\ttab\\back\r', "'line\\nnext\\ttab\\\\back\\r'"],
    ['nbsp\xa0zw\u200bdel\x7fbell\x07', "'nbsp\\xa0zw\\u200bdel\\x7fbell\\x07'"],
    ['\u{e0001} tag', "'\\U000e0001 tag'"],
  ])('%j', (s, expected) => {
    expect(reprStr(s)).toBe(expected);
    expect(pyReprLen(s)).toBe(expected.length);
  });

  it('measures long ASCII texts (four characters at a time) as long as their repr', () => {
    // every ASCII code, at any density, both quote choices, lengths on and off a multiple of 4
    const ascii = fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c));
    const unit = fc.oneof({ weight: 1, arbitrary: ascii }, { weight: 4, arbitrary: fc.constantFrom('word ', 'x', '\n', "'", '"', '\\') });
    const text = fc
      .tuple(fc.array(unit, { minLength: 1, maxLength: 400 }), fc.nat({ max: 300 }), fc.array(unit, { maxLength: 3 }))
      .map(([units, pad, end]) => 'p'.repeat(pad) + units.join('') + 'q'.repeat(256) + end.join(''));
    fc.assert(fc.property(text, (t) => reprStrLen(t) === reprStr(t).length), { numRuns: 500 });
  });

  it('counts printable non-ASCII (and astral) characters as one code point each', () => {
    expect(pyReprLen('emoji 😀 é 中')).toBe(13); // len(repr('emoji 😀 é 中')) in Python
  });

  it('measures long texts (scanned for special characters, sparse or dense) as long as their repr', () => {
    const unit = fc.constantFrom('a', 'word ', 'x', '\n', "'", '"', '\\', '\t', '\x07', '\x7f', '\xa0', 'é', '中', '\u200b', '😀', '\ud800', '\udc00', '\u{e0001}');
    const text = fc.tuple(fc.array(unit, { maxLength: 600 }), fc.nat({ max: 4 })).map(([units, pad]) => units.join('') + 'z'.repeat(pad * 200));
    fc.assert(fc.property(text, (s) => pyReprLen(s) === [...reprStr(s)].length), { numRuns: 300 }); // code points, as Python counts
    // sparse specials in prose (the regex path throughout) and a lone surrogate at the very end
    const prose = `${'the of and '.repeat(100)}it's\n${'more words '.repeat(100)}\ud83d`;
    expect(pyReprLen(prose)).toBe([...reprStr(prose)].length);
  });
});

describe('repr of a message dict', () => {
  it('keeps key order, separators, None/True/False and float forms', () => {
    const msg = {
      role: 'assistant', content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{"a": 1}' } }],
      flag: true, f2: false, n: 3, x: 1.5, big: new PyFloat(1e16), small: 1e-5, one: new PyFloat(1),
    };
    const py =
      "{'role': 'assistant', 'content': None, 'tool_calls': [{'id': 'c1', 'type': 'function', 'function': {'name': 'x', 'arguments': '{\"a\": 1}'}}], 'flag': True, 'f2': False, 'n': 3, 'x': 1.5, 'big': 1e+16, 'small': 1e-05, 'one': 1.0}";
    expect(pyRepr(msg)).toBe(py);
    expect(pyReprLen(msg)).toBe(227);
  });

  it('prints an integral JS number as a Python int (JSON has already lost "1.0")', () => {
    expect(pyRepr({ n: 1e16 })).toBe("{'n': 10000000000000000}");
  });

  it('formats floats like Python', () => {
    expect([0.1, 123456789012345.6, 1e22, -2.5e-7, 100].map((x) => floatRepr(x))).toEqual([
      '0.1', '123456789012345.6', '1e+22', '-2.5e-07', '100.0',
    ]);
  });
});
