/**
 * The profiles hold the numbers of shared/reference/pricing.md table B: each profile is checked against
 * the row it cites, parsed from the reference file itself, and against the documented multipliers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROFILES, getProfile, resolveProfile } from '../../src/cache/profiles.js';

const pricingMd = readFileSync(path.resolve(process.cwd(), '../shared/reference/pricing.md'), 'utf8');

/** The numeric cells of the table-B row whose first cell is `label` (first number of each cell). */
function row(label: string): (number | null)[] {
  const line = pricingMd.split('\n').find((l) => l.startsWith(`| ${label} |`));
  if (!line) throw new Error(`row "${label}" not in pricing.md`);
  return line.split('|').slice(2, 7).map((cell) => {
    const n = /\d+(?:\.\d+)?/.exec(cell.replace(/,/g, ''));
    return n && !cell.includes('—') ? Number(n[0]) : null;
  });
}

// profile id -> table-B row label
const ROWS: Record<string, string> = {
  'claude-sonnet-4.5': 'Claude Sonnet 4 / 4.5 / 4.6',
  'claude-opus-4.5': 'Claude Opus 4.5 / 4.6',
  'claude-opus-4.6': 'Claude Opus 4.5 / 4.6',
  'claude-haiku-4.5': 'Claude Haiku 4.5',
  'gpt-4o': 'OpenAI GPT-4o',
  'gpt-4o-mini': 'OpenAI GPT-4o-mini',
  'gpt-4.1': 'OpenAI GPT-4.1',
  'gpt-4.1-mini': 'OpenAI GPT-4.1-mini',
  'gpt-5': 'OpenAI GPT-5 / GPT-5.1',
  'gpt-5-mini': 'OpenAI GPT-5-mini',
  'gemini-2.5-pro': 'Gemini 2.5 Pro (≤200K prompt)',
  'gemini-2.5-flash': 'Gemini 2.5 Flash',
  'deepseek-v3.2': 'DeepSeek V3.2 (deepseek-chat, from 2025-09-29)',
  'claude-sonnet-4.6': 'Claude Sonnet 4 / 4.5 / 4.6',
};

// profiles whose model has no pricing.md row: prices typed here from the pages their source names
const OUTSIDE_TABLE: Record<string, { input: number; output: number; read: number; source: RegExp }> = {
  'gpt-5.3-codex': { input: 1.75, output: 14, read: 0.175, source: /GitHub Docs .*models-and-pricing\.yml.*Vercel AI Gateway/ },
};

