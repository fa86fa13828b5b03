import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { CONTINUATION_PREFIX, referenceNote } from '../../src/policies/claude-code/auto-compact.js';
import { readConfig } from '../../src/policies/claude-code/config.js';
import { claudeCodePolicy } from '../../src/policies/claude-code/policy.js';
import { thresholds } from '../../src/policies/claude-code/thresholds.js';
import { resolveParams } from '../../src/policies/params.js';
import type { ContextPolicy, PolicyContext, PolicyResult, PolicyVeto } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';

const cfg = (p: Record<string, unknown> = {}) => readConfig(resolveParams(claudeCodePolicy, p));

describe('claude-code auto-compact threshold', () => {
  it('is window − min(maxOutput, 20k) − 13k', () => {
    expect(thresholds(cfg(), 200_000, 32_000).autoCompact).toBe(167_000);
    expect(thresholds(cfg(), 200_000, 8_000).autoCompact).toBe(179_000);
    expect(thresholds(cfg(), 1_000_000, 64_000).autoCompact).toBe(967_000);
    expect(thresholds(cfg(), 200_000, 32_000).warning).toBe(147_000);
  });

  it('takes the percentage and window overrides, never above the default threshold', () => {
    expect(thresholds(cfg({ autoCompactPctOverride: 50 }), 200_000, 32_000).autoCompact).toBe(90_000);
    expect(thresholds(cfg({ autoCompactPctOverride: 99 }), 200_000, 32_000).autoCompact).toBe(167_000);
    expect(thresholds(cfg({ autoCompactWindow: 100_000 }), 200_000, 32_000).autoCompact).toBe(67_000);
  });
});

/** Feeds a history through the hooks as the simulator would: appends, then the response's afterStep. */
function replay(p: ContextPolicy, msgs: Message[], ctx: PolicyContext): void {
  const h: Message[] = [];
  for (const m of msgs) {
    if (m.role !== 'assistant') p.onAppend?.(m, ctx);
    h.push(m);
    if (m.role === 'assistant') p.afterStep!(h.slice(), usage(10_000), ctx);
  }
}

describe('claude-code auto-compact', () => {
  const msgs = history(turn({ tool: 'Read', resultTokens: 300, calls: 7 }, 'a'), turn({ tool: 'Bash', resultTokens: 300, calls: 2 }, 'b'));

  function compactAt(prompt: number, params: Record<string, unknown> = {}, summarizer = recordingSummarizer()) {
    const p = create(claudeCodePolicy, { microcompact: false, timeBasedMicrocompact: false, ...params });
    const ctx = makeCtx({ summarizer });
    replay(p, msgs, ctx);
    p.afterStep!(msgs, usage(prompt, 500), ctx);
    return { p, ctx, summarizer, r: p.beforeStep!(msgs, ctx) };
  }

  it('stays quiet below the threshold and summarizes at it, from a cache-reusing fork capped at 20k', () => {
    expect(compactAt(160_000).r).toBeUndefined();
    const { r, summarizer } = compactAt(166_600);
    const res = r as PolicyResult;
    expect(res.kind).toBe('summary');
    expect(summarizer.requests).toHaveLength(1);
    expect(summarizer.requests[0]!.reusesMainCache).toBe(true);
    expect(summarizer.requests[0]!.budgetTokens).toBe(20_000);
    expect(String(res.history[0]!.content).startsWith(CONTINUATION_PREFIX)).toBe(true);
  });

  it('re-attaches the 5 most recently read files after the summary', () => {
    const res = compactAt(170_000).r as PolicyResult;
    const files = res.history.slice(1);
    expect(files).toHaveLength(5);
    expect(files.every((m) => m.role === 'user' && String(m.content).startsWith('[File re-attached after compaction:'))).toBe(true);
    expect(compactAt(170_000, { reattachFiles: false }).r).toMatchObject({ history: [expect.anything()] });
  });

  it('re-attaches a file over 5k tokens as a reference only, and drops files past the 50k budget instead of truncating', () => {
    // createPostCompactFileAttachments + generateFileAttachment mode 'compact' (claude-code-best/claude-code @ f90eee85d)
    const files = (sizes: number[]) => {
      const out: Message[][] = sizes.map((n, i) => turn({ tool: 'Read', resultTokens: n, calls: 1 }, `f${i}`));
      return history(...out);
    };
    const run = (msgsIn: Message[], params: Record<string, unknown> = {}) => {
      const p = create(claudeCodePolicy, params);
      const ctx = makeCtx({ summarizer: recordingSummarizer() });
      replay(p, msgsIn, ctx);
      p.afterStep!(msgsIn, usage(170_000, 500), ctx);
      return (p.beforeStep!(msgsIn, ctx) as PolicyResult).history.slice(1).map((m) => String(m.content));
    };
    const big = run(files([3_000, 8_000]));
    expect(big).toHaveLength(2);
    expect(big[0]).toBe(referenceNote('/src/f' + (big[0]!.match(/f(\d+)\.ts/)![1]) + '.ts'));
    expect(big[0]!.length).toBeLessThan(400);
    expect(big[1]!.startsWith('[File re-attached after compaction:')).toBe(true);
    // truncate (the previous port) keeps the first 5k tokens instead
    const cut = run(files([3_000, 8_000]), { reattachOversize: 'truncate' });
    expect(Math.ceil(cut[0]!.length / 4)).toBeGreaterThan(4_990);
    // five 4.9k files, then an 18k budget: the 4th and 5th do not fit, and a small older file is still tried
    const budget = run(files([100, 4_900, 4_900, 4_900, 4_900]), { reattachTokenBudget: 15_000 });
    expect(budget).toHaveLength(4);
    expect(budget.filter((c) => c.length > 19_000)).toHaveLength(3);
    expect(Math.ceil(budget[3]!.length / 4)).toBeLessThan(200);
  });

  it('opens the circuit breaker after 3 consecutive failures', () => {
    const failing = recordingSummarizer([1, 2, 3, 4, 5]);
    const { p, ctx } = compactAt(170_000, {}, failing);
    const vetoes = [1, 2, 3].map(() => p.beforeStep!(msgs, ctx) as PolicyVeto);
    expect(failing.requests).toHaveLength(3);
    expect(vetoes[0]!.veto).toMatch(/compaction failed/);
    expect(vetoes[2]!.veto).toMatch(/circuit breaker/);
    const off = compactAt(170_000, { circuitBreaker: false }, recordingSummarizer([1, 2, 3, 4, 5]));
    for (let i = 0; i < 3; i++) off.p.beforeStep!(msgs, off.ctx);
    expect(off.summarizer.requests).toHaveLength(4);
  });

  it('is off when the layer is switched off', () => {
    expect(compactAt(190_000, { autoCompact: false }).r).toBeUndefined();
  });

  it('compacts on a manual /compact with its focus, even with auto-compact off', () => {
    const { p, ctx, summarizer } = compactAt(10_000, { autoCompact: false });
    const r = p.onCommand!('/compact', 'the parser bug', msgs, ctx) as PolicyResult;
    expect(r.kind).toBe('summary');
    expect(summarizer.requests[0]!.focus).toBe('the parser bug');
    expect(p.onCommand!('/other', undefined, msgs, ctx)).toBeUndefined();
  });
});
