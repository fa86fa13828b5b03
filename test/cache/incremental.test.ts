/**
 * Incrementality without timing: a step asks the token counter only about the messages that changed or
 * were appended, whatever the history length, and the incremental split equals a from-scratch one.
 */
import { describe, expect, it } from 'vitest';
import { createCacheModel } from '../../src/cache/model.js';
import type { Message } from '../../src/core/messages.js';
import { fixedTokens, m, profile } from './helpers.js';

function history(n: number): Message[] {
  const out: Message[] = [m('system', 3000)];
  for (let i = 1; i < n; i++) out.push(m(i % 2 ? 'assistant' : 'tool', 50));
  return out;
}

for (const id of ['claude-sonnet-4.5', 'gpt-4.1', 'deepseek-v3.2']) {
  describe(`${id}: work per step`, () => {
    it('a pure append of 2 messages to a 2,000-message request counts only those 2 messages', () => {
      const tokens = fixedTokens();
      const model = createCacheModel(profile(id), { tokens });
      const h = history(2000);
      model.price({ request: h, changedFrom: 0, now: 0, outputTokens: 0, editKind: 'none' });
      expect(tokens.calls).toBe(2000);
      const next = [...h, m('assistant', 10), m('tool', 10)];
      model.price({ request: next, changedFrom: 2000, now: 1, outputTokens: 0, editKind: 'none' });
      expect(tokens.calls).toBe(2002);
    });

    it('an edit at message k re-counts only the messages from k on', () => {
      const tokens = fixedTokens();
      const model = createCacheModel(profile(id), { tokens });
      const h = history(2000);
      model.price({ request: h, changedFrom: 0, now: 0, outputTokens: 0, editKind: 'none' });
      const edited = [...h.slice(0, 1990), m('tool', 5), ...h.slice(1991)];
      model.price({ request: edited, changedFrom: 1990, now: 1, outputTokens: 0, editKind: 'history' });
      expect(tokens.calls).toBe(2010);
    });

    it('an early edit with a run dropped after it counts only the new message; the rest is reused, not looked up', () => {
      const tokens = fixedTokens();
      const model = createCacheModel(profile(id), { tokens });
      const fresh = createCacheModel(profile(id), { tokens: fixedTokens() });
      const h = history(2000);
      model.price({ request: h, changedFrom: 0, now: 0, outputTokens: 0, editKind: 'none' });
      fresh.price({ request: h, changedFrom: 0, now: 0, outputTokens: 0, editKind: 'none' });
      const edited = [h[0]!, m('user', 40), ...h.slice(2, 30), ...h.slice(70)];
      const a = model.price({ request: edited, changedFrom: 1, now: 1, outputTokens: 0, editKind: 'history' });
      expect(tokens.calls).toBe(2001);
      const b = fresh.price({ request: edited, changedFrom: 0, now: 1, outputTokens: 0, editKind: 'history' });
      expect(a).toEqual(b);
    });
  });
}

describe('incremental equals from scratch', () => {
  it('passing changedFrom gives the same token split as re-reading the whole request every step', () => {
    for (const id of ['claude-sonnet-4.5', 'gpt-4o', 'deepseek-v3.2']) {
      const inc = createCacheModel(profile(id), { tokens: fixedTokens() });
      const full = createCacheModel(profile(id), { tokens: fixedTokens() });
      let req: Message[] = history(10);
      let prevLen = 0;
      for (let step = 0; step < 30; step++) {
        const cut = step % 7 === 6 ? 4 : req.length; // an edit every 7 steps
        req = [...req.slice(0, cut), m('tool', 30 + step), m('assistant', 20)];
        const k = Math.min(cut, prevLen);
        const a = inc.price({ request: req, changedFrom: k, now: step * 20, outputTokens: 0, editKind: 'history' });
        const b = full.price({ request: req, changedFrom: 0, now: step * 20, outputTokens: 0, editKind: 'history' });
        expect([a.cacheReadTokens, a.cacheWriteTokens, a.uncachedTokens]).toEqual([b.cacheReadTokens, b.cacheWriteTokens, b.uncachedTokens]);
        prevLen = req.length;
      }
    }
  });
});
