/**
 * Anthropic worked examples, computed by hand from pricing.md table B (Sonnet 4.5: input $3, output $15,
 * 5m write $3.75, 1h write $6, read $0.30 per 1M; Opus 4.5: $5 / $25 / $6.25 / $10 / $0.50, min 4,096;
 * Haiku 4.5: $1 / $5 / $1.25 / $2 / $0.10, min 4,096). Breakpoints: Claude Code's automatic mode
 * (system prompt + last message).
 */
import { describe, expect, it } from 'vitest';
import { driver, m, usd } from './helpers.js';

describe('claude-sonnet-4.5 (5m writes), auto breakpoints', () => {
  const sys = m('system', 2000);
  const u1 = m('user', 500);
  const a1 = m('assistant', 300);
  const t1 = m('tool', 700);
  const d = driver('claude-sonnet-4.5');

  it('cold start: everything up to the last breakpoint is written', () => {
    const u = d.send([sys, u1], 0, { output: 100 });
    expect(u).toMatchObject({ promptTokens: 2500, cacheReadTokens: 0, cacheWriteTokens: 2500, uncachedTokens: 0 });
    expect(u.breakCause).toBe('cold-start');
    expect(u.cost!.cacheWrite).toBeCloseTo(usd(2500, 3.75), 12); // $0.009375
    expect(u.cost!.output).toBeCloseTo(usd(100, 15), 12);
    expect(u.cost!.total).toBeCloseTo(0.010875, 12);
  });

  it('warm hit: the previous last-message entry is read, the appended tail is written', () => {
    const u = d.send([sys, u1, a1, t1], 10, { output: 100 });
    expect(u).toMatchObject({ promptTokens: 3500, cacheReadTokens: 2500, cacheWriteTokens: 1000, uncachedTokens: 0 });
    expect(u.breakCause).toBeNull();
    expect(u.cost!.total).toBeCloseTo(usd(2500, 0.3) + usd(1000, 3.75) + usd(100, 15), 12); // $0.006
    expect(u.cost!.total).toBeCloseTo(0.006, 12);
  });

  it('edit at message 3: reads up to the last entry before the edit, rewrites the rest', () => {
    const t1pruned = m('tool', 50);
    const a2 = m('assistant', 200);
    const t2 = m('tool', 400);
    const u = d.send([sys, u1, a1, t1pruned, a2, t2], 20, { changedFrom: 3, editKind: 'history' });
    // entries: [sys] and [sys,u1] (valid until 310) and [..t1] (now stale); none at [sys,u1,a1]
    expect(u).toMatchObject({ promptTokens: 3450, cacheReadTokens: 2500, cacheWriteTokens: 950, uncachedTokens: 0 });
    expect(u.breakCause).toBe('compaction');
    expect(u.cost!.total).toBeCloseTo(usd(2500, 0.3) + usd(950, 3.75), 12); // $0.0043125
  });

  it('TTL expiry: 300 s after the last use everything is written again', () => {
    const prev = [sys, u1, a1, m('tool', 50), m('assistant', 200), m('tool', 400)];
    const e = driver('claude-sonnet-4.5');
    e.send(prev, 20);
    const later = [...prev, m('assistant', 100), m('tool', 100)];
    const justBefore = driver('claude-sonnet-4.5');
    justBefore.send(prev, 20);
    expect(justBefore.send(later, 319).cacheReadTokens).toBe(3450);
    const u = e.send(later, 320);
    expect(u).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 3650, uncachedTokens: 0 });
    expect(u.breakCause).toBe('ttl-expiry');
    expect(u.cost!.total).toBeCloseTo(usd(3650, 3.75), 12); // $0.0136875
  });

  it('a hit refreshes the TTL: hits every 200 s keep the cache alive past 300 s', () => {
    const e = driver('claude-sonnet-4.5');
    const req = [sys, u1];
    e.send(req, 0);
    expect(e.send(req, 200).cacheReadTokens).toBe(2500);
    expect(e.send(req, 400).cacheReadTokens).toBe(2500);
    expect(e.send(req, 699).cacheReadTokens).toBe(2500);
  });
});

