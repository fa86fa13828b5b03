/**
 * The rows of the provider profile table (shared/reference/pricing.md table A = mechanics, table B = prices,
 * USD per 1M tokens, plus the newer facts of issue 11). Every row keeps its date and source; a value that
 * changed keeps its older value as a dated `history` entry (or, for a model replaced under the same alias,
 * as a row of its own).
 */
import type { CacheProfile, Provider } from './profiles.js';

const TABLE = 'shared/reference/pricing.md table B';
const LITELLM_MIN = 'min tokens: docs.litellm.ai/docs/completion/prompt_caching.md (last_updated 2026-10-07)';
const ANTHROPIC_MECHANICS =
  'mechanics: Anthropic prompt-caching doc (4 breakpoints, 20-block lookback, hit refreshes TTL)';

interface AnthropicRow {
  model: string; date: string; source: string; input: number; output: number;
  write5m: number; write1h: number; read: number; min: number; contextWindow: number;
  /** the price tier for prompts above 200k input tokens (1M-context beta), with both write tiers */
  longContext?: { input: number; output: number; write5m: number; write1h: number; read: number; source: string };
  notes?: string;
}

const ANTHROPIC_RETENTION = ['5m (default; 1.25x write)', '1h (cache_control ttl "1h"; 2x write)'];

function anthropic(r: AnthropicRow): CacheProfile {
  const lc = r.longContext;
  return {
    ...(r.notes ? { notes: r.notes } : {}),
    retention: ANTHROPIC_RETENTION,
    ...(lc ? { longContext: { aboveTokens: 200_000, source: lc.source,
      prices: { input: lc.input, output: lc.output, cacheWrite: lc.write5m, cacheRead: lc.read } } } : {}),
    id: r.model, provider: 'anthropic', model: r.model, date: r.date,
    source: `${TABLE}: ${r.source}; ${LITELLM_MIN}; ${ANTHROPIC_MECHANICS}`,
    prices: { input: r.input, output: r.output, cacheWrite: r.write5m, cacheRead: r.read },
    readMultiplier: 0.1, writeMultiplier: 1.25, minCacheableTokens: r.min,
    granularity: { kind: 'breakpoints', maxBreakpoints: 4, lookbackBlocks: 20 },
    ttlSeconds: 300, refreshOnHit: true, contextWindow: r.contextWindow, ttl: '5m',
    ttlVariants: {
      '5m': { ttlSeconds: 300, cacheWrite: r.write5m, writeMultiplier: 1.25, ...(lc ? { longContextWrite: lc.write5m } : {}) },
      '1h': { ttlSeconds: 3600, cacheWrite: r.write1h, writeMultiplier: 2, ...(lc ? { longContextWrite: lc.write1h } : {}) },
    },
  };
}

interface PrefixRow {
  provider: Provider; model: string; date: string; source: string; notes?: string;
  input: number; output: number; read: number; readMultiplier: number;
  min: number; unit: number; ttlSeconds: number; hitProbability?: number;
  contextWindow: number; maxInputTokens?: number; longContext?: CacheProfile['longContext'];
  retention?: readonly string[]; history?: CacheProfile['history'];
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
  if (r.retention) p.retention = r.retention;
  if (r.history) p.history = r.history;
  return p;
}

/** OpenAI's cache lifetimes (issue 11; Azure/OpenAI prompt-caching guides via pricing.md table A). */
const OPENAI_RETENTION = [
  'in-memory (default): evicted after 5-10 min idle, always within 1 h',
  'extended: prompt_cache_retention "24h" on newer models, same price; the only option from GPT-5.5',
];
const OPENAI_HISTORY = [{ date: 'GPT-5.6', change: 'cache writes are billed from GPT-5.6 (no model of that generation is in this table)', source: 'issue 11 (OpenAI pricing)' }];

const OPENAI_TTL_NOTE =
  'TTL: in-memory cache evicted after 5-10 min idle, always within 1 h (Azure/OpenAI guide); modelled as ' +
  '300 s idle (override ttlSeconds). Hits in 128-token steps from 1,024 tokens. Routing misses are not modelled.';

function openai(model: string, date: string, source: string, input: number, output: number, read: number,
  readMultiplier: number, contextWindow: number, maxInputTokens?: number): CacheProfile {
  return prefix({
    provider: 'openai', model, date, source, input, output, read, readMultiplier, min: 1024, unit: 128,
    ttlSeconds: 300, contextWindow, notes: OPENAI_TTL_NOTE, retention: OPENAI_RETENTION, history: OPENAI_HISTORY,
    ...(maxInputTokens ? { maxInputTokens } : {}),
  });
}

const GEMINI_SRC = 'Google pricing (ai.google.dev/pricing); Vertex caching doc ("implicit caching provides a 90% ' +
  'discount"); Gemini caching doc (implicit since 2025-05-08; min tokens table 2,048 for 2.5 Flash and Pro since 2026-07)';
const GEMINI_RETENTION = ['implicit: minutes, unspecified (modelled as 300 s idle)', 'explicit cachedContents: user TTL, default 1 h, storage billed (not modelled)'];
const geminiMinBefore = (min: number) => [{ date: '2026-07', change: `minimum cacheable tokens 2,048 (was ${min.toLocaleString('en-US')} in the caching doc of 2026-05-07)`, source: 'Gemini caching doc (ai.google.dev/gemini-api/docs/caching); issue 11' }];
const GEMINI_NOTE =
  'Implicit caching is best-effort: hitProbability 0.9 is an assumption (Google documents none; traces.md ' +
  'records 88.4% of prompt tokens cached for Gemini 3 Pro via OpenRouter). TTL "minutes, unspecified": ' +
  'modelled as 300 s idle. Explicit caching (storage fees) is not modelled.';

