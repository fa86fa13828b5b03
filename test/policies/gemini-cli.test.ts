/** `gemini-cli`: chat compression, from chatCompressionService.ts @ 5411f113. */
import { describe, expect, it } from 'vitest';
import { contentText, type Message } from '../../src/core/messages.js';
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
