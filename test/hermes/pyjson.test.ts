/** json.loads / json.dumps(ensure_ascii=False) reproduction and tool-call argument truncation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyJsonError, dumpStrEscaped, pyJsonDumps, pyJsonLoads, pyJsonLoadsParsed } from '../../src/policies/hermes/pyjson.js';
import { truncateToolCallArgsJson } from '../../src/policies/hermes/prune.js';

describe('json re-serialisation', () => {
  it('matches Python for floats, big ints, control chars and non-ASCII', () => {
    const src = `{"path":"a.txt","content":"${'é'.repeat(250)}","n":1.0,"m":10000000000000000000000,"l":[1,"x\\u0001y"],"nested":{"k":"${'z'.repeat(201)}"}}`;
    const expected =
      `{"path": "a.txt", "content": "${'é'.repeat(200)}...[truncated]", "n": 1.0, "m": 10000000000000000000000, ` +
      `"l": [1, "x\\u0001y"], "nested": {"k": "${'z'.repeat(200)}...[truncated]"}}`;
    expect(truncateToolCallArgsJson(src)).toBe(expected);
  });

  it('sorts keys by code point when asked', () => {
    expect(pyJsonDumps(pyJsonLoads('{"b":1,"a":[1.5,null,true]}'), { sortKeys: true })).toBe('{"a": [1.5, null, true], "b": 1}');
  });

  it('leaves arguments that are not JSON unchanged', () => {
    const notJson = `{"path": "a", "content": "${'x'.repeat(600)}"`; // unterminated
    expect(truncateToolCallArgsJson(notJson)).toBe(notJson);
    expect(() => pyJsonLoads('{"a": 1} extra')).toThrow(PyJsonError);
  });

  it('accepts what Python accepts: NaN, Infinity, duplicate keys (last value, first position)', () => {
    expect(pyJsonDumps(pyJsonLoads('{"a": NaN, "b": -Infinity, "a": 2}'))).toBe('{"a": 2, "b": -Infinity}');
  });
});

/**
 * The JSON.parse / JSON.stringify fast paths (pyjson-native.ts) against the full parser and the escape
 * table they skip: the same values (key order, int/float, lone surrogates) and the same errors.
 */
describe('native fast paths', () => {
  const ch = fc.constantFrom('a', 'é', '中', '😀', ' ', '\\n', '\\t', '\\"', '\\\\', '\\/', '\\u00e9', '\\ud800', '\\udc00x', '\\ud83d\\ude00', '\ud800', '\x7f', '\u2028', '\\b', '\\f');
  const str = fc.array(ch, { maxLength: 12 }).map((cs) => `"${cs.join('')}"`);
  const key = fc.oneof(str, fc.constantFrom('"0"', '"12"', '"01"', '"__proto__"', '"a"', '"b"'));
  const ws = fc.constantFrom('', ' ', '\n  ', '\t');
  const scalar = fc.oneof(str, fc.constantFrom('true', 'false', 'null', '1', '-0', '1.0', '1e400', '12345678901234567890', 'NaN', '-Infinity'));
  const text: fc.Arbitrary<string> = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')) as fc.Arbitrary<string>,
    array: fc.tuple(fc.array(tie('value') as fc.Arbitrary<string>, { maxLength: 4 }), ws).map(([xs, w]) => `[${w}${xs.join(`,${w}`)}]`),
    object: fc.tuple(fc.array(fc.tuple(key, tie('value') as fc.Arbitrary<string>), { maxLength: 4 }), ws).map(([es, w]) => `{${es.map(([k, v]) => `${w}${k}${w}:${v}`).join(',')}}`),
  })).value;
  const outcome = (f: (s: string) => unknown, s: string): string => {
    try {
      return `ok ${pyJsonDumps(f(s))}`;
    } catch (e) {
      return `error ${e instanceof PyJsonError}`;
    }
  };

  it('parses as the full parser does, malformed and Python-only texts included', () => {
    const damaged = fc.tuple(text, fc.nat(), fc.constantFrom('', '}', ']', ',', 'x', '\x01')).map(([t, i, junk]) => t.slice(0, i % (t.length + 1)) + junk);
    fc.assert(
      fc.property(fc.oneof(text, damaged), (t) => {
        expect(outcome(pyJsonLoads, t)).toBe(outcome(pyJsonLoadsParsed, t));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes strings as the escape table does', () => {
    const s = fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 1 }), fc.constantFrom('\ud800', '\udfff', '"', '\\', '\n', '\x00', '\x1f', '\x7f', '\u2028')), { maxLength: 20 }).map((cs) => cs.join(''));
    fc.assert(fc.property(s, (x) => pyJsonDumps(x) === dumpStrEscaped(x)), { numRuns: 2000 });
  });

  it('matches values printed by CPython', () => {
    // json.dumps(s, ensure_ascii=False) and json.loads(...) in CPython 3.11
    expect(pyJsonDumps('a\x01\u2028\x7f"\\\n\t\b\f\r\x1f')).toBe('"a\\u0001\u2028\x7f\\"\\\\\\n\\t\\b\\f\\r\\u001f"');
    expect(pyJsonDumps('café 😀')).toBe('"café 😀"');
    expect(pyJsonDumps(pyJsonLoads('{"b": "x", "0": "y", "a": [true, null, "\\ud800\\u00e9"], "b": "z"}'))).toBe('{"b": "z", "0": "y", "a": [true, null, "\ud800é"]}');
  });
});
