/**
 * What the invariants look at: every history a policy hook received and returned, every request the
 * simulator sent, and how the run ended. `drive.ts` records one from a real harness run; a test that
 * calls hooks directly can build one by hand (`transitionObservation`).
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';

export type HookPhase = 'before' | 'after' | 'overflow' | 'command' | 'view';

/** One call of a history hook (or view) and what it returned. */
export interface Transition {
  phase: HookPhase;
  /** the step (`ctx.step`) the hook ran at */
  step: number;
  /** order of the call within the run (0, 1, ...) */
  seq: number;
  /** the history the hook received (copied before the call) */
  input: readonly Message[];
  /** the history it returned, or the view's messages; absent when it returned nothing or vetoed */
  output?: readonly Message[];
  kind?: string;
  note?: string;
  detail?: Record<string, string | number | boolean>;
  veto?: string;
  contextWindow: number;
  /** the newest user message of the script in history when the hook ran (as it entered history) */
  lastUser?: Message;
}

/** A request as sent: system prompt first. */
export interface SentRequest {
  step: number;
  /** order of the send within the run, comparable with Transition.seq */
  seq: number;
  messages: readonly Message[];
  contextWindow: number;
  /** the model the request goes to (it decides the provider's rules) */
  model?: string;
  lastUser?: Message;
}

/** An assistant message of the script as the model produced it, and that model. */
export interface ProducedMessage {
  message: Message;
  model: string;
}

export interface Observation {
  /** the system prompt the harness sends first */
  system: Message;
  transitions: Transition[];
  requests: SentRequest[];
  /** the harness's policy failure (throw, mutation, malformed result), or a crash the output caused */
  failure: { step: number; phase: string; error: string } | null;
  tokens: TokenCounter;
  /**
   * every assistant message of the script that calls tools, as the model produced it, by call id: what
   * `thinking-kept` compares the requests' copies with (absent for hand-built observations)
   */
  produced?: ReadonlyMap<string, ProducedMessage>;
  /** the hooks the policy defines (absent for hand-built observations) */
  hooks?: readonly string[];
  /**
   * drives the same case again from scratch, under the shifted clock and reseeded Math.random of
   * `environment.ts` (for the determinism invariant); absent for hand-built observations
   */
  replay?: () => Observation;
  /** the same case driven in another, freshly imported instance of the policy module (see `fresh-instance`) */
  fresh?: Observation;
}

/**
 * An observation of one hook call made by hand (a unit test calling `beforeStep` directly), so the
 * invariants can be applied to it. For phases other than `after`, the request is taken to be
 * `[system, ...output]` (after a step, the last assistant's calls are still waiting for their results,
 * so no request is recorded).
 */
export function transitionObservation(args: {
  system: Message;
  phase: HookPhase;
  input: readonly Message[];
  output: readonly Message[] | undefined;
  kind?: string;
  contextWindow: number;
  tokens: TokenCounter;
  lastUser?: Message;
}): Observation {
  const t: Transition = {
    phase: args.phase, step: 0, seq: 0, input: args.input, output: args.output, kind: args.kind,
    contextWindow: args.contextWindow, lastUser: args.lastUser,
  };
  const sent = args.output ?? args.input;
  const requests: SentRequest[] = args.phase === 'after'
    ? []
    : [{ step: 0, seq: 1, messages: [args.system, ...sent], contextWindow: args.contextWindow, lastUser: args.lastUser }];
  return { system: args.system, transitions: [t], failure: null, tokens: args.tokens, requests };
}
