/**
 * OpenAI worked examples by hand from pricing.md table B (GPT-4o: input $2.50, cached $1.25, output $10
 * per 1M; GPT-4.1: cached $0.50 = 0.25x; GPT-5: cached $0.125 = 0.1x). Mechanics (table A): automatic,
 * no write fee, hits in 128-token steps from 1,024 tokens, idle TTL modelled as 300 s.
 */
import { describe, expect, it } from 'vitest';
import { driver, m, usd } from './helpers.js';

describe('gpt-4o', () => {
  const sys = m('system', 1500);
  const u1 = m('user', 100);
  const a1 = m('assistant', 50);
  const t1 = m('tool', 250);
  const d = driver('gpt-4o');

  it('cold start: all 1,600 prompt tokens uncached, no write fee', () => {
    const u = d.send([sys, u1], 0, { output: 100 });
    expect(u).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 1600, breakCause: 'cold-start' });
    expect(u.cost!.total).toBeCloseTo(usd(1600, 2.5) + usd(100, 10), 12); // $0.005
  });

  it('warm hit: the 1,600-token prefix floors to 1,536 (12 x 128)', () => {
    const u = d.send([sys, u1, a1, t1], 10);
    expect(u).toMatchObject({ promptTokens: 1900, cacheReadTokens: 1536, uncachedTokens: 364, breakCause: null });
    expect(u.cost!.total).toBeCloseTo(usd(1536, 1.25) + usd(364, 2.5), 12); // $0.00283
    expect(u.cost!.total).toBeCloseTo(0.00283, 12);
  });

  it('edit at message 1: only the system prompt matches, 1,500 -> 1,408 (11 x 128)', () => {
    const u = d.send([sys, m('user', 100), a1, t1], 20, { changedFrom: 1, editKind: 'history' });
    expect(u).toMatchObject({ cacheReadTokens: 1408, uncachedTokens: 492, breakCause: 'compaction' });
  });

  it('TTL expiry: 300 s idle evicts the prefix; 299 s does not', () => {
    const req = [sys, u1];
    const a = driver('gpt-4o');
    a.send(req, 0);
    expect(a.send([...req, a1], 299).cacheReadTokens).toBe(1536);
    const b = driver('gpt-4o');
    b.send(req, 0);
    const u = b.send([...req, a1], 300);
    expect(u).toMatchObject({ cacheReadTokens: 0, uncachedTokens: 1650, breakCause: 'ttl-expiry' });
  });

  it('below 1,024 tokens nothing is read, and that is not a break', () => {
    const e = driver('gpt-4o');
    const req = [m('system', 900), m('user', 100)];
    e.send(req, 0);
    const u = e.send([...req, m('assistant', 500)], 1);
    expect(u).toMatchObject({ cacheReadTokens: 0, uncachedTokens: 1500, breakCause: null });
  });

  it('a view that returns to an older, longer request still hits that request\'s prefix', () => {
    const e = driver('gpt-4o');
    const full = [sys, u1, a1, t1];
    e.send(full, 0);
    const masked = [sys, u1, a1, m('tool', 10)];
    const v = e.send(masked, 5, { editKind: 'view' });
    expect(v).toMatchObject({ cacheReadTokens: 1536, breakCause: 'view-change' }); // 1,650 -> 1,536
    const back = e.send([...full, m('assistant', 50)], 10, { editKind: 'view' });
    expect(back).toMatchObject({ cacheReadTokens: 1792, breakCause: null }); // 1,900 -> 1,792 (14 x 128)
  });
});

describe('gpt-4.1 and gpt-5 read at their own multipliers', () => {
  it('gpt-4.1: 1,536 read at $0.50, 364 at $2.00', () => {
    const d = driver('gpt-4.1');
    const req = [m('system', 1500), m('user', 100)];
    d.send(req, 0);
    const u = d.send([...req, m('assistant', 300)], 1, { output: 10 });
    expect(u.cost!.total).toBeCloseTo(usd(1536, 0.5) + usd(364, 2) + usd(10, 8), 12);
  });
  it('gpt-5: 1,536 read at $0.125, 364 at $1.25', () => {
    const d = driver('gpt-5');
    const req = [m('system', 1500), m('user', 100)];
    d.send(req, 0);
    const u = d.send([...req, m('assistant', 300)], 1, { output: 10 });
    expect(u.cost!.total).toBeCloseTo(usd(1536, 0.125) + usd(364, 1.25) + usd(10, 10), 12);
  });
});
