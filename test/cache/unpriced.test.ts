/** Unknown prices are reported as unpriced (`cost: null`), never as 0. */
import { describe, expect, it } from 'vitest';
import { createCacheModel } from '../../src/cache/model.js';
import { isPriced, priceTokens } from '../../src/cache/pricing.js';
import { resolveProfile, unpricedProfile } from '../../src/cache/profiles.js';
import { driver, fixedTokens, m, profile, usd } from './helpers.js';

describe('unpriced models', () => {
  it('an unknown model id prices every request as null but still splits the tokens', () => {
    const d = driver(resolveProfile('some-new-model'));
    const req = [m('system', 2000), m('user', 100)];
    const cold = d.send(req, 0, { output: 10 });
    expect(cold.cost).toBeNull();
    const warm = d.send([...req, m('assistant', 50)], 1);
    expect(warm).toMatchObject({ cost: null, cacheReadTokens: 2100, uncachedTokens: 50 });
  });

  it('a single null price makes the whole profile unpriced', () => {
    const base = profile('gpt-4o');
    const noRead = { ...base, prices: { ...base.prices, cacheRead: null } };
    expect(isPriced(noRead)).toBe(false);
    expect(priceTokens(noRead, { uncached: 100, cacheWrite: 0, cacheRead: 0, output: 0 })).toBeNull();
    const u = createCacheModel(noRead, { tokens: fixedTokens() })
      .price({ request: [m('system', 10)], changedFrom: 0, now: 0, outputTokens: 0, editKind: 'none' });
    expect(u.cost).toBeNull();
  });

  it('unpricedProfile can copy a known profile\'s mechanics (here Anthropic breakpoints) without its prices', () => {
    const p = unpricedProfile('claude-next', profile('claude-sonnet-4.5'));
    expect(p.granularity.kind).toBe('breakpoints');
    expect(p.longContext).toBeUndefined();
    const d = driver(p, { ttl: '1h' });
    const u = d.send([m('system', 2000), m('user', 100)], 0);
    expect(u).toMatchObject({ cost: null, cacheWriteTokens: 2100 });
    expect(d.model.profile.prices.cacheWrite).toBeNull();
  });

  it('priceTokens prices an arbitrary split (e.g. an auxiliary summary call)', () => {
    const c = priceTokens(profile('claude-sonnet-4.5'), { uncached: 10_000, cacheWrite: 0, cacheRead: 20_000, output: 1_000 })!;
    expect(c.uncached).toBeCloseTo(usd(10_000, 3), 12);
    expect(c.cacheRead).toBeCloseTo(usd(20_000, 0.3), 12);
    expect(c.output).toBeCloseTo(usd(1_000, 15), 12);
    expect(c.total).toBeCloseTo(0.03 + 0.006 + 0.015, 12);
  });
});
