/**
 * `compactbench prices [--json]`: every provider profile with the numbers a report is priced with —
 * prices (USD per 1M tokens), read/write multipliers, minimum cacheable tokens, granularity, TTLs, the
 * long-context tier, dated changes, date and source — so a user can check the numbers behind a report.
 */
import type { Command } from 'commander';
import { PROFILES, type CacheProfile } from '../../cache/profiles.js';

export function priceCatalogue() {
  return Object.values(PROFILES).map((p: CacheProfile) => ({
    id: p.id,
    provider: p.provider,
    model: p.model,
    prices: p.prices,
    readMultiplier: p.readMultiplier,
    writeMultiplier: p.writeMultiplier,
    minCacheableTokens: p.minCacheableTokens,
    granularity: p.granularity,
    ttlSeconds: p.ttlSeconds,
    ...(p.ttl ? { ttl: p.ttl } : {}),
    ttlVariants: p.ttlVariants ?? null,
    retention: p.retention ?? [],
    refreshOnHit: p.refreshOnHit,
    contextWindow: p.contextWindow,
    maxInputTokens: p.maxInputTokens ?? null,
    longContext: p.longContext ?? null,
    history: p.history ?? [],
    date: p.date,
    source: p.source,
    notes: p.notes ?? null,
  }));
}

const money = (n: number | null): string => (n === null ? 'unknown' : `$${n}`);

function granularity(p: CacheProfile): string {
  const g = p.granularity;
  return g.kind === 'breakpoints'
    ? `breakpoints (max ${g.maxBreakpoints}, ${g.lookbackBlocks}-block lookback)`
    : `prefix in ${g.unitTokens}-token units${g.hitProbability < 1 ? `, hit probability ${g.hitProbability}` : ''}`;
}

function describeProfile(p: CacheProfile): string {
  const lines = [
    `${p.id} (${p.provider})`,
    `  prices per 1M: input ${money(p.prices.input)}, output ${money(p.prices.output)}, cache write ${money(p.prices.cacheWrite)}, cache read ${money(p.prices.cacheRead)}`,
    `  multipliers: read ${p.readMultiplier ?? 'unknown'}x, write ${p.writeMultiplier ?? 'unknown'}x; minimum cacheable ${p.minCacheableTokens} tokens; ${granularity(p)}`,
    `  TTL: ${p.ttlSeconds} s${p.refreshOnHit ? ', refreshed on hit' : ''}${p.retention?.length ? `; offered: ${p.retention.join('; ')}` : ''}`,
    `  context window ${p.contextWindow}${p.maxInputTokens ? ` (input ≤ ${p.maxInputTokens})` : ''}`,
  ];
  if (p.longContext) {
    const lc = p.longContext.prices;
    lines.push(`  above ${p.longContext.aboveTokens} prompt tokens: input ${money(lc.input)}, output ${money(lc.output)}, write ${money(lc.cacheWrite)}, read ${money(lc.cacheRead)} (${p.longContext.source})`);
  }
  for (const h of p.history ?? []) lines.push(`  since ${h.date}: ${h.change} (${h.source})`);
  lines.push(`  date ${p.date}; source: ${p.source}`);
  if (p.notes) lines.push(`  notes: ${p.notes}`);
  return `${lines.join('\n')}\n`;
}

export function register(program: Command): void {
  program
    .command('prices')
    .description('list every provider profile: prices, multipliers, minimum cacheable tokens, granularity, TTLs, date and source')
    .option('--json', 'print a JSON array of profiles')
    .action((opts: { json?: boolean }) => {
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(priceCatalogue(), null, 2)}\n`);
        return;
      }
      for (const p of Object.values(PROFILES)) process.stdout.write(describeProfile(p));
    });
}