describe('1-hour vs 5-minute writes (claude-sonnet-4.5 and claude-sonnet-4.5-1h)', () => {
  const sys = m('system', 2000);
  const u1 = m('user', 500);
  const later = [sys, u1, m('assistant', 300), m('tool', 700)];

  it('a 1h write costs 2x input ($6/M) against 1.25x ($3.75/M)', () => {
    const five = driver('claude-sonnet-4.5').send([sys, u1], 0);
    const hour = driver('claude-sonnet-4.5-1h').send([sys, u1], 0);
    expect(five.cost!.cacheWrite).toBeCloseTo(usd(2500, 3.75), 12);
    expect(hour.cost!.cacheWrite).toBeCloseTo(usd(2500, 6), 12); // $0.015
  });

  it('the ttl option selects the tier on any Anthropic profile', () => {
    const d = driver('claude-sonnet-4.5', { ttl: '1h' });
    expect(d.model.profile.id).toBe('claude-sonnet-4.5-1h');
    expect(d.send([sys, u1], 0).cost!.cacheWrite).toBeCloseTo(usd(2500, 6), 12);
  });

  it('after a 10-minute pause the 5m cache is gone and the 1h cache still hits', () => {
    const five = driver('claude-sonnet-4.5');
    const hour = driver('claude-sonnet-4.5-1h');
    five.send([sys, u1], 0);
    hour.send([sys, u1], 0);
    const f = five.send(later, 600);
    const h = hour.send(later, 600);
    expect([f.cacheReadTokens, f.cacheWriteTokens, f.breakCause]).toEqual([0, 3500, 'ttl-expiry']);
    expect([h.cacheReadTokens, h.cacheWriteTokens, h.breakCause]).toEqual([2500, 1000, null]);
    expect(h.cost!.total).toBeCloseTo(usd(2500, 0.3) + usd(1000, 6), 12); // $0.00675
    expect(hour.send(later, 600 + 3600).breakCause).toBe('ttl-expiry');
  });
});

describe('below the minimum cacheable prompt (claude-opus-4.5, min 4,096)', () => {
  const sys = m('system', 3000);
  const u1 = m('user', 500);
  const a1 = m('assistant', 400);
  const t1 = m('tool', 300);
  const d = driver('claude-opus-4.5');

  it('a 3,500-token prompt is silently not cached: all uncached input', () => {
    const u = d.send([sys, u1], 0);
    expect(u).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: 3500 });
    expect(u.cost!.total).toBeCloseTo(usd(3500, 5), 12); // $0.0175
  });

  it('once the last breakpoint passes 4,096 tokens its prefix is written (the system one still is not)', () => {
    const u = d.send([sys, u1, a1, t1], 5);
    expect(u).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 4200, uncachedTokens: 0, breakCause: null });
    expect(u.cost!.total).toBeCloseTo(usd(4200, 6.25), 12); // $0.02625
  });

  it('and read on the next step', () => {
    const u = d.send([sys, u1, a1, t1, m('assistant', 100)], 10);
    expect(u).toMatchObject({ cacheReadTokens: 4200, cacheWriteTokens: 100 });
    expect(u.cost!.total).toBeCloseTo(usd(4200, 0.5) + usd(100, 6.25), 12);
  });
});

describe('claude-haiku-4.5: cold start, warm hit, edit at the first message after the system prompt', () => {
  const sys = m('system', 5000);
  const u1 = m('user', 1000);
  const d = driver('claude-haiku-4.5');
  it('prices each step at $1 / $1.25 / $0.10 per 1M', () => {
    expect(d.send([sys, u1], 0, { output: 200 }).cost!.total).toBeCloseTo(usd(6000, 1.25) + usd(200, 5), 12);
    const warm = d.send([sys, u1, m('assistant', 500), m('tool', 1500)], 30);
    expect(warm.cost!.total).toBeCloseTo(usd(6000, 0.1) + usd(2000, 1.25), 12);
    const edited = d.send([sys, m('user', 900), m('assistant', 100)], 60, { changedFrom: 1, editKind: 'history' });
    // only the system prompt's own entry (5,000 >= 4,096) survives
    expect(edited).toMatchObject({ cacheReadTokens: 5000, cacheWriteTokens: 1000, breakCause: 'compaction' });
  });
});
