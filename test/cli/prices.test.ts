import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../src/cache/profiles.js';
import { cli } from './helpers.js';

describe('compactbench prices', () => {
  it('--json lists every profile with prices, multipliers, minimum, granularity, TTLs, date and source', () => {
    const r = cli(['prices', '--json']);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as Array<Record<string, any>>;
    expect(list.map((p) => p.id).sort()).toEqual(Object.keys(PROFILES).sort());
    for (const p of list) {
      for (const k of ['prices', 'readMultiplier', 'writeMultiplier', 'minCacheableTokens', 'granularity', 'ttlSeconds', 'date', 'source']) expect(p, `${p.id}.${k}`).toHaveProperty(k);
      expect(p.date).toMatch(/\S/);
      expect(p.source).toMatch(/\S/);
    }
    const byId = Object.fromEntries(list.map((p) => [p.id, p]));
    expect(byId['gemini-2.5-pro'].minCacheableTokens).toBe(2048);
    expect(byId['deepseek-v4-flash'].prices).toMatchObject({ input: 0.14, cacheRead: 0.0028, output: 0.28 });
    expect(byId['claude-sonnet-4.5-1h'].longContext.prices.cacheWrite).toBe(12);
    expect(byId['claude-sonnet-4.6'].minCacheableTokens).toBe(2048);
  });

  it('prints a readable table with the TTLs and dated changes', () => {
    const r = cli(['prices']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^gemini-2\.5-flash \(gemini\)$/m);
    expect(r.stdout).toMatch(/since 2026-07: minimum cacheable tokens 2,048 \(was 1,024/);
    expect(r.stdout).toMatch(/prompt_cache_retention "24h"/);
  });
});
