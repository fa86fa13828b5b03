import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { SUMMARY_PREFIX, thresholdSummaryPolicy } from '../../src/policies/threshold-summary.js';
import { resolveParams } from '../../src/policies/params.js';
import type { PolicyContext } from '../../src/policies/types.js';
import { createMockSummarizer } from '../../src/summarizer/mock.js';
import type { Usage } from '../../src/core/usage.js';

const tokens = createTokenCounter();
const ctx = (window: number): PolicyContext => ({
  contextWindow: window, maxOutputTokens: 1000, step: 5, userTurn: 1, turnStart: false, now: 0,
  systemTokens: 50, systemPrompt: 'sys', tokens, summarizer: createMockSummarizer({ seed: 1, tokens }), rng: () => 0.5, model: 'm',
});
const usage = (promptTokens: number): Usage => ({
  promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: promptTokens, outputTokens: 0, cost: null, breakCause: null,
});
const big = 'word '.repeat(400);
const policy = thresholdSummaryPolicy.create(resolveParams(thresholdSummaryPolicy, { tailFraction: 0.05, summaryTokens: 50 }));

describe('threshold-summary', () => {
  it('does nothing below the trigger', () => {
    expect(policy.afterStep!([user('hi')], usage(10), ctx(10_000))).toBeUndefined();
  });

  it('keeps the newest user message even mid-turn, with the summary after it', () => {
    const h: Message[] = [
      user('old task'), assistant('done'),
      user('Run the tests again.'), assistant(null, [call('c1', 'bash', {})]), toolResult('c1', big),
      assistant(null, [call('c2', 'bash', {})]), toolResult('c2', big), assistant(null, [call('c3', 'bash', {})]),
    ];
    const r = policy.afterStep!(h, usage(9_000), ctx(10_000));
    if (!r || 'veto' in r) throw new Error('expected a compaction');
    expect(r.history[0]!.role).toBe('user');
    const text = r.history[0]!.content as string;
    expect(text.startsWith(`Run the tests again.\n\n${SUMMARY_PREFIX}`)).toBe(true);
    expect(r.history[1]!.role).toBe('assistant');
    expect(h.slice(-r.history.length + 1)).toEqual(r.history.slice(1));
    expect(r.detail).toBeUndefined();
  });

  it('flags a result that still does not fit the window', () => {
    const h: Message[] = [user('a'), assistant('b'), user('now'), assistant(null, [call('c1', 'bash', {})]), toolResult('c1', big.repeat(5))];
    const r = policy.afterStep!(h, usage(1_400), ctx(1_500));
    if (!r || 'veto' in r) throw new Error('expected a compaction');
    expect(r.detail).toMatchObject({ overWindow: true });
  });
});

describe('threshold-summary when the tail starts at a user message', () => {
  it('merges the summary in front of it', () => {
    const h: Message[] = [user('first'), assistant(big), user('second'), assistant('ok')];
    const r = thresholdSummaryPolicy.create(resolveParams(thresholdSummaryPolicy, { tailFraction: 0.01, summaryTokens: 50 }))
      .afterStep!(h, usage(9_000), ctx(10_000));
    if (!r || 'veto' in r) throw new Error('expected a compaction');
    expect(r.history).toHaveLength(2);
    expect((r.history[0]!.content as string).startsWith(SUMMARY_PREFIX)).toBe(true);
    expect((r.history[0]!.content as string).endsWith('second')).toBe(true);
    expect(r.history[1]).toBe(h[3]);
  });
});

describe('threshold-summary on one long task (a single user turn)', () => {
  it('keeps the task verbatim and summarizes the work so far after it', () => {
    const h: Message[] = [user('Fix issue 42.')];
    for (let i = 0; i < 6; i++) h.push(assistant(null, [call(`c${i}`, 'bash', {})]), toolResult(`c${i}`, big));
    const r = policy.afterStep!(h, usage(9_000), ctx(10_000));
    if (!r || 'veto' in r) throw new Error('expected a compaction');
    const first = r.history[0]!;
    expect(first.role).toBe('user');
    expect((first.content as string).startsWith('Fix issue 42.\n\n' + SUMMARY_PREFIX)).toBe(true);
    expect(r.history[1]!.role).toBe('assistant');
    expect(r.history.length).toBeLessThan(h.length);
  });
});
