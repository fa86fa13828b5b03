/**
 * Provider prompt-cache profiles: prices and cache mechanics as dated data.
 *
 * Source of every number: `shared/reference/pricing.md` (table A = mechanics, table B = prices, USD per
 * 1M tokens). Each profile carries the date and source of its row so a report can say how old its prices
 * are. Values the provider does not document are marked as assumptions in `notes` (Gemini's implicit hit
 * probability and TTL, DeepSeek's TTL, OpenAI's idle TTL). A price that is not known is `null`, and a
 * profile with any `null` price is unpriced: its costs are reported as `null`, never as 0.
 *
 * Anthropic profiles come in two write tiers, 5 minutes (1.25x input) and 1 hour (2x input); the 1-hour
 * variant has the id suffix `-1h` and is derived from the same row by `withTtl`.
 */

export type Provider = 'anthropic' | 'openai' | 'gemini' | 'deepseek' | 'unknown';
export type CacheTtl = '5m' | '1h';

/** USD per 1M tokens; `null` = unknown (unpriced). */
export interface Prices {
  input: number | null;
  output: number | null;
  /** price of a cache write; providers without a write fee bill writes as normal input */
  cacheWrite: number | null;
  cacheRead: number | null;
}

/**
 * How a provider decides what a request reads from the cache.
 * - `breakpoints` (Anthropic): entries are written at the request's `cache_control` marks; a lookup walks
 *   back at most `lookbackBlocks` content blocks from each mark.
 * - `prefix` (OpenAI, DeepSeek, Gemini implicit): the hit is the longest previously sent prefix, floored to
 *   `unitTokens`; `hitProbability` < 1 models best-effort caches (Gemini implicit).
 */
export type Granularity =
  | { kind: 'breakpoints'; maxBreakpoints: number; lookbackBlocks: number }
  | { kind: 'prefix'; unitTokens: number; hitProbability: number };

export interface TtlVariant {
  ttlSeconds: number;
  cacheWrite: number | null;
  writeMultiplier: number;
  /** the write price of this tier in the long-context price tier, when the profile has one */
  longContextWrite?: number | null;
}

/** A documented change of a profile's numbers, kept with its date so older reports can be explained. */
export interface ProfileChange {
  /** from when the new value applies (YYYY-MM or YYYY-MM-DD) */
  date: string;
  change: string;
  source: string;
}

export interface CacheProfile {
  /** lookup key, e.g. `claude-sonnet-4.5`, `claude-sonnet-4.5-1h`, `gpt-4.1`, `deepseek-v3.2` */
  id: string;
  provider: Provider;
  /** the model this profile prices (without the TTL suffix) */
  model: string;
  /** date of the price snapshot the numbers come from */
  date: string;
  /** where the numbers come from (pricing.md table B row source) */
  source: string;
  notes?: string;
  prices: Prices;
  /** cacheRead / input as documented (0.1, 0.25, 0.5); null when unknown */
  readMultiplier: number | null;
  /** cacheWrite / input as documented (Anthropic 1.25 or 2; others 1 = no fee) */
  writeMultiplier: number | null;
  /** a prefix shorter than this is never cached */
  minCacheableTokens: number;
  granularity: Granularity;
  /** seconds an entry lives without use */
  ttlSeconds: number;
  /** whether a hit extends the entry's life (Anthropic: yes, free; prefix caches: idle eviction) */
  refreshOnHit: boolean;
  contextWindow: number;
  /** input limit when it is below the context window (GPT-5: 272K in + 128K out) */
  maxInputTokens?: number;
  /** Anthropic: the write tier this profile uses */
  ttl?: CacheTtl;
  /** Anthropic: both write tiers, so `withTtl` can switch between them */
  ttlVariants?: Readonly<Record<CacheTtl, TtlVariant>>;
  /** a higher price tier that applies to the whole request when its prompt exceeds `aboveTokens` */
  longContext?: { aboveTokens: number; prices: Prices; source: string };
  /** cache lifetimes the provider offers, as documented (the simulation uses `ttlSeconds`) */
  retention?: readonly string[];
  /** dated changes of the numbers above (older values, newer rules not modelled) */
  history?: readonly ProfileChange[];
}

