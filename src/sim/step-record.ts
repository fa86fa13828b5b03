/** Turning what happened in a step into the typed step and event records. */
import type { Usage } from '../core/usage.js';
import type { CacheProfile } from '../cache/profiles.js';
import type { AuxCall } from '../summarizer/types.js';
import { breakEvenSteps } from '../metrics/break-even.js';
import type { EventRecord, RunKey, StepRecord } from './records.js';

/** An event applied to history or the view, waiting for the request that carries it. */
export interface PendingEvent {
  phase: string;
  kind: string;
  note: string;
  detail: string;
  messagesBefore: number;
  messagesAfter: number;
  tokensBefore: number;
  tokensAfter: number;
  earliestChangedIndex: number;
  rewriteTokens: number;
  prevRequestLength: number;
  auxCalls: number;
}

export function finishEvent(key: RunKey, step: number, userTurn: number, p: PendingEvent, profile: CacheProfile | undefined): EventRecord {
  const reclaimed = p.tokensBefore - p.tokensAfter;
  const noop = p.earliestChangedIndex >= p.prevRequestLength && p.messagesBefore === p.messagesAfter && reclaimed === 0;
  // explicit fields, no spread of the key (see buildStepRecord): view policies record an event per step
  return {
    scenario: key.scenario, seed: key.seed, policy: key.policy, policyLabel: key.policyLabel, paramsHash: key.paramsHash,
    step, userTurn, phase: p.phase, kind: p.kind, note: p.note,
    messagesBefore: p.messagesBefore, messagesAfter: p.messagesAfter,
    tokensBefore: p.tokensBefore, tokensAfter: p.tokensAfter, reclaimedTokens: reclaimed,
    earliestChangedIndex: p.earliestChangedIndex,
    changedFraction: p.prevRequestLength > 0 ? p.earliestChangedIndex / p.prevRequestLength : 0,
    rewriteTokens: p.rewriteTokens,
    breakEvenSteps: profile ? breakEvenSteps(profile, p.rewriteTokens, reclaimed) : null,
    auxCalls: p.auxCalls, noop, raised: reclaimed < 0, detail: p.detail, needsBroken: 0,
  };
}

export interface StepFacts {
  step: number;
  userTurn: number;
  time: number;
  model: string;
  window: number;
  usage: Usage;
  overflow: boolean;
  events: string;
  historyMessages: number;
  requestMessages: number;
  aux: readonly AuxCall[];
  needsUnmet: number;
}

export function buildStepRecord(key: RunKey, f: StepFacts): StepRecord {
  const u = f.usage;
  let auxIn = 0;
  let auxOut = 0;
  let auxCost: number | null = 0;
  for (const a of f.aux) {
    auxIn += a.inputTokens;
    auxOut += a.outputTokens;
    auxCost = auxCost === null || a.cost === null ? null : auxCost + a.cost;
  }
  const main = u.cost;
  // Explicit fields, no spread: a spread of the key into a 30-field literal made V8 build these
  // records in dictionary mode, which dominated the step loop's cost.
  return {
    scenario: key.scenario, seed: key.seed, policy: key.policy, policyLabel: key.policyLabel, paramsHash: key.paramsHash,
    step: f.step, userTurn: f.userTurn, time: f.time, model: f.model,
    historyMessages: f.historyMessages, requestMessages: f.requestMessages,
    promptTokens: u.promptTokens, cacheReadTokens: u.cacheReadTokens, cacheWriteTokens: u.cacheWriteTokens,
    uncachedTokens: u.uncachedTokens, outputTokens: u.outputTokens,
    costUncached: main ? main.uncached : null, costCacheWrite: main ? main.cacheWrite : null,
    costCacheRead: main ? main.cacheRead : null, costOutput: main ? main.output : null,
    auxCalls: f.aux.length, auxInputTokens: auxIn, auxOutputTokens: auxOut, auxCost,
    costTotal: main && auxCost !== null ? main.total + auxCost : null,
    breakCause: u.breakCause, overflow: f.overflow, events: f.events,
    utilization: u.promptTokens / f.window, needsUnmet: f.needsUnmet, contextWindow: f.window,
  };
}
