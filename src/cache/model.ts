/**
 * The prompt-cache cost model: per request, the token split (cache read, cache write, uncached, output),
 * dollars by token class, and the cause of a cache break (DESIGN.md "Prompt-cache model";
 * shared/reference/pricing.md).
 *
 * A break is a request that reads fewer cached tokens than a pure append would have read, i.e. than the
 * previous request's cacheable prompt. Its cause, in order of precedence:
 * 1. `cold-start`: the first request of this model (after creation or `reset()`), or `model-switch` when
 *    the model was created with `switchedFrom` (the harness starts a new model after a switch);
 * 2. `ttl-expiry`: the previous request's cacheable prefix had expired, so even a pure append would have
 *    missed (an edit made while the cache was cold anyway is not blamed on the policy);
 * 3. `view-change` when the request changed before `changedFrom` with `editKind: 'view'`, else
 *    `compaction` (`editKind: 'history'`, or `'none'` with an unexplained edit or a shortened request);
 * 4. `lookback-miss` (Anthropic, nothing edited): the last entry lay more than 20 blocks behind every mark.
 * A best-effort miss with nothing edited and nothing expired (Gemini implicit, `hitProbability` < 1) is
 * reported with the cause `best-effort-miss`.
 *
 * Incremental: the model keeps the previous request's prefix state (request-path.ts), patched from
 * `changedFrom` on (an edit of the head, the system prompt and task, keeps the body's values); token
 * counts come from `tokens.message` (memoized), hashes are memoized per message object. A step's cost is
 * proportional to the changed and new messages plus a bounded lookback and an identity walk, not to the
 * history length.
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { BreakCause, Usage } from '../core/usage.js';
import { BreakpointCache } from './breakpoint-cache.js';
import type { BreakpointPreset } from './breakpoints.js';
import type { CacheEngine, EngineStep } from './engine.js';
import { messageHash } from './hash.js';
import { PrefixCache } from './prefix-cache.js';
import { priceTokens } from './pricing.js';
import { withTtl, type CacheProfile, type CacheTtl } from './profiles.js';
import { RequestPath } from './request-path.js';

export type { BreakpointPreset } from './breakpoints.js';
export { priceTokens, isPriced, type TokenSplit } from './pricing.js';

export interface CacheRequestInput {
  /** the full request: request[0] is the system message (system prompt + tool definitions) */
  request: readonly Message[];
  /** first index of `request` that differs from the previous request priced by this model (0 on the first) */
  changedFrom: number;
  /** simulated seconds; must not decrease */
  now: number;
  outputTokens: number;
  /** who changed the request before `changedFrom` (when it is below the previous length) */
  editKind: 'none' | 'history' | 'view';
  /**
   * what the cache keys on, position for position, when it is not `request` itself (a server-side edit
   * applied after the cache lookup); token counts still come from `request`
   */
  keys?: readonly Message[];
  /**
   * first index whose content (so token count) changed under unchanged keys, when that is before
   * `changedFrom`: with `keys`, or on the request after a keyed one (its keys' own content comes back)
   */
  contentChangedFrom?: number;
}

export interface CacheModel {
  readonly profile: CacheProfile;
  price(input: CacheRequestInput): Usage;
  /** forget all cache state; the next request is priced like the first one */
  reset(): void;
}

export interface CacheModelOptions {
  /** Anthropic: where the agent puts its cache_control marks. @default 'auto' (Claude Code) */
  breakpoints?: BreakpointPreset;
  tokens: TokenCounter;
  /** required by profiles with hitProbability < 1 (Gemini implicit); drawn once per request */
  rng?: () => number;
  /** Anthropic write tier: '5m' (1.25x) or '1h' (2x); default: the profile's own tier */
  ttl?: CacheTtl;
  /** the model this one replaces: its first request then reports `model-switch` instead of `cold-start` */
  switchedFrom?: string;
  /** checked runs: verify that messages before `changedFrom` really are unchanged (O(history) per step) */
  verify?: boolean;
}

