/**
 * DeepSeek V3.2 (deepseek-chat) worked examples by hand from pricing.md table B: miss $0.28, hit $0.028,
 * output $0.42 per 1M; disk cache in 64-token units, shorter prefixes never cached; TTL "hours to days",
 * modelled as 6 h idle.
 */
import { describe, expect, it } from 'vitest';
import { driver, m, usd } from './helpers.js';

describe('deepseek-v3.2', () => {
  const sys = m('system', 100);
  const u1 = m('user', 30);

  it('cold start, then a warm hit in 64-token units (130 -> 128)', () => {
    const d = driver('deepseek-v3.2');
    const c = d.send([sys, u1], 0, { output: 50 });
    expect(c).toMatchObject({ cacheReadTokens: 0, uncachedTokens: 130, breakCause: 'cold-start' });
    expect(c.cost!.total).toBeCloseTo(usd(130, 0.28) + usd(50, 0.42), 15);
    const w = d.send([sys, u1, m('assistant', 10)], 60);
    expect(w).toMatchObject({ promptTokens: 140, cacheReadTokens: 128, uncachedTokens: 12, breakCause: null });
    expect(w.cost!.total).toBeCloseTo(usd(128, 0.028) + usd(12, 0.28), 15); // $0.000006944
  });

  it('edit at message 1 reads the system prompt only (100 -> 64)', () => {
    const d = driver('deepseek-v3.2');
    d.send([sys, u1], 0);
    const u = d.send([sys, m('user', 30)], 1, { changedFrom: 1, editKind: 'history' });
    expect(u).toMatchObject({ cacheReadTokens: 64, uncachedTokens: 66, breakCause: 'compaction' });
  });

  it('a prefix under 64 tokens is never cached', () => {
    const d = driver('deepseek-v3.2');
    const req = [m('system', 40), m('user', 20)];
    d.send(req, 0);
    expect(d.send([...req, m('assistant', 100)], 1)).toMatchObject({ cacheReadTokens: 0, breakCause: null });
  });

  it('the cache lives 6 idle hours', () => {
    const a = driver('deepseek-v3.2');
    a.send([sys, u1], 0);
    expect(a.send([sys, u1], 6 * 3600 - 1).cacheReadTokens).toBe(128);
    const b = driver('deepseek-v3.2');
    b.send([sys, u1], 0);
    expect(b.send([sys, u1], 6 * 3600)).toMatchObject({ cacheReadTokens: 0, breakCause: 'ttl-expiry' });
  });
});
