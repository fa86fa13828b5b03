/**
 * opencode's current defaults, from sst/opencode @ 31e22f65 (packages/opencode/src/session/{compaction,overflow}.ts,
 * packages/core/src/session/compaction-suffix.ts); each older behaviour is one parameter or `opencode@001aa6cc` away.
 */
import { describe, expect, it } from 'vitest';
import { MARKER_TEXT, SUFFIX_OUTPUT_TOKENS } from '../../src/policies/opencode/config.js';
import { usable } from '../../src/policies/opencode/overflow.js';
import { opencodePolicy } from '../../src/policies/opencode/policy.js';
import { getPolicy } from '../../src/policies/registry.js';
import type { PolicyResult } from '../../src/policies/types.js';
import { create, history, makeCtx, recordingSummarizer, turn, usage } from './helpers.js';

describe('opencode @ 31e22f65', () => {
  it('subtracts the reserve even when the model declares no input limit (overflow.ts): 200k − 32k − 20k = 148k', () => {
    expect(usable(200_000, 32_000, 0, 0, true)).toBe(148_000);
    expect(usable(200_000, 32_000, 0, 0, false)).toBe(168_000);
    expect(usable(200_000, 32_000, 200_000, 0, true)).toBe(180_000);
    const h = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'), turn({ resultTokens: 200, calls: 2 }, 'b'));
    const at = (prompt: number, params: Record<string, unknown> = {}) =>
      create(opencodePolicy, params).beforeStep!(h, makeCtx({ lastUsage: usage(prompt, 0) }));
    expect(at(147_999)).toBeUndefined();
    expect(at(148_000)).toMatchObject({ kind: 'summary' });
    expect(at(148_000, { reserveWithoutInputLimit: false })).toBeUndefined();
    const old = getPolicy('opencode@001aa6cc');
    expect(create(old).beforeStep!(h, makeCtx({ lastUsage: usage(179_999, 0) }))).toBeUndefined();
    expect(create(old).beforeStep!(h, makeCtx({ lastUsage: usage(180_000, 0) }))).toMatchObject({ kind: 'summary' });
  });

  it('does not prune unless compaction.prune is true', () => {
    const h = history(turn({ resultTokens: 10_000, calls: 10 }, 'a'), turn({ resultTokens: 10, calls: 1 }, 'b'), turn({ resultTokens: 10, calls: 1 }, 'c'));
    expect(create(opencodePolicy).afterStep!(h, usage(1_000), makeCtx())).toBeUndefined();
    expect(create(opencodePolicy, { prune: true }).afterStep!(h, usage(1_000), makeCtx())).toMatchObject({ kind: 'prune' });
  });

  it('keeps every recent turn that fits 15k tokens (tail_turns unset), not only the last two within 8k', () => {
    const older = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'));
    const recent = history(...['b', 'c', 'd', 'e'].map((l) => turn({ resultTokens: 700, calls: 4 }, l))); // ~3k each
    const h = [...older, ...recent];
    const tailOf = (params: Record<string, unknown> = {}) => {
      const r = create(opencodePolicy, params).beforeStep!(h, makeCtx({ lastUsage: usage(160_000, 0) })) as PolicyResult;
      expect(r.history[0]).toEqual({ role: 'user', content: MARKER_TEXT });
      return r.history.slice(2, -1);
    };
    const all = tailOf();
    expect(all.slice(-recent.length)).toEqual(recent); // (the older turn's last message may fit the rest of the budget)
    const two = tailOf({ tailTurns: 2, preserveRecentMaxTokens: 8_000 });
    expect(two).toEqual(recent.slice(recent.length / 2));
  });

  it('suffix mode summarizes the main request plus a prompt, from the main cache, capped at 4,096 tokens', () => {
    const h = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'), turn({ resultTokens: 200, calls: 2 }, 'b'));
    const summarizer = recordingSummarizer();
    const r = create(opencodePolicy, { compactionMode: 'suffix' }).beforeStep!(h, makeCtx({ lastUsage: usage(150_000, 0), summarizer })) as PolicyResult;
    expect(r.detail?.mode).toBe('suffix');
    const req = summarizer.requests[0]!;
    expect(req.reusesMainCache).toBe(true);
    expect(req.messages).toEqual(h);
    expect(req.budgetTokens).toBe(SUFFIX_OUTPUT_TOKENS);
    const prepend = recordingSummarizer();
    const p = create(opencodePolicy).beforeStep!(h, makeCtx({ lastUsage: usage(150_000, 0), summarizer: prepend })) as PolicyResult;
    expect(p.detail?.mode).toBe('prepend');
    expect(prepend.requests[0]!.reusesMainCache).toBeFalsy();
    expect(prepend.requests[0]!.messages.length).toBeLessThan(h.length);
  });

  it('suffix mode falls back to a prepend request when the main request would not fit, or the suffix attempt fails', () => {
    const h = history(turn({ resultTokens: 3_000, calls: 8 }, 'a'), turn({ resultTokens: 200, calls: 2 }, 'b'));
    const small = recordingSummarizer();
    const r = create(opencodePolicy, { compactionMode: 'suffix' })
      .beforeStep!(h, makeCtx({ contextWindow: 25_000, maxOutputTokens: 4_000, lastUsage: usage(24_000, 0), summarizer: small })) as PolicyResult;
    expect(r.detail?.mode).toBe('prepend');
    expect(small.requests).toHaveLength(1);
    const failing = recordingSummarizer([1]);
    const f = create(opencodePolicy, { compactionMode: 'suffix' }).beforeStep!(h, makeCtx({ lastUsage: usage(150_000, 0), summarizer: failing })) as PolicyResult;
    expect(f.detail?.mode).toBe('prepend');
    expect(failing.requests.map((q) => !!q.reusesMainCache)).toEqual([true, false]);
  });
});
