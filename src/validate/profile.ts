/**
 * Which cache mechanics to validate a recorded session against.
 *
 * Validation compares token counts, not dollars, so a model missing from the price table still gets
 * its provider's mechanics: a newer Claude model (e.g. claude-opus-4-6) uses the 4.5 profile of its
 * family, a Gemini model the Gemini implicit-cache profile; prices are then reported as unpriced.
 * The Anthropic write tier is read from the recorded usage (`cache_creation.ephemeral_1h_input_tokens`):
 * Claude Code writes 1-hour entries for some accounts, and the TTL decides which gaps expire the cache.
 */
import { getProfile, unpricedProfile, withTtl, type CacheProfile, type CacheTtl } from '../cache/profiles.js';
import type { RecordedCall } from '../workload/import/types.js';

const FAMILY: readonly [RegExp, string][] = [
  [/claude.*opus/i, 'claude-opus-4.5'],
  [/claude.*sonnet/i, 'claude-sonnet-4.5'],
  [/claude.*haiku/i, 'claude-haiku-4.5'],
  [/claude/i, 'claude-sonnet-4.5'],
  [/gemini.*flash/i, 'gemini-2.5-flash'],
  [/gemini/i, 'gemini-2.5-pro'],
  [/deepseek/i, 'deepseek-v3.2'],
  [/gpt-4o-mini/i, 'gpt-4o-mini'],
  [/gpt-4o/i, 'gpt-4o'],
  [/gpt/i, 'gpt-4.1'],
];

/** The profile for a recorded model: the table's, or its family's mechanics (unpriced), or a generic prefix cache. */
export function profileForModel(model: string | undefined): CacheProfile {
  const id = model ?? 'unknown';
  const exact = getProfile(id);
  if (exact) return exact;
  const family = FAMILY.find(([re]) => re.test(id));
  const mechanics = family ? getProfile(family[1]) : undefined;
  return unpricedProfile(id, mechanics);
}

/** The Anthropic write tier the recorded calls used, if they say. */
export function recordedTtl(calls: readonly RecordedCall[]): CacheTtl | undefined {
  let oneHour = 0;
  let fiveMin = 0;
  for (const c of calls) {
    const raw = c.raw as { cache_creation?: { ephemeral_1h_input_tokens?: unknown; ephemeral_5m_input_tokens?: unknown } } | undefined;
    const cc = raw?.cache_creation;
    if (typeof cc?.ephemeral_1h_input_tokens === 'number') oneHour += cc.ephemeral_1h_input_tokens;
    if (typeof cc?.ephemeral_5m_input_tokens === 'number') fiveMin += cc.ephemeral_5m_input_tokens;
  }
  if (oneHour === 0 && fiveMin === 0) return undefined;
  return oneHour >= fiveMin ? '1h' : '5m';
}

/** The profile with the given write tier (Anthropic only; others are returned unchanged). */
export function applyTtl(profile: CacheProfile, ttl: CacheTtl | undefined): CacheProfile {
  return ttl && profile.ttlVariants ? withTtl(profile, ttl) : profile;
}

/** Cache mechanics to try instead of the profile's (validation experiments; token counts only). */
export interface MechanicsOverride {
  /** prefix caches: hits are whole multiples of this many tokens */
  unitTokens?: number;
  /** prefix caches: probability that a request finds its cached prefix at all */
  hitProbability?: number;
  minCacheableTokens?: number;
  ttlSeconds?: number;
}

/** A mechanics override that does not fit the file's cache (bad input for that file, not a crash). */
export class MechanicsError extends Error {
  override name = 'InputError';
}

export function overrideMechanics(profile: CacheProfile, o: MechanicsOverride | undefined): CacheProfile {
  if (!o || Object.values(o).every((v) => v === undefined)) return profile;
  const p: CacheProfile = { ...profile };
  if (o.minCacheableTokens !== undefined) p.minCacheableTokens = o.minCacheableTokens;
  if (o.ttlSeconds !== undefined) p.ttlSeconds = o.ttlSeconds;
  const g = profile.granularity;
  if (g.kind === 'prefix') {
    p.granularity = { kind: 'prefix', unitTokens: o.unitTokens ?? g.unitTokens, hitProbability: o.hitProbability ?? g.hitProbability };
  } else if (o.unitTokens !== undefined || o.hitProbability !== undefined) {
    throw new MechanicsError(`--unit-tokens and --hit-probability apply to prefix caches; ${profile.id} uses breakpoints`);
  }
  return p;
}
