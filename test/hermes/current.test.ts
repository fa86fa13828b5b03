/**
 * Today's Hermes beside the 0000416b compressor: the lean tail budget (PR #95571) and the current
 * token estimators (agent/model_metadata.py @ 00067189, agent/image_token_cost.py @ 11cf2064).
 */
import { describe, expect, it } from 'vitest';
import { leanTailBudget, resolveThresholds } from '../../src/policies/hermes/config.js';
import { currentEstimator, estimateTokensRoughCurrent } from '../../src/policies/hermes/current/estimate.js';
import { DEFAULT_IMAGE_TOKEN_COST, ImageCostLearner } from '../../src/policies/hermes/current/image-cost.js';
import { estimateMessagesTokensRough, estimateTokensRough } from '../../src/policies/hermes/estimate.js';

describe('lean tail', () => {
  it('keeps 2.5% of the window, clamped to 10,000–25,000 tokens, instead of threshold × ratio', () => {
    expect([32_000, 200_000, 600_000, 1_000_000].map(leanTailBudget)).toEqual([10_000, 10_000, 15_000, 25_000]);
    expect(resolveThresholds({ context_length: 1_000_000, threshold_percent: 0.85 }).tailTokenBudget).toBe(170_000);
    expect(resolveThresholds({ context_length: 1_000_000, threshold_percent: 0.85, tail_mode: 'lean' }).tailTokenBudget).toBe(25_000);
  });
});

describe('estimate_tokens_rough today', () => {
  it('is chars/4 for ASCII, UTF-8 bytes/4 for other scripts, one token per CJK character', () => {
    expect(estimateTokensRoughCurrent('abcdefgh')).toBe(estimateTokensRough('abcdefgh'));
    expect(estimateTokensRoughCurrent('привет мир')).toBe(Math.floor((19 + 3) / 4)); // 9 Cyrillic letters × 2 bytes + a space
    expect(estimateTokensRough('привет мир')).toBe(3);
    expect(estimateTokensRoughCurrent('你好世界')).toBe(4);
    expect(estimateTokensRoughCurrent('你好 ok')).toBe(2 + 1);
  });

  it('rounds each message up, where the list estimate rounded once', () => {
    const msgs = [{ role: 'user', content: 'ab' }, { role: 'user', content: 'cd' }, { role: 'user', content: 'ef' }]; // 33 chars each
    const each = estimateMessagesTokensRough([msgs[0]!]);
    const est = currentEstimator({ tokens: DEFAULT_IMAGE_TOKEN_COST });
    expect(est.messages(msgs)).toBe(3 * each);
    expect(estimateMessagesTokensRough(msgs)).toBeLessThan(3 * each);
    expect(est.running().of(msgs)).toBe(est.messages(msgs));
  });

  it('prices images at the cost the learner holds', () => {
    const cost = { tokens: 700 };
    const img = { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:x' } }] };
    const est = currentEstimator(cost);
    const a = est.messages([img]);
    cost.tokens = 900;
    expect(est.messages([img]) - a).toBe(200);
  });
});

describe('the learned per-image cost', () => {
  const text = currentEstimator({ tokens: 0 });
  const img = (n: number) => ({ role: 'user', content: [{ type: 'text', text: 'see' }, ...Array.from({ length: n }, () => ({ type: 'image_url', image_url: { url: 'data:x' } }))] });

  it('starts at 1,500, takes the first plausible residual, then moves halfway (EMA 0.5)', () => {
    const l = new ImageCostLearner();
    const h1 = [{ role: 'user', content: 'hi' }];
    l.observe(h1, h1.length, 1000, (m) => text.messages(m));
    expect(l.tokens).toBe(1500);
    const h2 = [...h1, { role: 'assistant', content: 'ok' }, img(2)];
    const textDelta = text.messages(h2.slice(1));
    l.observe(h2, h2.length, 1000 + textDelta + 2 * 800, (m) => text.messages(m));
    expect(l.tokens).toBe(800);
    const h3 = [...h2, { role: 'assistant', content: 'ok' }, img(1)];
    l.observe(h3, h3.length, 1000 + textDelta + 1600 + text.messages(h3.slice(h2.length)) + 1200, (m) => text.messages(m));
    expect(l.tokens).toBe(1000);
  });

  it('learns nothing from an implausible residual or a response without new images', () => {
    const l = new ImageCostLearner();
    const h1 = [{ role: 'user', content: 'hi' }];
    l.observe(h1, h1.length, 1000, (m) => text.messages(m));
    l.observe([...h1, img(1)], 2, 1010, (m) => text.messages(m));
    expect(l.tokens).toBe(1500);
  });
});
