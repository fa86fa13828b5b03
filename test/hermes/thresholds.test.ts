/** Thresholds and the two token estimators, against values printed by upstream's Python code. */
import { describe, expect, it } from 'vitest';
import { resolveThresholds } from '../../src/policies/hermes/config.js';
import { estimateMessagesTokensRough, estimateMsgBudgetTokens } from '../../src/policies/hermes/estimate.js';
import type { PyMsg } from '../../src/policies/hermes/msg.js';

describe('thresholds', () => {
  it.each([
    // [window, configured %, max_tokens, effective %, threshold, tail budget, summary cap]
    [32_000, 0.5, null, 0.75, 27_200, 5_440, 1_600], // 64K floor ≥ window → 85% of the window
    [64_000, 0.5, null, 0.75, 54_400, 10_880, 3_200],
    [100_000, 0.5, null, 0.75, 75_000, 15_000, 5_000],
    [128_000, 0.5, null, 0.75, 96_000, 19_200, 6_400], // 50% raised to 75% under 512K
    [128_000, 0.5, 30_000, 0.75, 73_500, 14_700, 6_400], // output reservation shrinks the input window
    [200_000, 0.9, null, 0.9, 180_000, 36_000, 10_000], // a higher configured value wins
    [600_000, 0.1, null, 0.1, 64_000, 12_800, 10_000], // 64K minimum
    [1_000_000, 0.5, null, 0.5, 500_000, 100_000, 10_000], // large windows keep 50%
  ])('window %i at %f (max_tokens %s)', (window, pct, maxTokens, eff, threshold, tail, cap) => {
    const t = resolveThresholds({ context_length: window, threshold_percent: pct, max_tokens: maxTokens });
    expect([t.thresholdPercent, t.thresholdTokens, t.tailTokenBudget, t.maxSummaryTokens]).toEqual([eff, threshold, tail, cap]);
  });
});

describe('estimators', () => {
  const msgs: PyMsg[] = [
    { role: 'user', content: [{ type: 'text', text: 'look at this' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,' + 'A'.repeat(10_000) } }] },
    {
      role: 'assistant', content: 'ok',
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.py"}' } }],
      reasoning_details: [{ type: 'reasoning.text', text: 'hmm', index: 0 }],
    },
  ];
  it('whole-list estimate: repr length with image stubs, /4 once, plus 1,500 per image', () => {
    expect(estimateMessagesTokensRough(msgs)).toBe(1588);
  });
  it('per-message budget estimate: 6,400 chars per image, tool-call repr and reasoning JSON', () => {
    expect(msgs.map(estimateMsgBudgetTokens)).toEqual([1613, 48]);
  });
});
