/** Break causes: which event is blamed when a request reads less than a pure append would have. */
import { describe, expect, it } from 'vitest';
import { driver, m } from './helpers.js';

const sys = m('system', 2000);
const u1 = m('user', 100);
const a1 = m('assistant', 100);
const t1 = m('tool', 300);

describe('break causes', () => {
  it('first request of a model: cold-start, or model-switch when created with switchedFrom; reset starts over', () => {
    expect(driver('gpt-4o').send([sys, u1], 0).breakCause).toBe('cold-start');
    const d = driver('claude-sonnet-4.5', { switchedFrom: 'gpt-4o' });
    expect(d.send([sys, u1], 0).breakCause).toBe('model-switch');
    expect(d.send([sys, u1, a1], 1).breakCause).toBeNull();
    d.model.reset();
    const again = d.model.price({ request: [sys, u1, a1], changedFrom: 0, now: 2, outputTokens: 0, editKind: 'none' });
    expect(again).toMatchObject({ cacheReadTokens: 0, breakCause: 'model-switch' });
  });

  it('view-change when only the request view changed (Anthropic)', () => {
    const d = driver('claude-sonnet-4.5');
    d.send([sys, u1, a1, t1], 0);
    const u = d.send([sys, u1, a1, m('tool', 10), m('assistant', 10)], 1, { editKind: 'view' });
    expect(u).toMatchObject({ cacheReadTokens: 2000, breakCause: 'view-change' });
  });

  it('ttl-expiry wins over an edit made while the cache was cold anyway', () => {
    const d = driver('claude-sonnet-4.5');
    d.send([sys, u1, a1, t1], 0);
    const u = d.send([sys, u1, a1, m('tool', 10)], 3600, { editKind: 'history' });
    expect(u.breakCause).toBe('ttl-expiry');
  });

  it('an edit after the last cached point is not a break', () => {
    const d = driver('claude-sonnet-4.5', { breakpoints: 'swe-agent' });
    d.send([sys, u1, a1], 0); // a1 is after the last user/tool mark: uncached
    const u = d.send([sys, u1, m('assistant', 20), m('tool', 30)], 1, { editKind: 'history' });
    expect(u).toMatchObject({ cacheReadTokens: 2100, breakCause: null });
  });

  it('a read at least as long as the previous cacheable prompt is never a break, whatever editKind says', () => {
    const d = driver('deepseek-v3.2');
    d.send([sys, u1], 0);
    expect(d.send([sys, u1, a1], 1, { editKind: 'history' }).breakCause).toBeNull();
  });
});

describe('input validation', () => {
  it('simulated time must not go backwards', () => {
    const d = driver('gpt-4o');
    d.send([sys], 10);
    expect(() => d.send([sys, u1], 9)).toThrow(/backwards/);
  });
  it('changedFrom must be a non-negative integer; values past the previous request are clamped', () => {
    const d = driver('gpt-4o');
    expect(() => d.send([sys], 0, { changedFrom: -1 })).toThrow(/changedFrom/);
    expect(d.send([sys, u1], 0, { changedFrom: 99 }).breakCause).toBe('cold-start');
    expect(d.send([sys, u1, a1], 1, { changedFrom: 99 })).toMatchObject({ cacheReadTokens: 2048, breakCause: null });
  });
  it('the ttl option is refused for providers without write tiers', () => {
    expect(() => driver('gpt-4o', { ttl: '1h' })).toThrow(/ttl/);
  });
  it('verify mode catches a changedFrom that claims an edited message is unchanged', () => {
    const d = driver('gpt-4o', { verify: true });
    d.send([sys, u1, a1], 0);
    expect(() => d.send([sys, m('user', 100), a1, t1], 1, { changedFrom: 3 })).toThrow(/request\[1\] differs/);
  });
});
