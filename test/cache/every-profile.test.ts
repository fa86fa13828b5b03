/**
 * A worked example for every profile in the table: cold start, then a warm hit after appending, priced
 * from prices typed here by hand from pricing.md table B (not read from the profiles).
 * Request 1: system 5,000 + user 1,000 (above every minimum, 4,096 included). Request 2 appends an
 * assistant message (500) and a tool result (1,500) 60 s later; output 200 tokens each.
 */
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/cache/profiles.js';
import { driver, m, usd } from './helpers.js';

type Row = { input: number; output: number; write: number; read: number; unit: number | 'breakpoints' };
const A = 'breakpoints' as const;
const TABLE: Record<string, Row> = {
  'claude-sonnet-4.5': { input: 3, output: 15, write: 3.75, read: 0.3, unit: A },
  'claude-sonnet-4.5-1h': { input: 3, output: 15, write: 6, read: 0.3, unit: A },
  'claude-opus-4.5': { input: 5, output: 25, write: 6.25, read: 0.5, unit: A },
  'claude-opus-4.5-1h': { input: 5, output: 25, write: 10, read: 0.5, unit: A },
  'claude-opus-4.6': { input: 5, output: 25, write: 6.25, read: 0.5, unit: A },
  'claude-opus-4.6-1h': { input: 5, output: 25, write: 10, read: 0.5, unit: A },
  'claude-haiku-4.5': { input: 1, output: 5, write: 1.25, read: 0.1, unit: A },
  'claude-haiku-4.5-1h': { input: 1, output: 5, write: 2, read: 0.1, unit: A },
  'gpt-4o': { input: 2.5, output: 10, write: 2.5, read: 1.25, unit: 128 },
  'gpt-4o-mini': { input: 0.15, output: 0.6, write: 0.15, read: 0.075, unit: 128 },
  'gpt-4.1': { input: 2, output: 8, write: 2, read: 0.5, unit: 128 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6, write: 0.4, read: 0.1, unit: 128 },
  'gpt-5': { input: 1.25, output: 10, write: 1.25, read: 0.125, unit: 128 },
  'gpt-5-mini': { input: 0.25, output: 2, write: 0.25, read: 0.025, unit: 128 },
  'gpt-5.3-codex': { input: 1.75, output: 14, write: 1.75, read: 0.175, unit: 128 },
  'gemini-2.5-pro': { input: 1.25, output: 10, write: 1.25, read: 0.125, unit: 1 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5, write: 0.3, read: 0.03, unit: 1 },
  'deepseek-v3.2': { input: 0.28, output: 0.42, write: 0.28, read: 0.028, unit: 64 },
  'deepseek-v4-flash': { input: 0.14, output: 0.28, write: 0.14, read: 0.0028, unit: 64 },
  'claude-sonnet-4.6': { input: 3, output: 15, write: 3.75, read: 0.3, unit: A },
  'claude-sonnet-4.6-1h': { input: 3, output: 15, write: 6, read: 0.3, unit: A },
};

describe('every profile has a hand-computed cold start and warm hit', () => {
  it('the table here covers every profile', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(PROFILES).sort());
  });

  for (const [id, r] of Object.entries(TABLE)) {
    it(id, () => {
      const d = driver(id, { rng: () => 0 });
      const req1 = [m('system', 5000), m('user', 1000)];
      const req2 = [...req1, m('assistant', 500), m('tool', 1500)];
      const cold = d.send(req1, 0, { output: 200 });
      const warm = d.send(req2, 60, { output: 200 });
      if (r.unit === A) {
        // auto breakpoints: request 1 writes 6,000; request 2 reads them and writes the 2,000 appended
        expect(cold.cost!.total).toBeCloseTo(usd(6000, r.write) + usd(200, r.output), 12);
        expect([warm.cacheReadTokens, warm.cacheWriteTokens, warm.uncachedTokens]).toEqual([6000, 2000, 0]);
        expect(warm.cost!.total).toBeCloseTo(usd(6000, r.read) + usd(2000, r.write) + usd(200, r.output), 12);
      } else {
        // automatic prefix: 6,000 floored to the unit (128 -> 5,888; 64 -> 5,952; 1 -> 6,000)
        const read = { 128: 5888, 64: 5952, 1: 6000 }[r.unit]!;
        expect(cold.cost!.total).toBeCloseTo(usd(6000, r.input) + usd(200, r.output), 12);
        expect([warm.cacheReadTokens, warm.cacheWriteTokens, warm.uncachedTokens]).toEqual([read, 0, 8000 - read]);
        expect(warm.cost!.total).toBeCloseTo(usd(read, r.read) + usd(8000 - read, r.input) + usd(200, r.output), 12);
      }
      expect(cold.breakCause).toBe('cold-start');
      expect(warm.breakCause).toBeNull();
    });
  }
});
