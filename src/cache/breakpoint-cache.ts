/**
 * Anthropic's breakpoint cache (shared/reference/pricing.md, tables A and C; DESIGN.md "Prompt-cache model").
 *
 * - Entries are written at the request's breakpoints (`cache_control` marks, at most 4), each keyed by the
 *   key of the whole prefix up to the mark (RequestPath.key: a hash of its content), when that prefix has at least `minCacheableTokens` tokens
 *   (shorter prefixes are silently not cached).
 * - A lookup starts at each breakpoint and walks back over at most `lookbackBlocks` (20) content blocks:
 *   an entry ending at message j is found from a mark at message b when j <= b and the blocks of messages
 *   j+1..b number at most 20. Entries exist only where marks were, so only those positions are probed.
 *   The hit is the longest unexpired entry found from any mark.
 * - read = tokens up to the hit; write = tokens from the hit to the last written breakpoint; the rest,
 *   after the last breakpoint, is uncached input.
 * - A hit refreshes the entry's TTL at no cost (`refreshOnHit`); rewritten and re-marked entries get a
 *   fresh TTL. An entry is valid while `now < expiry` (it has expired at exactly `written + ttl`).
 *
 * Cost per step: at most 4 marks x 21 probes, plus the marks' own scan (see breakpoints.ts).
 */
import type { Message } from '../core/messages.js';
import { breakpointIndices, type BreakpointPreset } from './breakpoints.js';
import type { CacheEngine, EngineStep } from './engine.js';
import { ExpiringMap } from './expiring-map.js';
import type { CacheProfile } from './profiles.js';
import type { RequestPath } from './request-path.js';

export class BreakpointCache implements CacheEngine {
  private readonly entries = new ExpiringMap();
  /** prefix hash of the previous request's last written breakpoint */
  private prevCacheHash: number | undefined;

  constructor(
    private readonly profile: CacheProfile,
    private readonly preset: BreakpointPreset,
    private readonly lookbackBlocks: number,
    private readonly maxBreakpoints: number,
  ) {}

  step(path: RequestPath, request: readonly Message[], _keptFrom: number, now: number): EngineStep {
    const marks = breakpointIndices(this.preset, request);
    if (marks.length > this.maxBreakpoints) {
      throw new Error(`preset "${this.preset}" placed ${marks.length} breakpoints; the limit is ${this.maxBreakpoints}`);
    }
    const prevExpired = this.prevCacheHash !== undefined && !this.valid(this.prevCacheHash, now);
    let hit = -1;
    for (const b of marks) hit = Math.max(hit, this.lookup(path, b, now));
    let lastWritten = -1;
    for (const b of marks) if (path.tokensThrough(b) >= this.profile.minCacheableTokens) lastWritten = b;
    const read = hit >= 0 ? path.tokensThrough(hit) : 0;
    const write = lastWritten > hit ? path.tokensThrough(lastWritten) - read : 0;
    this.commit(path, marks, hit, now);
    this.prevCacheHash = lastWritten >= 0 ? path.key(lastWritten) : undefined;
    return { read, write, cacheable: lastWritten >= 0 ? path.tokensThrough(lastWritten) : 0, prevExpired };
  }

  reset(): void {
    this.entries.clear();
    this.prevCacheHash = undefined;
  }

  private valid(hash: number, now: number): boolean {
    const expiry = this.entries.get(hash);
    return expiry !== undefined && now < expiry;
  }

  /** Index of the last message of the longest valid entry within the lookback of mark `b`, or -1. */
  private lookup(path: RequestPath, b: number, now: number): number {
    const end = path.blocksThrough(b);
    for (let j = b; j >= 0 && end - path.blocksThrough(j) <= this.lookbackBlocks; j--) {
      if (this.valid(path.key(j), now)) return j;
    }
    return -1;
  }

  private commit(path: RequestPath, marks: readonly number[], hit: number, now: number): void {
    const expiry = now + this.profile.ttlSeconds;
    const refresh = this.profile.refreshOnHit;
    if (hit >= 0 && refresh) this.entries.set(path.key(hit), expiry, now);
    for (const b of marks) {
      if (path.tokensThrough(b) < this.profile.minCacheableTokens) continue;
      const h = path.key(b);
      if (!this.valid(h, now) || refresh) this.entries.set(h, expiry, now);
    }
  }
}
