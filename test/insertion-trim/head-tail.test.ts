/** Head + marker + tail trimming, counted in code points (PR #85479's shape). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, headCodePoints, tailCodePoints, trimHeadTail } from '../../src/policies/shared/head-tail-trim.js';

const opts = { thresholdChars: 10, headChars: 3, tailChars: 2, marker: (n: number) => `<${n}>` };

describe('trimHeadTail', () => {
  it('keeps texts up to the threshold whole', () => {
    expect(trimHeadTail('0123456789', opts)).toEqual({ text: '0123456789', omittedChars: 0 });
  });

  it('keeps head and tail around the marker once the threshold is passed', () => {
    expect(trimHeadTail('0123456789A', opts)).toEqual({ text: '012<6>9A', omittedChars: 6 });
  });

  it('counts and cuts by code points, never splitting a surrogate pair', () => {
    const text = '😀😀😀abcdef😀😀'; // 11 code points, 16 UTF-16 units
    expect(codePointLength(text)).toBe(11);
    const r = trimHeadTail(text, opts);
    expect(r.text).toBe('😀😀😀<6>😀😀');
    expect(r.omittedChars).toBe(6);
    expect(trimHeadTail('😀'.repeat(10), opts).omittedChars).toBe(0); // 20 units but 10 code points
    expect(headCodePoints('a😀b', 2)).toBe('a😀');
    expect(tailCodePoints('a😀b', 2)).toBe('😀b');
  });

  it('keeps no tail when tailChars is 0', () => {
    expect(trimHeadTail('0123456789AB', { ...opts, tailChars: 0 }).text).toBe('012<9>');
  });

  it('cuts a text without surrogates where the code-point walk cuts it (the slice path)', () => {
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }));
    fc.assert(fc.property(text, fc.nat(30), fc.nat(30), fc.nat(30), (t, threshold, head, tail) => {
      const o = { thresholdChars: threshold, headChars: head, tailChars: tail, marker: (n: number) => `<${n}>` };
      const total = codePointLength(t);
      const walked = t.length <= threshold || total <= threshold || head + tail >= total
        ? { text: t, omittedChars: 0 }
        : { text: headCodePoints(t, head) + `<${total - head - tail}>` + (tail > 0 ? tailCodePoints(t, tail) : ''), omittedChars: total - head - tail };
      expect(trimHeadTail(t, o)).toEqual(walked);
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 1000), seed: 21 });
  });
});
