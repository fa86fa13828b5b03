import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { reprRoughTokens, stringsAllAscii } from '../../src/policies/hermes/current/repr-tokens.js';
import { estimateTokensRoughCurrent } from '../../src/policies/hermes/current/estimate.js';
import { PyFloat, PyInt, pyRepr } from '../../src/policies/hermes/pyrepr.js';

/** plain, escaped, quote-choosing, Latin, CJK-dense, Hangul, emoji, lone surrogate, non-printable, full-width */
const PIECES = ['a', 'word ', '\n', '\t', "'", '"', '\\', '—', 'é', '→', '漢', '한', '😀', '\ud800', '\udc00', '\u00a0', '\u200b', '\u0007', '\uff21', '\u1100', 'x'.repeat(300)];

function text(rng: () => number): string {
  let s = '';
  const n = Math.floor(rng() * 12);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(rng() * PIECES.length)];
  return s;
}

function value(rng: () => number, depth: number): unknown {
  const r = rng();
  if (depth > 2 || r < 0.45) return text(rng);
  if (r < 0.55) return [null, true, 3, 2.5, new PyInt('12'), new PyFloat(1)][Math.floor(rng() * 6)];
  if (r < 0.7) return Array.from({ length: Math.floor(rng() * 3) }, () => value(rng, depth + 1));
  if (r < 0.75) return new Map([[text(rng), text(rng)]]);
  const d: Record<string, unknown> = {};
  for (let i = Math.floor(rng() * 4); i > 0; i--) d[text(rng) || 'k'] = rng() < 0.1 ? undefined : value(rng, depth + 1);
  return d;
}

describe('hermes reprRoughTokens', () => {
  it('is estimate_tokens_rough of the built repr, for random values with every kind of character', () => {
    const rng = seedrandom.alea('repr-tokens');
    for (let k = 0; k < 3000; k++) {
      const v = { role: 'user', content: value(rng, 0), name: rng() < 0.5 ? text(rng) : undefined };
      expect(reprRoughTokens(v), pyRepr(v)).toBe(estimateTokensRoughCurrent(pyRepr(v)));
    }
  });

  it('stringsAllAscii says true only where the JSON is ASCII, and false for a non-ASCII text', () => {
    const rng = seedrandom.alea('all-ascii');
    let ascii = 0;
    for (let k = 0; k < 3000; k++) {
      const v = { role: 'user', content: value(rng, 0) };
      // eslint-disable-next-line no-control-regex
      if (stringsAllAscii(v)) expect(/[^\x00-\x7f]/.test(JSON.stringify(v))).toBe(false), ascii++;
    }
    expect(ascii).toBeGreaterThan(100);
    expect(stringsAllAscii({ role: 'tool', content: [{ type: 'text', text: 'ok' }], n: 1, x: null })).toBe(true);
    expect(stringsAllAscii({ role: 'tool', content: [{ type: 'text', text: 'é' }] })).toBe(false);
    expect(stringsAllAscii({ 'é': 1 })).toBe(false);
  });

  it('measures a summary message with an em dash in its prefix', () => {
    const v = { role: 'user', content: `[CONTEXT COMPACTION — REFERENCE ONLY] Summary:${' the of and'.repeat(500)}` };
    expect(reprRoughTokens(v)).toBe(estimateTokensRoughCurrent(pyRepr(v)));
  });
});
