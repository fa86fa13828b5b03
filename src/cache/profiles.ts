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
}

const TABLE = 'shared/reference/pricing.md table B';
const LITELLM_MIN = 'min tokens: docs.litellm.ai/docs/completion/prompt_caching.md (last_updated 2026-10-07)';
const ANTHROPIC_MECHANICS =
  'mechanics: Anthropic prompt-caching doc (4 breakpoints, 20-block lookback, hit refreshes TTL)';

interface AnthropicRow {
  model: string; date: string; source: string; input: number; output: number;
  write5m: number; write1h: number; read: number; min: number; contextWindow: number;
}

function anthropic(r: AnthropicRow): CacheProfile {
  return {
    id: r.model, provider: 'anthropic', model: r.model, date: r.date,
    source: `${TABLE}: ${r.source}; ${LITELLM_MIN}; ${ANTHROPIC_MECHANICS}`,
    prices: { input: r.input, output: r.output, cacheWrite: r.write5m, cacheRead: r.read },
    readMultiplier: 0.1, writeMultiplier: 1.25, minCacheableTokens: r.min,
    granularity: { kind: 'breakpoints', maxBreakpoints: 4, lookbackBlocks: 20 },
    ttlSeconds: 300, refreshOnHit: true, contextWindow: r.contextWindow, ttl: '5m',
    ttlVariants: {
      '5m': { ttlSeconds: 300, cacheWrite: r.write5m, writeMultiplier: 1.25 },
      '1h': { ttlSeconds: 3600, cacheWrite: r.write1h, writeMultiplier: 2 },
    },
  };
}

interface PrefixRow {
  provider: Provider; model: string; date: string; source: string; notes?: string;
  input: number; output: number; read: number; readMultiplier: number;
  min: number; unit: number; ttlSeconds: number; hitProbability?: number;
  contextWindow: number; maxInputTokens?: number; longContext?: CacheProfile['longContext'];
}

/** Providers with automatic prefix caching and no write fee: a write is billed as normal input. */
function prefix(r: PrefixRow): CacheProfile {
  const p: CacheProfile = {
    id: r.model, provider: r.provider, model: r.model, date: r.date, source: `${TABLE}: ${r.source}`,
    prices: { input: r.input, output: r.output, cacheWrite: r.input, cacheRead: r.read },
    readMultiplier: r.readMultiplier, writeMultiplier: 1, minCacheableTokens: r.min,
    granularity: { kind: 'prefix', unitTokens: r.unit, hitProbability: r.hitProbability ?? 1 },
    ttlSeconds: r.ttlSeconds, refreshOnHit: true, contextWindow: r.contextWindow,
  };
  if (r.notes) p.notes = r.notes;
  if (r.maxInputTokens) p.maxInputTokens = r.maxInputTokens;
  if (r.longContext) p.longContext = r.longContext;
  return p;
}

const OPENAI_TTL_NOTE =
  'TTL: in-memory cache evicted after 5-10 min idle, always within 1 h (Azure/OpenAI guide); modelled as ' +
  '300 s idle (override ttlSeconds). Hits in 128-token steps from 1,024 tokens. Routing misses are not modelled.';

function openai(model: string, date: string, source: string, input: number, output: number, read: number,
  readMultiplier: number, contextWindow: number, maxInputTokens?: number): CacheProfile {
  return prefix({
    provider: 'openai', model, date, source, input, output, read, readMultiplier, min: 1024, unit: 128,
    ttlSeconds: 300, contextWindow, notes: OPENAI_TTL_NOTE, ...(maxInputTokens ? { maxInputTokens } : {}),
  });
}

const GEMINI_SRC = 'Google pricing (ai.google.dev/pricing); Vertex caching doc ("implicit caching provides a 90% ' +
  'discount"); Gemini caching doc (implicit since 2025-05-08, min tokens table; page updated 2026-05-07)';
const GEMINI_NOTE =
  'Implicit caching is best-effort: hitProbability 0.9 is an assumption (Google documents none; traces.md ' +
  'records 88.4% of prompt tokens cached for Gemini 3 Pro via OpenRouter). TTL "minutes, unspecified": ' +
  'modelled as 300 s idle. Explicit caching (storage fees) is not modelled.';

const SONNET_45_SRC = 'Anthropic pricing doc (docs.anthropic.com/en/docs/about-claude/pricing); deploybase Mar 2026';
const DEPLOYBASE = 'deploybase.ai/articles/claude-api-pricing (Mar 2026); multipliers from Anthropic pricing doc';
const OPENAI_4O_SRC = 'chatgptpricing-akr.pages.dev (src: OpenAI pricing page); deploybase Mar 2026';
const OPENAI_41_SRC = 'deploybase Mar 2026 (price, ctx); cached rate from OpenAI pricing page (Apr 2025 launch)';

