/**
 * Automatic prefix caches (OpenAI, DeepSeek, Gemini implicit) against their definition, computed from
 * scratch: a request reads the longest prefix of its keys that was part of a request sent within the
 * TTL, floored to the provider's unit (0 below the minimum), nothing when the best-effort draw fails.
 * The model under test is driven with the harness's hints, so it keeps dropped prefixes one by one, and
 * whole bodies after a head edit as one record (src/cache/dropped-bodies.ts); the reference keeps every
 * prefix it ever saw, by content.
 */
import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { messageHash } from '../../src/cache/hash.js';
import { createCacheModel } from '../../src/cache/model.js';
import { PROFILES, type CacheProfile } from '../../src/cache/profiles.js';
import { fixedTokens } from './helpers.js';
import { opArb, requests, type Step } from './request-ops.js';

const RUNS = Number(process.env.CB_PROP_RUNS ?? 100);
const prefixIds = Object.keys(PROFILES).filter((id) => PROFILES[id]!.granularity.kind === 'prefix');

/** Cache reads of `steps` sent at `times`, by the definition. */
function referenceReads(profile: CacheProfile, steps: Step[], times: number[]): number[] {
  const g = profile.granularity;
  if (g.kind !== 'prefix') throw new Error('prefix profiles only');
  const tokens = fixedTokens();
  const rng = seedrandom.alea('r');
  const lastSeen = new Map<string, number>();
  const quantize = (t: number): number => {
    const q = Math.floor(t / g.unitTokens) * g.unitTokens;
    return q < profile.minCacheableTokens ? 0 : q;
  };
  return steps.map((s, step) => {
    const now = times[step]!;
    const prefixes: string[] = [];
    let key = '';
    for (const msg of s.keys) prefixes.push((key += `${messageHash(msg)},`));
    let hit = 0;
    let read = 0;
    let sum = 0;
    for (; hit < prefixes.length; hit++) {
      const seen = lastSeen.get(prefixes[hit]!);
      if (seen === undefined || now >= seen + profile.ttlSeconds) break;
      sum += tokens.message(s.request[hit]!);
    }
    read = quantize(sum);
    if (g.hitProbability < 1 && rng() >= g.hitProbability) read = 0;
    for (const p of prefixes) lastSeen.set(p, now);
    return read;
  });
}

describe('prefix caches equal their definition', () => {
  it('reads the longest prefix sent within the TTL, over head and body edits, restores and expiries', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 50 }), fc.constantFrom(...prefixIds), fc.nat({ max: 200 }), fc.nat({ max: 9 }),
        (ops, id, dt, gapEvery) => {
          const profile = PROFILES[id]!;
          const steps = requests(ops);
          // a pause longer than any TTL every `gapEvery` steps (never when 0)
          const times = steps.map((_, i) => i * dt + (gapEvery ? Math.floor(i / gapEvery) * 2 * profile.ttlSeconds : 0));
          const model = createCacheModel(profile, { tokens: fixedTokens(), rng: seedrandom.alea('r') });
          const reads = steps.map((s, i) => model.price({
            request: s.request, changedFrom: s.changedFrom, now: times[i]!, outputTokens: 0, editKind: 'history',
            ...(s.keys !== s.request ? { keys: s.keys, contentChangedFrom: s.contentChangedFrom ?? 0 } : {}),
          }).cacheReadTokens);
          expect(reads).toEqual(referenceReads(profile, steps, times));
        }),
      { numRuns: RUNS },
    );
  });
});
