/** Conformance checking of policy ports against data produced by their upstream code. */
export { CONFORMANCE_ADAPTERS, adapterFor, runConformance, runItem, versionFor, type CheckedVersion, type ConformanceAdapter, type ConformanceResult } from './runner.js';
export { ConformanceInputError, discover, type ConformanceItem } from './inputs.js';
export { firstDifference } from './diff.js';
export { createFixedSummarizer, STUB_FAILURE } from './fixed-summarizer.js';
export { runHermesCase, runHermesReplay, type CaseOutcome } from './hermes-adapter.js';
