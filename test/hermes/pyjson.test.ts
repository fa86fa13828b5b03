/** json.loads / json.dumps(ensure_ascii=False) reproduction and tool-call argument truncation. */
import { describe, expect, it } from 'vitest';
import { PyJsonError, pyJsonDumps, pyJsonLoads } from '../../src/policies/hermes/pyjson.js';
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
