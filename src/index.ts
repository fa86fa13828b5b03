/**
 * compactbench's library API: the message model, invariants, token counting, cache model, the
 * policy contract and registry, the simulator and the metrics. The CLI is built on exactly this.
 */
export * from './core/messages.js';
export * from './core/usage.js';
export { checkInvariants, type Violation, type ViolationCode, type InvariantOptions } from './core/invariants.js';
export { earliestChangedIndex, sameMessage } from './core/diff.js';
export { createTokenCounter, roughTokens, type TokenCounter } from './core/tokens.js';
export { createCacheModel, priceTokens, type CacheModel, type BreakpointPreset } from './cache/model.js';
export { PROFILES, getProfile, type CacheProfile } from './cache/profiles.js';
export type * from './policies/types.js';
export { REGISTRY, getPolicy, resolvePolicy, resolvePolicySpec, policyIds } from './policies/registry.js';
export { createMockSummarizer, type MockSummarizerOptions } from './summarizer/mock.js';
export type { Summarizer, SummaryRequest, SummaryResult } from './summarizer/types.js';
export { runSession } from './sim/session.js';
export { makeSetup, type SessionSetup, type ResolvedPolicy, type SimSettings } from './sim/setup.js';
export { planCells, runCells, type RunPlan, type RunScenario } from './sim/run.js';
export type * from './sim/records.js';
export type * from './workload/types.js';
export { sessionMetrics, type SessionMetrics } from './metrics/session-metrics.js';
export { aggregate, toRows, type PolicyAggregate } from './metrics/aggregate.js';
