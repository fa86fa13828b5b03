/** Provider prompt-cache profiles and the incremental prefix-cache cost model. */
export {
  PROFILES, getProfile, resolveProfile, unpricedProfile, withTtl,
  type CacheProfile, type CacheTtl, type Granularity, type Prices, type Provider, type TtlVariant,
} from './profiles.js';
export {
  createCacheModel, type CacheModel, type CacheModelOptions, type CacheRequestInput,
} from './model.js';
export { BREAKPOINT_PRESETS, breakpointIndices, type BreakpointPreset } from './breakpoints.js';
export { priceTokens, pricesFor, isPriced, type TokenSplit } from './pricing.js';
export { contentBlocks } from './blocks.js';