describe('profiles outside pricing.md name their source', () => {
  for (const [id, r] of Object.entries(OUTSIDE_TABLE)) {
    it(id, () => {
      const p = PROFILES[id]!;
      expect([p.prices.input, p.prices.output, p.prices.cacheRead, p.prices.cacheWrite]).toEqual([r.input, r.output, r.read, r.input]);
      expect(p.source).toMatch(r.source);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }
});

describe('profiles match pricing.md table B', () => {
  it('covers the required models, both Anthropic write tiers included', () => {
    const required = [...Object.keys(ROWS), ...Object.keys(OUTSIDE_TABLE), 'deepseek-v4-flash', 'claude-sonnet-4.6-1h', 'claude-sonnet-4.5-1h', 'claude-opus-4.5-1h', 'claude-opus-4.6-1h', 'claude-haiku-4.5-1h'];
    expect(Object.keys(PROFILES).sort()).toEqual(required.sort());
  });

  for (const [id, label] of Object.entries(ROWS)) {
    it(`${id}: prices from the row "${label}"`, () => {
      const [input, output, write5m, write1h, read] = row(label);
      const p = PROFILES[id]!;
      expect(p.prices.input).toBe(input);
      expect(p.prices.output).toBe(output);
      expect(p.prices.cacheRead).toBe(read);
      if (p.provider === 'anthropic') {
        expect(p.prices.cacheWrite).toBe(write5m);
        expect(PROFILES[`${id}-1h`]!.prices.cacheWrite).toBe(write1h);
      } else {
        // no write fee: a write is billed as normal input
        expect(p.prices.cacheWrite).toBe(input);
      }
      expect(p.date).toMatch(/^\d{4}(-\d{2}){0,2}$/);
      expect(p.source).toContain('pricing.md table B');
    });
  }

  it('prices agree with the documented read and write multipliers', () => {
    for (const p of Object.values(PROFILES)) {
      expect(p.prices.cacheRead!).toBeCloseTo(p.prices.input! * p.readMultiplier!, 10);
      expect(p.prices.cacheWrite!).toBeCloseTo(p.prices.input! * p.writeMultiplier!, 10);
    }
    expect(PROFILES['gpt-4o']!.readMultiplier).toBe(0.5);
    expect(PROFILES['gpt-4.1']!.readMultiplier).toBe(0.25);
    expect(PROFILES['gpt-5']!.readMultiplier).toBe(0.1);
    expect(PROFILES['claude-sonnet-4.5']!.writeMultiplier).toBe(1.25);
    expect(PROFILES['claude-sonnet-4.5-1h']!.writeMultiplier).toBe(2);
  });

  it('Gemini 2.5 Pro has the >200K long-context tier from its own row', () => {
    const [input, output, , , read] = row('Gemini 2.5 Pro (>200K prompt)');
    const lc = PROFILES['gemini-2.5-pro']!.longContext!;
    expect(lc.aboveTokens).toBe(200_000);
    expect([lc.prices.input, lc.prices.output, lc.prices.cacheRead]).toEqual([input, output, read]);
  });
});

describe('profile mechanics match pricing.md table A', () => {
  const mech = (id: string) => {
    const p = PROFILES[id]!;
    return [p.minCacheableTokens, p.granularity, p.ttlSeconds, p.refreshOnHit];
  };
  it('Anthropic: 4 breakpoints, 20-block lookback, refresh on hit, 5 min or 1 h; min 1,024 / 4,096', () => {
    const bp = { kind: 'breakpoints', maxBreakpoints: 4, lookbackBlocks: 20 };
    expect(mech('claude-sonnet-4.5')).toEqual([1024, bp, 300, true]);
    expect(mech('claude-sonnet-4.5-1h')).toEqual([1024, bp, 3600, true]);
    expect(mech('claude-opus-4.5')).toEqual([4096, bp, 300, true]);
    expect(mech('claude-haiku-4.5-1h')).toEqual([4096, bp, 3600, true]);
  });
  it('OpenAI: 128-token steps from 1,024; DeepSeek: 64-token units; Gemini: min 2,048 since 2026-07 (was 1,024 Flash / 4,096 Pro)', () => {
    expect(mech('gpt-4.1-mini').slice(0, 2)).toEqual([1024, { kind: 'prefix', unitTokens: 128, hitProbability: 1 }]);
    expect(mech('deepseek-v3.2').slice(0, 2)).toEqual([64, { kind: 'prefix', unitTokens: 64, hitProbability: 1 }]);
    expect(PROFILES['gemini-2.5-flash']!.minCacheableTokens).toBe(2048);
    expect(PROFILES['gemini-2.5-pro']!.minCacheableTokens).toBe(2048);
    expect(PROFILES['gemini-2.5-flash']!.history![0]!.change).toMatch(/was 1,024/);
    expect(PROFILES['gemini-2.5-pro']!.history![0]!.change).toMatch(/was 4,096/);
    expect(PROFILES['claude-sonnet-4.6']!.minCacheableTokens).toBe(2048);
    expect(PROFILES['gemini-2.5-pro']!.granularity).toMatchObject({ kind: 'prefix', hitProbability: 0.9 });
  });
  it('profiles are frozen data', () => {
    expect(Object.isFrozen(PROFILES)).toBe(true);
    expect(Object.isFrozen(PROFILES['gpt-5']!.prices)).toBe(true);
  });
});

describe('getProfile', () => {
  it('accepts API ids, aggregator prefixes, dated snapshots and aliases', () => {
    expect(getProfile('claude-sonnet-4-5')!.id).toBe('claude-sonnet-4.5');
    expect(getProfile('anthropic/claude-sonnet-4-5-20250929')!.id).toBe('claude-sonnet-4.5');
    expect(getProfile('claude-opus-4-5-1h')!.id).toBe('claude-opus-4.5-1h');
    expect(getProfile('openai/GPT-4o')!.id).toBe('gpt-4o');
    expect(getProfile('deepseek-chat')!.id).toBe('deepseek-v4-flash');
  });
  it('returns undefined for unknown ids (including prototype keys)', () => {
    expect(getProfile('gpt-99')).toBeUndefined();
    expect(getProfile('constructor')).toBeUndefined();
  });
  it('resolveProfile gives an unpriced placeholder for an unknown id', () => {
    const p = resolveProfile('mystery-model');
    expect(p.prices).toEqual({ input: null, output: null, cacheWrite: null, cacheRead: null });
    expect(p.id).toBe('mystery-model');
  });
});

describe('issue 11 price facts', () => {
  it('deepseek-chat is V4-Flash: $0.14 miss, $0.0028 hit, $0.28 output, 1M context; V3.2 stays a dated row', () => {
    const v4 = getProfile('deepseek-chat')!;
    expect([v4.prices.input, v4.prices.cacheRead, v4.prices.output, v4.contextWindow]).toEqual([0.14, 0.0028, 0.28, 1_000_000]);
    expect(v4.history!.some((h) => h.date === '2026-08-16' && /off-peak/.test(h.change))).toBe(true);
    expect(PROFILES['deepseek-v3.2']!.date).toBe('2025-09-29');
  });

  it('Anthropic long-context tier above 200k input: 6 / 22.50 / 7.50 (5m) / 12 (1h) / 0.60 for Sonnet 4.5', () => {
    const lc = PROFILES['claude-sonnet-4.5']!.longContext!;
    expect(lc.aboveTokens).toBe(200_000);
    expect(lc.prices).toEqual({ input: 6, output: 22.5, cacheWrite: 7.5, cacheRead: 0.6 });
    expect(PROFILES['claude-sonnet-4.5-1h']!.longContext!.prices.cacheWrite).toBe(12);
    const [input, output, write5m, write1h, read] = row('Claude Sonnet 4/4.5 >200K input (1M beta)');
    expect([input, output, write5m, write1h, read]).toEqual([6, 22.5, 7.5, 12, 0.6]);
  });

  it('OpenAI profiles list the 24h extended retention and the GPT-5.6 write rule; every row keeps date and source', () => {
    expect(PROFILES['gpt-5']!.retention!.join(' ')).toMatch(/prompt_cache_retention "24h".*GPT-5\.5/);
    expect(PROFILES['gpt-5']!.history!.some((h) => /GPT-5\.6/.test(h.change))).toBe(true);
    for (const p of Object.values(PROFILES)) {
      expect(p.date, p.id).toMatch(/\S/);
      expect(p.source, p.id).toMatch(/\S/);
      for (const h of p.history ?? []) expect(h.source, p.id).toMatch(/\S/);
    }
  });
});
