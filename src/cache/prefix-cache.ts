/**
 * Automatic prefix caches: OpenAI, DeepSeek, Gemini implicit (shared/reference/pricing.md, tables A and C).
 *
 * Every request implicitly caches its whole prompt for free; the next request reads the longest prefix it
 * shares with any request sent within the idle TTL, at message granularity, floored to the provider's unit
 * (OpenAI 128 tokens, DeepSeek 64) and 0 below the minimum (OpenAI 1,024, DeepSeek 64, Gemini 1,024/4,096).
 * Approximation: a partly matching message contributes none of its tokens (the real hit may extend into
 * it, up to the first differing token).
 * Gemini implicit caching is best-effort: each request draws once from the injected rng and reads nothing
 * when the draw is >= `hitProbability` (deterministic for a given rng).
 *
 * Incremental bookkeeping: every prefix in the current request was last used by the previous request, so
 * its expiry is one number (`lastTime + ttl`). A prefix that leaves the request (cut at `changedFrom`) is
 * remembered in a map with that expiry, so a later request that restores it (an older, longer view) still
 * hits. A step walks only the new messages; dropped prefixes cost O(1) each, once, except after a head
 * edit, where the whole body is remembered as one record (dropped-bodies.ts).
 */
import type { Message } from '../core/messages.js';
import type { CacheEngine, EngineStep } from './engine.js';
import { ExpiringMap } from './expiring-map.js';
import { DroppedBodies } from './dropped-bodies.js';
import type { CacheProfile } from './profiles.js';
import { HEAD, type RequestPath } from './request-path.js';

export class PrefixCache implements CacheEngine {
  private readonly offPath = new ExpiringMap();
  private readonly dropped = new DroppedBodies();
  private lastTime: number | undefined;

  constructor(
    private readonly profile: CacheProfile,
    private readonly unitTokens: number,
    private readonly hitProbability: number,
    private readonly rng: (() => number) | undefined,
  ) {
    if (hitProbability < 1 && !rng) {
      throw new Error(`profile "${profile.id}" has hitProbability ${hitProbability} < 1: pass opts.rng`);
    }
    if (!profile.refreshOnHit) {
      throw new Error(`profile "${profile.id}": prefix caches are modelled with idle TTLs (refreshOnHit must be true)`);
    }
  }

  dropFrom(path: RequestPath, k: number): void {
    const last = this.lastTime;
    if (last === undefined) return;
    const expiry = last + this.profile.ttlSeconds;
    let end = path.length;
    const tip = path.bodyTip;
    if (k < HEAD && tip) {
      // the head may change: the body's prefixes go as one record, found again only under this head
      this.dropped.add(path.headHash, tip, end, expiry, last);
      end = HEAD;
    }
    for (let i = end - 1; i >= k; i--) this.offPath.set(path.key(i), expiry, last);
  }

  step(path: RequestPath, _request: readonly Message[], keptFrom: number, now: number): EngineStep {
    const alive = this.lastTime !== undefined && now < this.lastTime + this.profile.ttlSeconds;
    const prevExpired = this.lastTime !== undefined && !alive;
    let hitMsgs = 0;
    if (alive) {
      hitMsgs = keptFrom;
      while (hitMsgs < path.length && this.cached(path, hitMsgs, now)) hitMsgs++;
    }
    let read = this.quantize(path.tokensBefore(hitMsgs));
    // draw on every request, hit or not, so the rng stream does not depend on the cache state
    if (this.hitProbability < 1 && this.rng!() >= this.hitProbability) read = 0;
    this.lastTime = now;
    return { read, write: 0, cacheable: this.quantize(path.promptTokens), prevExpired };
  }

  reset(): void {
    this.offPath.clear();
    this.dropped.clear();
    this.lastTime = undefined;
  }

  /** Whether the prefix that ends with message i was in a request that left it, within the TTL. */
  private cached(path: RequestPath, i: number, now: number): boolean {
    const expiry = this.offPath.get(path.key(i));
    if (expiry !== undefined && now < expiry) return true;
    return i >= HEAD && this.dropped.has(path.headHash, i, path.bodyChain(i), now);
  }

  /** Floors to the provider's unit; a prefix below the minimum is not cached at all. */
  private quantize(tokens: number): number {
    const q = Math.floor(tokens / this.unitTokens) * this.unitTokens;
    return q < this.profile.minCacheableTokens ? 0 : q;
  }
}