const LIST: readonly CacheProfile[] = [
  anthropic({ model: 'claude-sonnet-4.5', date: '2026-03', source: SONNET_45_SRC, input: 3, output: 15,
    write5m: 3.75, write1h: 6, read: 0.3, min: 1024, contextWindow: 200_000 }),
  anthropic({ model: 'claude-opus-4.5', date: '2026-03', source: DEPLOYBASE, input: 5, output: 25,
    write5m: 6.25, write1h: 10, read: 0.5, min: 4096, contextWindow: 200_000 }),
  // pricing.md table B gives Opus 4.5 and 4.6 one price row; 4.6 has a 1M window
  anthropic({ model: 'claude-opus-4.6', date: '2026-03', source: DEPLOYBASE, input: 5, output: 25,
    write5m: 6.25, write1h: 10, read: 0.5, min: 4096, contextWindow: 1_000_000 }),
  anthropic({ model: 'claude-haiku-4.5', date: '2026-03', source: DEPLOYBASE, input: 1, output: 5,
    write5m: 1.25, write1h: 2, read: 0.1, min: 4096, contextWindow: 200_000 }),
  openai('gpt-4o', '2026-03', OPENAI_4O_SRC, 2.5, 10, 1.25, 0.5, 128_000),
  openai('gpt-4o-mini', '2026-03', OPENAI_4O_SRC, 0.15, 0.6, 0.075, 0.5, 128_000),
  openai('gpt-4.1', '2026-03', OPENAI_41_SRC, 2, 8, 0.5, 0.25, 1_047_576),
  openai('gpt-4.1-mini', '2026-03', OPENAI_41_SRC, 0.4, 1.6, 0.1, 0.25, 1_047_576),
  openai('gpt-5', '2026-03', 'benchlm.ai (GPT-5/5.1 cached $0.125, from OpenAI pricing); deploybase Mar 2026',
    1.25, 10, 0.125, 0.1, 400_000, 272_000),
  openai('gpt-5-mini', '2026', 'nicolalazzari.ai 2026', 0.25, 2, 0.025, 0.1, 400_000, 272_000),
  // released 2026-02-24; the Codex CLI uses 95% of the 272K input limit (258,400, recorded in rollouts)
  openai('gpt-5.3-codex', '2026-02-24', 'GitHub Docs data/tables/copilot/models-and-pricing.yml (GPT-5.3-Codex: ' +
    'input $1.75, cached $0.175, output $14); Vercel AI Gateway model page (OpenAI: $1.75/$14, read $0.17, 400K, 02/24/2026)',
    1.75, 14, 0.175, 0.1, 400_000, 272_000),
  prefix({ provider: 'gemini', model: 'gemini-2.5-pro', date: '2026-05-07', source: GEMINI_SRC, notes: GEMINI_NOTE,
    input: 1.25, output: 10, read: 0.125, readMultiplier: 0.1, min: 4096, unit: 1, ttlSeconds: 300,
    hitProbability: 0.9, contextWindow: 1_048_576,
    longContext: { aboveTokens: 200_000, prices: { input: 2.5, output: 15, cacheWrite: 2.5, cacheRead: 0.25 },
      source: `${TABLE}: Gemini 2.5 Pro (>200K prompt)` } }),
  prefix({ provider: 'gemini', model: 'gemini-2.5-flash', date: '2026-05-07', source: GEMINI_SRC,
    notes: GEMINI_NOTE, input: 0.3, output: 2.5, read: 0.03, readMultiplier: 0.1, min: 1024, unit: 1,
    ttlSeconds: 300, hitProbability: 0.9, contextWindow: 1_048_576 }),
  prefix({ provider: 'deepseek', model: 'deepseek-v3.2', date: '2025-09-29',
    source: 'DeepSeek pricing page (V3.2-Exp announcement; deepseek-chat from 2025-09-29); context caching guide',
    notes: 'Disk cache in 64-token units, shorter prefixes never cached. TTL "hours to days, best-effort": ' +
      'modelled as 6 h idle (an assumption).',
    input: 0.28, output: 0.42, read: 0.028, readMultiplier: 0.1, min: 64, unit: 64, ttlSeconds: 6 * 3600,
    contextWindow: 128_000 }),
];

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
const ALIASES: Readonly<Record<string, string>> = { 'deepseek-chat': 'deepseek-v3.2' };

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
