/**
 * Dollars for a token split, from a profile's per-1M-token prices (shared/reference/pricing.md, table C:
 * `cost = read·p_read + write·p_write + uncached·p_in + out·p_out`).
 *
 * A profile is priced only when all four prices are known. A partly known profile is treated as unpriced
 * rather than priced per request, so a session total never mixes priced and unpriced steps.
 */
import type { CostBreakdown } from '../core/usage.js';
import type { CacheProfile, Prices } from './profiles.js';

export interface TokenSplit {
  uncached: number;
  cacheWrite: number;
  cacheRead: number;
  output: number;
}

/** True when every price of the profile (and of its long-context tier) is known. */
export function isPriced(profile: CacheProfile): boolean {
  return complete(profile.prices) && (!profile.longContext || complete(profile.longContext.prices));
}

function complete(p: Prices): boolean {
  return p.input !== null && p.output !== null && p.cacheWrite !== null && p.cacheRead !== null;
}

/** The prices that apply to a request with this many prompt tokens (long-context tier above its threshold). */
export function pricesFor(profile: CacheProfile, promptTokens: number): Prices {
  const lc = profile.longContext;
  return lc && promptTokens > lc.aboveTokens ? lc.prices : profile.prices;
}

/** Cost by token class in USD, or `null` (unpriced) when the profile lacks a price. Never 0 for unknown. */
export function priceTokens(profile: CacheProfile, t: TokenSplit): CostBreakdown | null {
  if (!isPriced(profile)) return null;
  const p = pricesFor(profile, t.uncached + t.cacheWrite + t.cacheRead);
  const perToken = (n: number, price: number | null): number => (n * (price as number)) / 1_000_000;
  const uncached = perToken(t.uncached, p.input);
  const cacheWrite = perToken(t.cacheWrite, p.cacheWrite);
  const cacheRead = perToken(t.cacheRead, p.cacheRead);
  const output = perToken(t.output, p.output);
  return { uncached, cacheWrite, cacheRead, output, total: uncached + cacheWrite + cacheRead + output };
}