import { PROFILE_ROWS as LIST } from './profile-rows.js';

/** The profile for the other Anthropic write tier (5-minute 1.25x or 1-hour 2x). */
export function withTtl(profile: CacheProfile, ttl: CacheTtl): CacheProfile {
  const v = profile.ttlVariants?.[ttl];
  if (!v) throw new Error(`profile "${profile.id}" has no cache TTL variants; the ttl option applies to anthropic profiles`);
  return {
    ...profile,
    id: ttl === '1h' ? `${profile.model}-1h` : profile.model,
    ttl,
    ttlSeconds: v.ttlSeconds,
    writeMultiplier: v.writeMultiplier,
    prices: { ...profile.prices, cacheWrite: v.cacheWrite },
    ...(profile.longContext && v.longContextWrite !== undefined
      ? { longContext: { ...profile.longContext, prices: { ...profile.longContext.prices, cacheWrite: v.longContextWrite } } }
      : {}),
  };
}

function buildTable(): Record<string, CacheProfile> {
  const table: Record<string, CacheProfile> = Object.create(null);
  for (const p of LIST) {
    table[p.id] = p;
    if (p.ttlVariants) {
      const oneHour = withTtl(p, '1h');
      table[oneHour.id] = oneHour;
    }
  }
  for (const p of Object.values(table)) deepFreeze(p);
  return Object.freeze(table);
}

function deepFreeze(o: object): void {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  Object.freeze(o);
}

export const PROFILES: Readonly<Record<string, CacheProfile>> = buildTable();

/** Other names the same models go by (API ids, the provider's public alias). */
const ALIASES: Readonly<Record<string, string>> = { 'deepseek-chat': 'deepseek-v4-flash' };

/**
 * Normalizes a model name: case-insensitive, an aggregator prefix (`anthropic/…`) and an Anthropic date
 * suffix (`-20250929`) are dropped, and Anthropic's dashed versions (`claude-sonnet-4-5`) are accepted.
 */
function normalizeId(id: string): string {
  let s = id.trim().toLowerCase();
  s = s.slice(s.lastIndexOf('/') + 1);
  s = s.replace(/-\d{8}(?=$|-1h$)/, '');
  s = s.replace(/^(claude-(?:sonnet|opus|haiku)-\d)-(\d)(?=$|-)/, '$1.$2');
  return ALIASES[s] ?? s;
}

export function getProfile(id: string): CacheProfile | undefined {
  const key = normalizeId(id);
  return Object.hasOwn(PROFILES, key) ? PROFILES[key] : undefined;
}

/**
 * A profile for a model with unknown prices: every price is `null`, so costs are reported as unpriced.
 * Cache mechanics are copied from `mechanics` when given, else a generic automatic prefix cache
 * (1,024-token minimum, 1-token units, 5-minute idle TTL), so token splits stay meaningful.
 */
export function unpricedProfile(id: string, mechanics?: CacheProfile): CacheProfile {
  const nullPrices: Prices = { input: null, output: null, cacheWrite: null, cacheRead: null };
  const base: CacheProfile = mechanics
    ? { ...mechanics }
    : {
      id, provider: 'unknown', model: id, date: 'n/a', source: 'none: model not in the price table',
      prices: nullPrices, readMultiplier: null, writeMultiplier: null, minCacheableTokens: 1024,
      granularity: { kind: 'prefix', unitTokens: 1, hitProbability: 1 }, ttlSeconds: 300, refreshOnHit: true,
      contextWindow: 128_000,
    };
  const { longContext: _drop, ...rest } = base;
  const ttlVariants = base.ttlVariants && {
    '5m': { ...base.ttlVariants['5m'], cacheWrite: null },
    '1h': { ...base.ttlVariants['1h'], cacheWrite: null },
  };
  return {
    ...rest, id, model: id, date: 'n/a', source: 'none: prices unknown (unpriced)', prices: nullPrices,
    readMultiplier: null, writeMultiplier: null, ...(ttlVariants ? { ttlVariants } : {}),
  };
}

/** The table profile for a model id, or an unpriced placeholder when the id is unknown. */
export function resolveProfile(id: string): CacheProfile {
  return getProfile(id) ?? unpricedProfile(id);
}
