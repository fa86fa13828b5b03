/**
 * The offline optimum of a workload: the cost of the cheapest schedule of compaction operators (see
 * family.ts) under a relaxation of the cache model (see step-prices.ts). A true lower bound within the
 * family; reports show each policy's cost as a ratio to it.
 */
import type { TokenCounter } from '../core/tokens.js';
import type { BreakpointPreset } from '../cache/model.js';
import type { CacheProfile } from '../cache/profiles.js';
import type { Workload } from '../workload/types.js';
import { providerCounter, tokenScaleFor } from '../cache/token-scale.js';
import { workloadBlocks } from './blocks.js';
import { DEFAULT_FAMILY, MAX_BOUND_STEPS, type OptimumFamily } from './family.js';
import { solveOptimum, type OptimumResult } from './program.js';
import { stepPrices } from './step-prices.js';
import { needCharges, type NeedPricing } from './need-charges.js';

export { DEFAULT_FAMILY, MAX_BOUND_STEPS, OptimumFamilySchema, type OptimumFamily } from './family.js';
export type { Operation, OptimumResult } from './program.js';
export type { BoundNeed, NeedPricing } from './need-charges.js';

export interface BoundInputs {
  workload: Workload;
  /** exact o200k counts; the bound converts them to the provider's count of the session's first model */
  tokens: TokenCounter;
  /** the cache profile that serves a model (with the scenario's TTL) */
  profileOf(model: string): CacheProfile;
  auxProfile?: CacheProfile;
  breakpoints: BreakpointPreset;
  family?: OptimumFamily;
  /**
   * the workload's needs and which of them the closed loop would re-fetch: removing one costs it
   * (need-charges.ts). Absent (an open loop, `optimum --free-forgetting`): forgetting is free.
   */
  needs?: NeedPricing;
}

export type BoundOutcome =
  | ({ status: 'ok' } & OptimumResult)
  | { status: 'unpriced' }
  | { status: 'too-long'; steps: number };

export function workloadBound(inp: BoundInputs): BoundOutcome {
  const family = inp.family ?? DEFAULT_FAMILY;
  const n = inp.workload.steps.length;
  if (n > MAX_BOUND_STEPS) return { status: 'too-long', steps: n };
  // the provider's count, as the simulator bills (src/cache/token-scale.ts)
  const scaleOf = (model: string) => tokenScaleFor(inp.profileOf(model));
  const tokens = providerCounter(inp.tokens, scaleOf(inp.workload.model));
  const blocks = workloadBlocks(inp.workload, tokens, family, (m) => scaleOf(m).scale);
  // Anthropic caches only at breakpoints: with none, nothing is ever cached.
  const profileOf = (model: string): CacheProfile => {
    const p = inp.profileOf(model);
    return inp.breakpoints === 'none' && p.granularity.kind === 'breakpoints' ? { ...p, minCacheableTokens: Infinity } : p;
  };
  const sp = stepPrices(blocks, profileOf, inp.auxProfile);
  if (!sp) return { status: 'unpriced' };
  const charges = inp.needs ? needCharges(inp.workload, blocks, sp, tokens, family, inp.needs) : null;
  return { status: 'ok', ...solveOptimum(blocks, sp, family, charges) };
}