export function createCacheModel(profile: CacheProfile, opts: CacheModelOptions): CacheModel {
  const effective = opts.ttl ? withTtl(profile, opts.ttl) : profile;
  const engine = createEngine(effective, opts);
  const path = new RequestPath();
  let started = false;
  let prevCacheable = 0;
  let lastNow = -Infinity;

  const price = (input: CacheRequestInput): Usage => {
    const { request, now } = input;
    if (!(now >= lastNow)) throw new Error(`simulated time went backwards: now=${now} after ${lastNow}`);
    if (!Number.isInteger(input.changedFrom) || input.changedFrom < 0) {
      throw new Error(`changedFrom must be a non-negative integer, got ${input.changedFrom}`);
    }
    const prevLen = path.length;
    // clamping down is always safe: it only re-hashes messages that did not change
    const k = Math.min(input.changedFrom, prevLen, request.length);
    const keys = input.keys ?? request;
    if (keys.length !== request.length) throw new Error(`keys has ${keys.length} messages, the request ${request.length}`);
    if (opts.verify) verifyKept(path, keys, k);
    // the prefixes from k on leave the request (a prefix cache remembers them), then the path is patched
    engine.dropFrom?.(path, k);
    const tokensOf = (i: number): number => opts.tokens.message(request[i]!);
    // keyed edit: the kept prefix's token counts shrank, and so does what a pure append would have read
    let expected = prevCacheable;
    if (input.contentChangedFrom !== undefined && input.contentChangedFrom < k) {
      const before = path.tokensBefore(k);
      path.retoken(input.contentChangedFrom, k, tokensOf);
      expected -= before - path.tokensBefore(k);
    }
    path.update(k, keys, tokensOf, keys === request);
    const r = engine.step(path, request, k, now);
    const breakCause = started ? causeOf(r, expected, k < prevLen, input.editKind, effective) : firstCause(opts);
    started = true;
    prevCacheable = r.cacheable;
    lastNow = now;
    return usageOf(effective, path.promptTokens, r, input.outputTokens, breakCause);
  };

  const reset = (): void => {
    engine.reset();
    path.truncate(0);
    started = false;
    prevCacheable = 0;
    lastNow = -Infinity;
  };

  return { profile: effective, price, reset };
}

function createEngine(profile: CacheProfile, opts: CacheModelOptions): CacheEngine {
  const g = profile.granularity;
  if (g.kind === 'breakpoints') {
    return new BreakpointCache(profile, opts.breakpoints ?? 'auto', g.lookbackBlocks, g.maxBreakpoints);
  }
  return new PrefixCache(profile, g.unitTokens, g.hitProbability, opts.rng);
}

function firstCause(opts: CacheModelOptions): BreakCause {
  return opts.switchedFrom !== undefined ? 'model-switch' : 'cold-start';
}

function causeOf(r: EngineStep, expected: number, edited: boolean, editKind: CacheRequestInput['editKind'],
  profile: CacheProfile): BreakCause | null {
  if (r.read >= expected) return null;
  if (r.prevExpired) return 'ttl-expiry';
  if (edited) return editKind === 'view' ? 'view-change' : 'compaction';
  return profile.granularity.kind === 'breakpoints' ? 'lookback-miss' : 'best-effort-miss';
}

function usageOf(profile: CacheProfile, promptTokens: number, r: EngineStep, outputTokens: number,
  breakCause: BreakCause | null): Usage {
  const uncached = promptTokens - r.read - r.write;
  return {
    promptTokens,
    cacheReadTokens: r.read,
    cacheWriteTokens: r.write,
    uncachedTokens: uncached,
    outputTokens,
    cost: priceTokens(profile, { uncached, cacheWrite: r.write, cacheRead: r.read, output: outputTokens }),
    breakCause,
  };
}

function verifyKept(path: RequestPath, request: readonly Message[], k: number): void {
  for (let i = 0; i < k; i++) {
    if (messageHash(request[i]!) !== path.msgHash[i]) {
      throw new Error(`changedFrom=${k}, but request[${i}] differs from the previous request`);
    }
  }
}
