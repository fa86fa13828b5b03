/**
 * The typed records a run produces: one per step, one per compaction event, one per session.
 * They are the single source of every number in every report (CSV is their serialization).
 */
import type { BreakCause } from '../core/usage.js';

/** Identifies a cell of a run; carried by every row. */
export interface RunKey {
  scenario: string;
  seed: number;
  policy: string;
  /** the policy id with its resolved parameters, e.g. `hermes-runway:runwayFraction=0.1` */
  policyLabel: string;
  paramsHash: string;
}

export interface StepRecord extends RunKey {
  step: number;
  userTurn: number;
  /** simulated seconds at the request */
  time: number;
  model: string;
  historyMessages: number;
  requestMessages: number;
  promptTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  uncachedTokens: number;
  outputTokens: number;
  /** dollars by class; null when unpriced */
  costUncached: number | null;
  costCacheWrite: number | null;
  costCacheRead: number | null;
  costOutput: number | null;
  auxCalls: number;
  auxInputTokens: number;
  auxOutputTokens: number;
  auxCost: number | null;
  costTotal: number | null;
  breakCause: BreakCause | null;
  /** the prompt exceeded the context window (a real provider would have refused it) */
  overflow: boolean;
  /** comma-separated kinds of compaction events applied before this request */
  events: string;
  utilization: number;
  /** needs of this step (src/workload/needs/) that the request did not hold verbatim: referenced only or lost */
  needsUnmet: number;
  /** the context window of the model this request went to (it changes at a model switch) */
  contextWindow: number;
}

export interface EventRecord extends RunKey {
  /** step whose request first carries the change */
  step: number;
  userTurn: number;
  /** which hook produced it: append | before | after | overflow | command */
  phase: string;
  kind: string;
  note: string;
  messagesBefore: number;
  messagesAfter: number;
  tokensBefore: number;
  tokensAfter: number;
  /** tokensBefore − tokensAfter (negative when the event raised the count) */
  reclaimedTokens: number;
  /** index in the request (system prompt = 0) of the first message that differs from the previous request */
  earliestChangedIndex: number;
  /** earliestChangedIndex / previous request length */
  changedFraction: number;
  /** tokens from the earliest changed index to the end of the new request: what the edit forces to be re-sent */
  rewriteTokens: number;
  /** later steps needed for the per-step saving to repay the extra cache write; null if unpriced or never */
  breakEvenSteps: number | null;
  auxCalls: number;
  noop: boolean;
  raised: boolean;
  detail: string;
  /** needs of later steps found unmet whose source this event's request was the first to drop or change */
  needsBroken: number;
}

export interface FailureRecord extends RunKey {
  step: number;
  phase: string;
  error: string;
}

export interface VetoRecord extends RunKey {
  step: number;
  phase: string;
  veto: string;
}

export interface InvariantRecord extends RunKey {
  step: number;
  phase: string;
  code: string;
  index: number;
  detail: string;
}

export interface SessionRun {
  key: RunKey;
  steps: StepRecord[];
  events: EventRecord[];
  vetoes: VetoRecord[];
  violations: InvariantRecord[];
  failure: FailureRecord | null;
  userTurns: number;
  contextWindow: number;
  telemetry: Record<string, string | number | boolean>;
  /** dollars of the workload's offline optimum (src/optimum), when computed; null when unpriced or too long */
  optimumCost?: number | null;
  /** the session's needs checked against the requests sent (needs-meter.ts); absent when the workload has none */
  needs?: NeedCounts;
}

/** Needs checked in a session, by outcome: met + referenced + lost = needs. */
export interface NeedCounts {
  needs: number;
  met: number;
  referenced: number;
  lost: number;
}

/** What a recorded session was billed, carried beside its runs (computed by validate/recorded-bill.ts). */
export interface RecordedBill {
  /** calls priced (with recorded input) */
  calls: number;
  /** calls that recorded no usable usage */
  skipped: number;
  /** prompt tokens billed (uncached + cache read + cache write) and output tokens */
  promptTokens: number;
  outputTokens: number;
  /** USD, or null when a call's model is not in the price table */
  costUsd: number | null;
}
