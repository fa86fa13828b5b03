/** `gemini-cli`: chat compression, from chatCompressionService.ts @ 5411f113 and @google/gemini-cli-core 0.61.0. */
import { describe, expect, it } from 'vitest';
import { assistant, call, contentText, toolResult, user, type Message } from '../../src/core/messages.js';
import { messageTextTokens } from '../../src/policies/gemini-cli/estimate.js';
import { resolveParams } from '../../src/policies/params.js';
import { getPolicy } from '../../src/policies/registry.js';
import { formatTruncated, splitPoint, truncateToBudget } from '../../src/policies/gemini-cli/compress.js';
import { ACK_TEXT, geminiCliPolicy } from '../../src/policies/gemini-cli/policy.js';
import type { PolicyResult, PolicyVeto } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';

describe('gemini-cli pieces', () => {
  it('formatTruncatedToolOutput keeps 20% head and 80% tail of maxChars', () => {
    const s = `${'a'.repeat(100)}${'b'.repeat(1_000)}${'c'.repeat(400)}`;
    const r = formatTruncated(s, 500);
    expect(r).toContain(`\n${'a'.repeat(100)}\n\n... [1,000 characters omitted] ...\n\n${'c'.repeat(400)}`);
    expect(formatTruncated('short', 500)).toBe('short');
  });

  it('tool responses are cut newest first once the 50k-token budget is used', () => {
    const h = history(turn({ resultTokens: 30_000, calls: 3 }, 'a')); // three 30k-token results
    const out = truncateToBudget(h, 50_000, 40_000);
    const tools = out.filter((m) => m.role === 'tool');
    expect(contentText(tools[2]!).length).toBe(120_000); // newest: whole
    expect(tools.slice(0, 2).every((m) => contentText(m).startsWith('Output too large.'))).toBe(true);
    expect(out[0]).toBe(h[0]);
  });

  it('splits at the first user message past 70% of the characters', () => {
    const h = history(turn({ resultTokens: 1_000, calls: 3 }, 'a'), turn({ resultTokens: 1_000, calls: 3 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    const users = h.map((m, i) => (m.role === 'user' ? i : -1)).filter((i) => i >= 0);
    expect(splitPoint(h, 0.7)).toBe(users[2]); // a and b hold most characters; c starts after 70%
    expect(splitPoint(h, 0.3)).toBe(users[1]);
    // ending on a final answer with no user message past the target: everything is compressible
    expect(splitPoint(h, 0.99)).toBe(h.length);
  });
});

describe('gemini-cli policy', () => {
  const h = history(turn({ resultTokens: 3_000, calls: 6 }, 'a'), turn({ resultTokens: 3_000, calls: 6 }, 'b'), turn({ resultTokens: 100, calls: 2 }, 'c'));

  it('does nothing below 50% of the window', () => {
    expect(create(geminiCliPolicy).beforeStep!(h, makeCtx({ contextWindow: 100_000, lastUsage: usage(49_999) }))).toBeUndefined();
  });

  it('summarizes the head, verifies with a second call, and keeps the tail after the acknowledgement', () => {
    const summarizer = recordingSummarizer();
    const r = create(geminiCliPolicy).beforeStep!(h, makeCtx({ contextWindow: 100_000, lastUsage: usage(50_000), summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(summarizer.requests.map((q) => q.purpose)).toEqual(['summary', 'summary-verify']);
    const split = (r.detail as Record<string, number>).split;
    expect(summarizer.requests[0]!.messages).toEqual(h.slice(0, split));
    expect(summarizer.requests[1]!.messages.length).toBe(split + 1);
    expect(r.history[0]!.role).toBe('user');
    expect(r.history[1]).toEqual({ role: 'assistant', content: ACK_TEXT });
    expect(r.history.slice(2)).toEqual(h.slice(split));
  });

  it('compresses the chat without the request being sent: the trailing tool results stay whole, after the kept tail', () => {
    // as gemini-cli-real runs it (src/frameworks/gemini-cli): the request is added to the chat after compression
    const pending = turn({ resultTokens: 30_000, calls: 2 }, 'd').slice(0, 3); // the user's message, a call and its 30k-token result
    const withPending = [...h, ...pending];
    const summarizer = recordingSummarizer();
    const r = create(geminiCliPolicy).beforeStep!(withPending, makeCtx({ contextWindow: 200_000, lastUsage: usage(100_000), summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    const split = (r.detail as Record<string, number>).split;
    const sent = withPending.slice(-1);
    // the split and the summary are those of the history without the result being sent
    const without = create(geminiCliPolicy).beforeStep!(withPending.slice(0, -1), makeCtx({ contextWindow: 200_000, lastUsage: usage(100_000) })) as PolicyResult;
    expect(split).toBe((without.detail as Record<string, number>).split);
    expect(summarizer.requests[0]!.messages).toEqual(withPending.slice(0, split));
    expect(r.history.slice(-1)[0]).toBe(sent[0]);
    expect(r.history.slice(2, -1)).toEqual(without.history.slice(2));
  });

  it('an inflated result changes nothing, and later attempts only truncate', () => {
    const small = history(turn({ resultTokens: 10, calls: 1 }, 'a'), turn({ resultTokens: 10, calls: 1 }, 'b'));
    const p = create(geminiCliPolicy);
    const ctx = makeCtx({ contextWindow: 1_000, systemTokens: 10, lastUsage: usage(600) });
    expect((p.beforeStep!(small, ctx) as PolicyVeto).veto).toBe('inflated-token-count');
    const big: Message[] = history(turn({ resultTokens: 60_000, calls: 2 }, 'x'));
    const r = p.beforeStep!(big, makeCtx({ contextWindow: 1_000, lastUsage: usage(200_000) })) as PolicyResult;
    expect(r.kind).toBe('trim');
  });
});

describe('gemini-cli 0.61.0 against the previous port (gemini-cli@5411f113)', () => {
  const old = getPolicy('gemini-cli@5411f113');

  it('weighs non-ASCII outputs at 1.5 tokens a character: a 45,000-character CJK output is over the 50k budget', () => {
    const h: Message[] = [user('go'), assistant(null, [call('c1', 'read_file', {})]), { ...toolResult('c1', '日'.repeat(45_000)), name: 'read_file' }];
    const cut = truncateToBudget(h, 50_000, 40_000, { count: messageTextTokens });
    expect(contentText(cut[2]!)).toMatch(/^Output too large\. Showing first 8,000 and last 32,000 characters/);
    expect(truncateToBudget(h, 50_000, 40_000)[2]).toBe(h[2]);
  });

  it('gives the summarizer the original head while its estimate is under the limit (the previous port: limit − 20k)', () => {
    // the head's tool outputs (about 84k tokens) are over the 50k budget, so the truncated head differs
    const h = history(turn({ resultTokens: 28_000, calls: 3 }, 'a'), turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    const ctx = (summarizer: ReturnType<typeof recordingSummarizer>) => makeCtx({ contextWindow: 100_000, lastUsage: usage(99_000), summarizer });
    const now = recordingSummarizer();
    const r = create(geminiCliPolicy, { maskToolOutputs: false }).beforeStep!(h, ctx(now)) as PolicyResult;
    const split = (r.detail as Record<string, number>).split;
    expect(now.requests[0]!.messages).toEqual(h.slice(0, split));
    const before = recordingSummarizer();
    old.create(resolveParams(old, {})).beforeStep!(h, ctx(before));
    expect(before.requests[0]!.messages).not.toEqual(h.slice(0, split));
  });

  it('caps the cut at 4 × the room left under the limit (getTruncateToolOutputThreshold)', () => {
    // turn b, still in progress, is kept: its older outputs are past the 50k budget and cut
    const h = history(turn({ resultTokens: 10, calls: 1 }, 'a'), turn({ resultTokens: 30_000, calls: 3 }, 'b').slice(0, -1));
    const r = create(geminiCliPolicy, { maskToolOutputs: false }).beforeStep!(h, makeCtx({ contextWindow: 200_000, lastUsage: usage(195_000) })) as PolicyResult;
    const cut = r.history.filter((m) => m.role === 'tool').map(contentText).find((t) => t.startsWith('Output too large'));
    expect(cut).toMatch(/^Output too large\. Showing first 4,000 and last 16,000 characters/);
  });
});
