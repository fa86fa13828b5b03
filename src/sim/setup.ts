/**
 * Everything one session run needs, resolved: the workload, the policy factory, the injected
 * summarizer and random numbers, and the cache model per main model.
 */
import seedrandom from 'seedrandom';
import type { TokenCounter } from '../core/tokens.js';
import { createCacheModel, type BreakpointPreset, type CacheModel } from '../cache/model.js';
import { getProfile, resolveProfile, unpricedProfile, withTtl, type CacheProfile, type CacheTtl } from '../cache/profiles.js';
import { providerCounter, tokenScaleFor } from '../cache/token-scale.js';
import type { ContextPolicy, PolicyDefinition } from '../policies/types.js';
import { policyLabel, type ResolvedPolicy } from '../policies/label.js';
import { createMockSummarizer } from '../summarizer/mock.js';
import type { Summarizer } from '../summarizer/types.js';
import type { Workload } from '../workload/types.js';
import type { RunKey } from './records.js';
import type { ReactionSettings } from './reaction.js';
import type { NeedsSettings } from './needs-meter.js';

export interface SessionSetup {
  key: RunKey;
  workload: Workload;
  tokens: TokenCounter;
  createPolicy(): ContextPolicy;
  policyRng: () => number;
  summarizer: Summarizer;
  auxProfile: CacheProfile | undefined;
  cacheFor(model: string): CacheModel;
  mainProfile(model: string): CacheProfile | undefined;
  /** the provider's count for `model` (exact o200k × its token scale): what usage and records report */
  providerTokens(model: string): TokenCounter;
  /** provider tokens per o200k token for `model` (cache/token-scale.ts) */
  tokenScale(model: string): number;
  /** compare every history element after each hook (O(n)): for property tests and `check` */
  checked: boolean;
  overflowRetries: number;
  /** closed-loop agent reaction (src/sim/reaction.ts); absent = open loop, the workload replayed as scripted */
  reaction?: ReactionSettings;
  /** how needs are checked (what a summary keeps); absent = the calibrated defaults */
  needs?: NeedsSettings;
}

export type { ResolvedPolicy } from '../policies/label.js';

/** How the simulated provider and summarizer behave (from the scenario). */
export interface SimSettings {
  breakpoints: BreakpointPreset;
  ttl?: CacheTtl;
  auxModel?: string;
  summarizer: { fidelity: number; failureRate: number; failAt: readonly number[] };
  overflowRetries?: number;
  /** closed-loop agent reaction; synthetic workloads only */
  reaction?: ReactionSettings;
  /** how needs are checked (what a summary keeps); absent = the calibrated defaults */
  needs?: NeedsSettings;
}

/**
 * The cache profile of a model id. `unpriced:<known-id>` keeps that model's cache mechanics with every
 * price unknown (costs reported as unpriced, never 0); an unknown id is unpriced with generic mechanics.
 */
export function profileFor(model: string, ttl?: CacheTtl): CacheProfile {
  const base = model.startsWith('unpriced:') ? getProfile(model.slice('unpriced:'.length)) : undefined;
  const p = model.startsWith('unpriced:') ? unpricedProfile(model, base) : resolveProfile(model);
  return ttl && p.ttlVariants ? withTtl(p, ttl) : p;
}

export function makeSetup(args: {
  scenario: string;
  seed: number;
  workload: Workload;
  policy: ResolvedPolicy;
  settings: SimSettings;
  tokens: TokenCounter;
  checked?: boolean;
}): SessionSetup {
  const { scenario, seed, workload, policy, settings, tokens } = args;
  const key: RunKey = { scenario, seed, policy: policy.def.id, policyLabel: policy.label, paramsHash: policy.paramsHash };
  const caches = new Map<string, CacheModel>();
  const cacheRng = seedrandom.alea(`${seed}:${scenario}:cache`);
  const auxProfile = profileFor(settings.auxModel ?? workload.model, undefined);
  const counters = new Map<string, TokenCounter>();
  // resolved once per model: every step asks for the token scale, every event for the main profile
  const memo = <T>(f: (model: string) => T): ((model: string) => T) => {
    const m = new Map<string, T>();
    return (model) => {
      let v = m.get(model);
      if (v === undefined) m.set(model, (v = f(model)));
      return v;
    };
  };
  const scaleOf = memo((model) => tokenScaleFor(profileFor(model)));
  const tokenScale = (model: string): number => scaleOf(model).scale;
  const providerTokens = (model: string): TokenCounter => {
    const ts = scaleOf(model);
    let c = counters.get(ts.provider);
    if (!c) counters.set(ts.provider, (c = providerCounter(tokens, ts)));
    return c;
  };
  return {
    key, workload, tokens,
    createPolicy: () => policy.def.create(policy.params),
    // the label without any user alias, so `base=./p.ts` and `head=./p.ts` draw the same numbers
    policyRng: seedrandom.alea(`${seed}:${scenario}:${policyLabel(policy.def, policy.params)}:policy`),
    summarizer: createMockSummarizer({ seed: `${seed}:${scenario}`, tokens, ...settings.summarizer }),
    auxProfile,
    cacheFor(model) {
      let c = caches.get(model);
      if (!c) {
        c = createCacheModel(profileFor(model, settings.ttl), { breakpoints: settings.breakpoints, tokens: providerTokens(model), rng: cacheRng });
        caches.set(model, c);
      }
      return c;
    },
    mainProfile: memo((model) => profileFor(model, settings.ttl)),
    providerTokens,
    tokenScale,
    checked: args.checked ?? false,
    overflowRetries: settings.overflowRetries ?? 3,
    ...(settings.reaction ? { reaction: settings.reaction } : {}),
    ...(settings.needs ? { needs: settings.needs } : {}),
  };
}
