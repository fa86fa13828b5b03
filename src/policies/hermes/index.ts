/** The Hermes policy family: the compressor port, its agent loop, and seed 003's prune-first variants. */
export { hermesPolicy, hermesPruneFirstPolicy, hermesRunwayPolicy, HERMES_SOURCE } from './definitions.js';
export { hermesAnthropicNativePolicy, hermesBackgroundPolicy, hermesMicroCompactPolicy, hermesProactivePrunePolicy } from './variants.js';
export { HermesContextPolicy } from './policy.js';
export { HermesCompressor, type AntiThrashRule, type CompressorOptions } from './compressor.js';
export { compress, protectHeadSize, type CompressOutcome } from './compress.js';
export type { CompressRecord } from './record.js';
export { compactOnce, type CompactExtras, type CompactOutcome } from './agent-path.js';
export { runReplayLoop, compressionMadeProgress, type ReplayOutcome, type ReplayPass, type ReplayTotals } from './replay-loop.js';
export { resolveThresholds, type HermesConfig, type HermesThresholds } from './config.js';
export { estimateMessagesTokensRough, estimateMsgBudgetTokens, estimateTokensRough } from './estimate.js';
export { backendFromSummarizer } from './summarizer-backend.js';
export type { SummaryBackend, SummaryBackendRequest, SummaryBackendResult } from './summary-call.js';
export type { PyMsg } from './msg.js';
export { repairMessageSequence, type SequenceRepair } from './repair-sequence.js';
export { finishForRequest } from './before-request.js';
export { HERMES_UPSTREAM_PROPERTIES } from './upstream-properties.js';
