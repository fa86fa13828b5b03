import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { adaptiveProtect } from '../../src/policies/opencode/adaptive.js';
import { SUMMARY_PREFIX, twoPhasePolicy } from '../../src/policies/opencode/two-phase.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, toolMessages, turn } from './helpers.js';

describe('two-phase (seed 001) adaptive protection', () => {
  it('protects 10k at 32K, 40k at 128K, 100k at 1M windows, interpolated between', () => {
    expect(adaptiveProtect(32_000)).toBe(10_000);
    expect(adaptiveProtect(128_000)).toBe(40_000);
    expect(adaptiveProtect(1_000_000)).toBe(100_000);
    expect(adaptiveProtect(2_000_000)).toBe(100_000);
    expect(adaptiveProtect(16_000)).toBe(5_000);
    expect(adaptiveProtect(200_000)).toBeGreaterThan(40_000);
    expect(adaptiveProtect(200_000)).toBeLessThan(100_000);
  });
});

describe('two-phase (seed 001)', () => {
  const ctx = (over = {}) => makeCtx({ contextWindow: 128_000, systemTokens: 1_000, ...over });
  const recent = history(turn({ resultTokens: 500, calls: 2 }, 'c'), turn({ resultTokens: 500, calls: 2 }, 'd'));

  it('does nothing below 85% of the window', () => {
    const h = [...turn({ resultTokens: 5_000, calls: 18 }, 'a'), ...recent];
    expect(create(twoPhasePolicy).beforeStep!(h, ctx())).toBeUndefined();
  });

  it('prunes old tool outputs without an LLM call when that gets under the threshold', () => {
    const h = [...turn({ resultTokens: 5_000, calls: 22 }, 'a'), ...recent]; // ~113k of 108.8k
    const summarizer = recordingSummarizer();
    const r = create(twoPhasePolicy).beforeStep!(h, ctx({ summarizer })) as PolicyResult;
    expect(r.kind).toBe('prune');
    expect(summarizer.requests).toHaveLength(0);
    const out = toolMessages(r.history);
    expect(out[0]!.content).toBe(`[Tool output pruned — was ${String(toolMessages(h)[0]!.content).length} chars]`);
    expect(out.slice(-4)).toEqual(toolMessages(recent)); // the last two user turns are never pruned
    expect(out.filter((m) => String(m.content).startsWith('[Tool output pruned')).length).toBe(22 - 8); // 40k protected = 8 outputs
  });

  it('summarizes the middle with the structured template when pruning is not enough', () => {
    const h: Message[] = [...turn({ resultTokens: 5_000, calls: 12 }, 'a'), ...turn({ tool: 'memory', resultTokens: 5_000, calls: 12 }, 'b'), ...recent];
    const summarizer = recordingSummarizer();
    const r = create(twoPhasePolicy).beforeStep!(h, ctx({ summarizer })) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.history.slice(0, 3)).toEqual(h.slice(0, 3));
    expect(String(r.history[3]!.content).startsWith(SUMMARY_PREFIX)).toBe(true);
    // the last 4 messages, widened backwards so the first kept tool result keeps its call
    expect(r.history.slice(4)).toEqual(h.slice(-5));
    expect(summarizer.requests[0]!.promptOverheadTokens).toBeGreaterThan(20);
  });
});

describe('two-phase: a rewrite that cannot fit the window says so', () => {
  // regression (within-window): the protected first 3 and last 4 messages alone exceed a 32K window,
  // so the summary phase cannot get under it; the event used to claim a fit silently
  const bigHead = history(turn({ tool: 'memory', resultTokens: 34_000, calls: 1 }, 'a')); // never pruned
  const h = [...bigHead, ...turn({ resultTokens: 3_000, calls: 3 }, 'b'), ...turn({ resultTokens: 500, calls: 1 }, 'c')];
  const ctx = makeCtx({ contextWindow: 32_000, maxOutputTokens: 8_000, systemTokens: 1_000 });

  it('flags detail.overWindow on the overflow path when the result is still above the window', () => {
    const r = create(twoPhasePolicy).onOverflow!(h, ctx) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.history.slice(0, 3)).toEqual(h.slice(0, 3));
    expect(r.detail?.overWindow).toBe(true);
    expect(r.note).toMatch(/still over the window/);
  });

  it('does not flag a result that fits', () => {
    const fits = [...turn({ resultTokens: 100, calls: 1 }, 'a'), ...h.slice(3)];
    const r = create(twoPhasePolicy).onOverflow!(fits, ctx) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(r.detail?.overWindow).toBeUndefined();
  });
});