const DEEPSEEK_RETENTION = ['disk cache: best-effort, hours to days (modelled as 6 h idle)'];

const SONNET_45_SRC = 'Anthropic pricing doc (docs.anthropic.com/en/docs/about-claude/pricing); deploybase Mar 2026';
const DEPLOYBASE = 'deploybase.ai/articles/claude-api-pricing (Mar 2026); multipliers from Anthropic pricing doc';
const OPENAI_4O_SRC = 'chatgptpricing-akr.pages.dev (src: OpenAI pricing page); deploybase Mar 2026';
const OPENAI_41_SRC = 'deploybase Mar 2026 (price, ctx); cached rate from OpenAI pricing page (Apr 2025 launch)';

export const PROFILE_ROWS: readonly CacheProfile[] = [
  anthropic({ model: 'claude-sonnet-4.5', date: '2026-03', source: SONNET_45_SRC, input: 3, output: 15,
    write5m: 3.75, write1h: 6, read: 0.3, min: 1024, contextWindow: 200_000,
    longContext: { input: 6, output: 22.5, write5m: 7.5, write1h: 12, read: 0.6,
      source: `${TABLE}: Claude Sonnet 4/4.5 >200K input (1M beta); Anthropic pricing doc (long-context table)` },
    notes: 'The >200k-input tier applies only with the 1M-context beta (a scenario contextWindow above 200k).' }),
  // pricing.md table B gives Sonnet 4/4.5/4.6 one row; 4.6: 1M context GA, minimum 2,048 (issue 11), and the
  // long-context surcharge reportedly dropped (deploybase), so no >200k tier
  anthropic({ model: 'claude-sonnet-4.6', date: '2026-03', source: `${SONNET_45_SRC}; minimum 2,048: issue 11 (Anthropic prompt-caching doc)`,
    input: 3, output: 15, write5m: 3.75, write1h: 6, read: 0.3, min: 2048, contextWindow: 1_000_000,
    notes: 'No >200k-input surcharge: pricing.md says 4.6 reportedly dropped it (deploybase); unverified.' }),
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
    input: 1.25, output: 10, read: 0.125, readMultiplier: 0.1, min: 2048, unit: 1, ttlSeconds: 300,
    hitProbability: 0.9, contextWindow: 1_048_576, retention: GEMINI_RETENTION, history: geminiMinBefore(4096),
    longContext: { aboveTokens: 200_000, prices: { input: 2.5, output: 15, cacheWrite: 2.5, cacheRead: 0.25 },
      source: `${TABLE}: Gemini 2.5 Pro (>200K prompt)` } }),
  prefix({ provider: 'gemini', model: 'gemini-2.5-flash', date: '2026-05-07', source: GEMINI_SRC,
    notes: GEMINI_NOTE, input: 0.3, output: 2.5, read: 0.03, readMultiplier: 0.1, min: 2048, unit: 1,
    ttlSeconds: 300, hitProbability: 0.9, contextWindow: 1_048_576, retention: GEMINI_RETENTION, history: geminiMinBefore(1024) }),
  prefix({ provider: 'deepseek', model: 'deepseek-v3.2', date: '2025-09-29',
    source: 'DeepSeek pricing page (V3.2-Exp announcement; deepseek-chat from 2025-09-29); context caching guide',
    notes: 'Disk cache in 64-token units, shorter prefixes never cached. TTL "hours to days, best-effort": ' +
      'modelled as 6 h idle (an assumption).',
    input: 0.28, output: 0.42, read: 0.028, readMultiplier: 0.1, min: 64, unit: 64, ttlSeconds: 6 * 3600,
    contextWindow: 128_000, retention: DEEPSEEK_RETENTION,
    history: [{ date: '2026', change: 'deepseek-chat now names V4-Flash (profile deepseek-v4-flash); this row is V3.2 as priced from 2025-09-29', source: 'issue 11 (DeepSeek pricing page)' }] }),
  prefix({ provider: 'deepseek', model: 'deepseek-v4-flash', date: '2026-11',
    source: 'issue 11 (DeepSeek pricing page: deepseek-chat = V4-Flash, $0.14 miss, $0.0028 hit, $0.28 output, 1M context); '
      + 'pricing.md table B V4-flash row (0.139-0.15 / 0.003-0.028 / 0.278-0.60, May-Oct 2026)',
    notes: 'Disk cache in 64-token units, shorter prefixes never cached. TTL "hours to days, best-effort": modelled as 6 h ' +
      'idle (an assumption). Off-peak discounts from 2026-08-16 depend on the time of day and are not modelled.',
    input: 0.14, output: 0.28, read: 0.0028, readMultiplier: 0.02, min: 64, unit: 64, ttlSeconds: 6 * 3600,
    contextWindow: 1_000_000, retention: DEEPSEEK_RETENTION,
    history: [{ date: '2026-08-16', change: 'off-peak pricing (UTC night hours) in addition to these standard rates; not modelled', source: 'issue 11 (DeepSeek pricing page)' }] }),
];

