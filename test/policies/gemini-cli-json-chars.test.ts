import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { contentJsonStringChars, isAscii, jsonStringChars } from '../../src/policies/gemini-cli/json-chars.js';
import { textTokensRaw } from '../../src/policies/gemini-cli/estimate.js';

/** characters that JSON escapes or that are not ASCII, among plain ones */
const ALPHABET = ['a', ' ', 'Z', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', 'é', '→', '\ud83d\ude00', '\ud800', '/'];

function randomText(rng: () => number): string {
  let s = '';
  const n = Math.floor(rng() * 40);
  for (let i = 0; i < n; i++) s += rng() < 0.7 ? 'x' : ALPHABET[Math.floor(rng() * ALPHABET.length)];
  return s;
}

describe('gemini-cli JSON lengths', () => {
  it('jsonStringChars is the length of JSON.stringify, with and without characters to escape', () => {
    const rng = seedrandom.alea('json-chars');
    for (let k = 0; k < 2000; k++) {
      const s = randomText(rng);
      expect(jsonStringChars(s)).toBe(JSON.stringify(s).length);
    }
    expect(jsonStringChars('Summary: the of and')).toBe(21);
  });

  it('isAscii holds exactly when every unit is ≤ 127, and the estimate agrees with a count of them', () => {
    const rng = seedrandom.alea('ascii');
    for (let k = 0; k < 2000; k++) {
      const s = randomText(rng);
      const ascii = [...s].every((c) => c.charCodeAt(0) <= 127 && c.length === 1);
      expect(isAscii(s)).toBe(ascii);
      let units = 0;
      for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) <= 127) units++;
      expect(textTokensRaw(s)).toBe(units / 4 + (s.length - units) * 1.5);
    }
  });

  it('contentJsonStringChars measures the text of a message with parts', () => {
    const m = { role: 'tool' as const, tool_call_id: 'c1', content: [{ type: 'text' as const, text: 'a"b' }, { type: 'text' as const, text: 'é' }] };
    expect(contentJsonStringChars(m)).toBe(JSON.stringify('a"b\né').length);
  });
});
