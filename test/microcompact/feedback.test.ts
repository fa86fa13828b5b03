/** Seed 002's manual-compression feedback, as the shared helper reproduces it. */
import { describe, expect, it } from 'vitest';
import { assistant, user } from '../../src/core/messages.js';
import { ROUGH_TOKEN_LABEL, summarizeManualCompression, thousands } from '../../src/policies/shared/compression-feedback.js';

const before = [user('a'), assistant('b'), user('c'), assistant('d')];

describe('summarizeManualCompression (seed 002)', () => {
  it('reports a no-op with the unchanged token line', () => {
    const f = summarizeManualCompression(before, before.map((m) => ({ ...m })), 1234, 1234);
    expect(f).toEqual({
      noop: true,
      headline: 'No changes from compression: 4 messages',
      tokenLine: `${ROUGH_TOKEN_LABEL}: ~1,234 tokens (unchanged)`,
      note: null,
    });
  });

  it('shows both counts for a no-op whose estimate moved', () => {
    const f = summarizeManualCompression(before, before, 1234, 1200);
    expect(f.noop).toBe(true);
    expect(f.tokenLine).toBe(`${ROUGH_TOKEN_LABEL}: ~1,234 → ~1,200 tokens`);
  });

  it('gives the compressed headline and no note when tokens fall', () => {
    const f = summarizeManualCompression(before, before.slice(2), 52_000, 9_000, 'Transcript tokens');
    expect(f.headline).toBe('Compressed: 4 → 2 messages');
    expect(f.tokenLine).toBe('Transcript tokens: ~52,000 → ~9,000 tokens');
    expect(f.note).toBeNull();
  });

  it('adds the "fewer messages but more tokens" note only when both hold', () => {
    const raised = summarizeManualCompression(before, before.slice(1), 100, 150);
    expect(raised.note).toMatch(/^Note: fewer messages can still raise this rough transcript estimate/);
    const sameCount = summarizeManualCompression(before, [user('x'), ...before.slice(1)], 100, 150);
    expect(sameCount.noop).toBe(false);
    expect(sameCount.note).toBeNull();
  });

  it('formats thousands like Python {:,}', () => {
    expect([0, 999, 1000, 1234567, -45000].map(thousands)).toEqual(['0', '999', '1,000', '1,234,567', '-45,000']);
  });

  it('groups every integer as the look-ahead regex does (hand-grouped below 1e21)', () => {
    const regex = (n: number): string => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const xs = [-1, -999, -1000, -100000, 12, 123, 1234, 12345, 123456, 999999, 1000000, 2 ** 53, 1e20, 1e21, 1.5e22, -1e21, 7.9, -7.9, NaN, Infinity];
    for (let k = 0; k < 200; k++) xs.push(Math.floor(Math.sin(k + 1) * 10 ** (k % 19)));
    for (const x of xs) expect(thousands(x), String(x)).toBe(regex(x));
  });
});
