/**
 * compactbench/testing: the property-test kit for context-management policies.
 *
 * - arbitraries: fast-check generators of agent conversations (compact specs, inflated at render
 *   time) and of the conditions a policy runs under;
 * - invariants: named checks over an Observation of a run (each usable on its own);
 * - drive: replays a generated case through the real simulator and records the Observation;
 * - checkPolicy / invariantProperty / checkCase: the invariants as fast-check properties, with shrunk
 *   counterexamples and their replay coordinates; formatReport / reproTest print them.
 * See docs/writing-a-policy.md.
 */
export type {
  CallSpec, CompactedSpec, ContextSpec, ConversationSpec, ModelSwitchSpec, OutputSpec, PolicyCase, ReasoningSpec, StepSpec, TurnSpec, UserSpec,
} from './spec.js';
export {
  callArb, contextArb, conversationArb, DEFAULT_MODELS, DEFAULT_WINDOWS, nonEmptyTextArb, outputArb, paramsArb, paramValueArb,
  policyCaseArb, stepArb, textArb, turnArb,
  type ContextArbOptions, type ConversationArbOptions, type PolicyCaseArbOptions,
} from './arbitraries.js';
export { contextSpecArb, syntheticContext, usageArb, usageOf, type ContextSpecForHooks } from './context.js';
export { renderCase, type RenderedCase, type RenderOptions } from './render.js';
export { caseTranscript, drive, type DriveOptions, type PolicyTarget } from './drive.js';
export { transitionObservation, type HookPhase, type Observation, type SentRequest, type Transition } from './observation.js';
export type { Finding, Invariant, InvariantOptions, PreserveClaims } from './invariant.js';
export {
  anthropicOrder, claimedTextKept, deterministic, freshInstance, getInvariant, inputNotMutated, invariantNames, INVARIANTS, lastUserKept,
  noMissingResult, noOrphanResult, openaiOrder, overflowFlagged, policyCompletes, strictAlternation, systemKept, thinkingKept, uniqueCallIds,
  wellFormedText, withinWindow,
} from './invariants/index.js';
export {
  aimsForWindow, changed, flaggedOverWindow, REASONING_DROPPING_KINDS, TEXT_PRESERVING_KINDS, TOOL_OUTPUT_KINDS,
} from './invariants/content.js';
export { illFormedText, isWellFormed, type IllFormed } from './checks/unicode.js';
export { providerOf, reasoningKey, THINKING_RULES, thinkingViolations, type ThinkingRule, type ThinkingScope, type ThinkingViolation } from './checks/thinking.js';
export { BASE_CLOCK_MS, baseEnvironment, CLOCK_SHIFT_MS, shiftedEnvironment, withEnvironment, type RunEnvironment } from './environment.js';
export { alternationViolations, anthropicOrderViolations, openaiOrderViolations, type OrderViolation } from './checks/provider-order.js';
export { containsText, firstLostText, keepsMessageText, textParts } from './checks/text.js';
export {
  caseArbitrary, checkCase, checkCaseAsync, checkPolicy, checkTarget, DEFAULT_RUNS, driveFresh, freshInstanceProperty, freshInstanceRuns, warmUpCase, DEFAULT_SEED, documentedProperties, invariantProperty, InvariantFailure, selectInvariants,
  type DocumentedProperties,
  type CheckOptions, type CheckReport, type Counterexample, type InvariantResult,
} from './property.js';
export { abbreviate, compactJson, formatMessages, formatReport, reproTest, type ReproOptions } from './repro.js';
export { loadPolicyModule, loadTarget, looksLikePath, PolicyLoadError, type LoadedTarget } from './policy-module.js';
export { COMMANDS, COMMON_TOOLS, LARGE_UNITS, PHRASES, PLACEHOLDERS, PROTECTED_TOOLS, SUMMARY_HEADERS } from './vocabulary.js';
// the contract types a policy module needs, so `compactbench/testing` is all a policy author imports
export type { ContentPart, Message, Role, ToolCall } from '../core/messages.js';
export type { Usage } from '../core/usage.js';
export type {
  ContextPolicy, HookResult, ParamSpec, PolicyContext, PolicyDefinition, PolicyResult, PolicyVeto, ViewResult,
} from '../policies/types.js';
