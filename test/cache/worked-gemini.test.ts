/**
 * Gemini 2.5 implicit caching, by hand from pricing.md table B (Flash: input $0.30, cached $0.03, output
 * $2.50; Pro <=200K: $1.25 / $0.125 / $10, >200K: $2.50 / $0.25 / $15 per 1M). Mechanics: prefix,
 * min 1,024 (Flash) / 4,096 (Pro), best-effort hit with probability 0.9 drawn from the injected rng.
 */
import { describe, expect, it } from 'vitest';
import { driver, m, usd } from './helpers.js';

/** An rng that replays fixed draws and counts them. */
function scripted(draws: number[]) {
  const rng = Object.assign(() => {
    if (rng.calls >= draws.length) throw new Error('rng exhausted');
    return draws[rng.calls++]!;
  }, { calls: 0 });
  return rng;
}

describe('gemini-2.5-flash with a fixed rng', () => {
  it('hits when the draw is below 0.9, misses (all uncached) at or above it; one draw per request', () => {
    const rng = scripted([0.5, 0.95, 0.1, 0.9]);
    const d = driver('gemini-2.5-flash', { rng });
    const sys = m('system', 2000);
    const req1 = [sys, m('user', 100)];
    expect(d.send(req1, 0).breakCause).toBe('cold-start');
    const req2 = [...req1, m('assistant', 100)];
    const miss = d.send(req2, 1);
    // a best-effort miss with nothing edited or expired has its own cause
    expect(miss).toMatchObject({ cacheReadTokens: 0, uncachedTokens: 2200, breakCause: 'best-effort-miss' });
    const req3 = [...req2, m('tool', 100)];
    const hit = d.send(req3, 2, { output: 40 });
    expect(hit).toMatchObject({ cacheReadTokens: 2200, uncachedTokens: 100 });
    expect(hit.cost!.total).toBeCloseTo(usd(2200, 0.03) + usd(100, 0.3) + usd(40, 2.5), 15);
    expect(d.send([...req3, m('assistant', 1)], 3).cacheReadTokens).toBe(0); // draw 0.9 is not < 0.9
    expect(rng.calls).toBe(4);
  });

  it('requires an rng', () => {
    expect(() => driver('gemini-2.5-flash')).toThrow(/opts.rng/);
  });
});

describe('gemini-2.5-pro', () => {
  it('a 2,000-token prefix is below the 2,048 minimum (since 2026-07); 4,000 tokens (below the old 4,096) now hit', () => {
    const d = driver('gemini-2.5-pro', { rng: () => 0 });
    const req = [m('system', 1900), m('user', 100)];
    d.send(req, 0);
    expect(d.send([...req, m('assistant', 10)], 1).cacheReadTokens).toBe(0);
    const e = driver('gemini-2.5-pro', { rng: () => 0 });
    const big = [m('system', 3900), m('user', 100)];
    e.send(big, 0);
    expect(e.send([...big, m('assistant', 10)], 1).cacheReadTokens).toBe(4000);
  });

  it('above 200K prompt tokens the whole request is priced at the long-context tier', () => {
    const d = driver('gemini-2.5-pro', { rng: () => 0 });
    const req = [m('system', 150_000), m('user', 40_000)];
    const small = d.send(req, 0, { output: 1000 });
    expect(small.cost!.total).toBeCloseTo(usd(190_000, 1.25) + usd(1000, 10), 12);
    const big = d.send([...req, m('tool', 20_000)], 1, { output: 1000 });
    expect(big).toMatchObject({ promptTokens: 210_000, cacheReadTokens: 190_000, uncachedTokens: 20_000 });
    expect(big.cost!.total).toBeCloseTo(usd(190_000, 0.25) + usd(20_000, 2.5) + usd(1000, 15), 12);
  });
});
