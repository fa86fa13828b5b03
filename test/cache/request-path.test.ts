/**
 * The request path (src/cache/request-path.ts) patched step by step against the whole request it
 * replaces, over random sequences of requests (fast-check): appends, edits of the head (the task message
 * rewritten) and of the body, dropped runs, shorter requests, requests that restore an earlier one, and
 * keyed edits whose token counts change under unchanged keys.
 * - every prefix's tokens and blocks equal the sums over the request, and its key equals the key of the
 *   same prefix in a path built from scratch;
 * - keys identify prefix content: two prefixes (of any of the requests seen) have equal keys exactly when
 *   their message hashes are the same sequence, as with keys that chain the whole prefix;
 * - the cache model priced with the hint gives the split of the model re-reading every request whole.
 */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/cache/blocks.js';
import { messageHash } from '../../src/cache/hash.js';
import { createCacheModel } from '../../src/cache/model.js';
import { PROFILES } from '../../src/cache/profiles.js';
import { RequestPath } from '../../src/cache/request-path.js';
import { fixedTokens } from './helpers.js';
import { opArb, requests } from './request-ops.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 100);

describe('RequestPath', () => {
  it('patched from the hint: totals equal the sums over the request, keys equal a path built from scratch', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
        const tokens = fixedTokens();
        const path = new RequestPath();
        for (const s of requests(ops)) {
          const tokensOf = (i: number): number => tokens.message(s.request[i]!);
          const k = Math.min(s.changedFrom, path.length, s.keys.length);
          if (s.contentChangedFrom !== undefined && s.contentChangedFrom < k) path.retoken(s.contentChangedFrom, k, tokensOf);
          path.update(k, s.keys, tokensOf, s.keys === s.request);
          const whole = new RequestPath();
          whole.update(0, s.keys, tokensOf, false);
          expect(path.length).toBe(s.keys.length);
          let t = 0;
          let b = 0;
          for (let i = 0; i < s.keys.length; i++) {
            t += tokensOf(i);
            b += contentBlocks(s.keys[i]!);
            expect([path.tokensThrough(i), path.blocksThrough(i), path.key(i)]).toEqual([t, b, whole.key(i)]);
            expect(path.tokensBefore(i + 1)).toBe(t);
          }
          expect(path.promptTokens).toBe(t);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('keys are equal exactly when the prefixes hash the same messages in the same order', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
        const tokens = fixedTokens();
        const byKey = new Map<number, string>();
        const byContent = new Map<string, number>();
        for (const s of requests(ops)) {
          const path = new RequestPath();
          path.update(0, s.keys, (i) => tokens.message(s.keys[i]!), true);
          let content = '';
          for (let i = 0; i < s.keys.length; i++) {
            content += `${messageHash(s.keys[i]!)},`;
            const key = path.key(i);
            expect(byKey.get(key) ?? content).toBe(content);
            expect(byContent.get(content) ?? key).toBe(key);
            byKey.set(key, content);
            byContent.set(content, key);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the cache model priced with the hint equals the model re-reading every request whole, on every profile', () => {
    const ids = Object.keys(PROFILES);
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.constantFrom(...ids), fc.nat({ max: 400 }), (ops, id, dt) => {
        const inc = createCacheModel(PROFILES[id]!, { tokens: fixedTokens(), rng: seedrandom.alea('r') });
        const full = createCacheModel(PROFILES[id]!, { tokens: fixedTokens(), rng: seedrandom.alea('r') });
        requests(ops).forEach((s, step) => {
          const base = { request: s.request, now: step * dt, outputTokens: 0, editKind: 'history' as const };
          const keyed = s.keys !== s.request ? { keys: s.keys, contentChangedFrom: s.contentChangedFrom ?? 0 } : {};
          const a = inc.price({ ...base, changedFrom: s.changedFrom, ...keyed });
          const b = full.price({ ...base, changedFrom: 0, ...keyed });
          expect([a.cacheReadTokens, a.cacheWriteTokens, a.uncachedTokens]).toEqual([b.cacheReadTokens, b.cacheWriteTokens, b.uncachedTokens]);
        });
      }),
      { numRuns: RUNS },
    );
  });
});
