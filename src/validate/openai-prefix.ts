/**
 * OpenAI's automatic prompt cache as an expected value, for validating recorded sessions.
 *
 * What OpenAI documents (shared/reference/pricing.md table A): a request reads the longest prefix it
 * shares with an earlier request, in 128-token steps from 1,024 tokens; entries are evicted after
 * 5–10 minutes idle, always within one hour; routing by a hash of the prompt's start makes hits
 * best-effort (a request that lands on another machine misses). In recorded Codex sessions this shows as:
 * - the prefix shared by every session of the same client (its instructions) is always warm;
 * - a session's own prefix survives pauses well past 10 minutes, and never past the one-hour bound;
 * - now and then a request reads an older, shorter prefix, or only the shared one.
 * The last is not predictable per request, so the model prices it as an expected value: with
 * probability `hitProbability` the request reads its longest live prefix, otherwise only the shared one.
 */
import type { Message } from '../core/messages.js';

export interface OpenAiPrefixOptions {
  /** hits are whole multiples of this many tokens @default 128 */
  unitTokens?: number;
  /** a shorter prefix is never cached @default 1024 */
  minTokens?: number;
  /** an entry idle this long is gone (OpenAI: "always within 1 hour") @default 3600 */
  maxIdleSeconds?: number;
  /** probability that a request finds its own live prefix (best-effort routing) @default 1 */
  hitProbability?: number;
  /** tokens of the prefix every session of the client shares (always warm) @default 0 */
  sharedTokens?: number;
}

interface Entry {
  keys: readonly string[];
  /** cumulative tokens through each message */
  through: readonly number[];
  lastUse: number;
}

export interface PrefixRead {
  /** expected read (rounded to whole tokens) */
  read: number;
  /** the longest live prefix the request shares with an earlier one, floored to the unit */
  full: number;
  /** the always-warm shared prefix, floored to the unit */
  shared: number;
  /** seconds since the best matching entry was last used (Infinity when none matched) */
  idle: number;
}

export class OpenAiPrefixCache {
  private readonly entries: Entry[] = [];
  private readonly unit: number;
  private readonly min: number;
  private readonly maxIdle: number;
  private readonly p: number;
  private readonly shared: number;

  constructor(opts: OpenAiPrefixOptions = {}) {
    this.unit = opts.unitTokens ?? 128;
    this.min = opts.minTokens ?? 1024;
    this.maxIdle = opts.maxIdleSeconds ?? 3600;
    this.p = opts.hitProbability ?? 1;
    this.shared = opts.sharedTokens ?? 0;
  }

  private floor(tokens: number): number {
    return tokens < this.min ? 0 : Math.floor(tokens / this.unit) * this.unit;
  }

  /** Prices a request sent at `now` (message keys identify content; sizes in tokens) and stores it. */
  send(keys: readonly string[], sizes: readonly number[], now: number): PrefixRead {
    const through: number[] = [];
    let sum = 0;
    for (const s of sizes) through.push((sum += s));
    let best = 0;
    let bestEntry: Entry | undefined;
    for (const e of this.entries) {
      if (now - e.lastUse > this.maxIdle) continue;
      let n = 0;
      const max = Math.min(e.keys.length, keys.length);
      while (n < max && e.keys[n] === keys[n]) n++;
      // a request never reads its own last message: at least one token must be computed
      const tokens = n === 0 ? 0 : n === keys.length ? through[n - 2] ?? 0 : through[n - 1]!;
      if (tokens > best) [best, bestEntry] = [tokens, e];
    }
    const idle = bestEntry ? now - bestEntry.lastUse : Infinity;
    if (bestEntry) bestEntry.lastUse = now;
    const shared = this.floor(Math.min(this.shared, sum));
    const full = Math.max(this.floor(best), shared);
    this.entries.push({ keys, through, lastUse: now });
    return { read: Math.round(this.p * full + (1 - this.p) * shared), full, shared, idle };
  }
}
