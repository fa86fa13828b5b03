/** The shape of one named invariant and of what it reports. */
import type { Message } from '../core/messages.js';
import type { Observation, SentRequest, Transition } from './observation.js';

export interface Finding {
  invariant: string;
  /** the step (`ctx.step`) of the hook call or request; -1 when not tied to a step */
  step: number;
  /** the hook phase (before, after, overflow, command, view), `request`, or where the run failed */
  phase: string;
  message: string;
  /** the messages the finding is about: the policy's output, or the request as sent */
  messages?: readonly Message[];
  /** what the policy was given, when the finding is about a hook's output */
  input?: readonly Message[];
}

/** Text a policy claims to keep, beyond what its event kinds claim. */
export interface PreserveClaims {
  /** every user message's text survives every rewrite and view @default false */
  userText?: boolean;
  /** every assistant message's text (content; not calls or reasoning) survives every rewrite and view @default false */
  assistantText?: boolean;
  /** event kinds that claim to touch only tool outputs, calls' arguments or reasoning @default TEXT_PRESERVING_KINDS */
  textPreservingKinds?: readonly string[];
}

export interface InvariantOptions {
  claims?: PreserveClaims;
}

export interface Invariant {
  /** kebab-case id, used by `compactbench check --invariant` and in reports */
  readonly name: string;
  /** one sentence: what must hold, and where it is checked */
  readonly description: string;
  /** the first violation in the observation, or null when the invariant holds */
  check(obs: Observation, opts?: InvariantOptions): Finding | null;
}

/** A hook call or a request, in the order they happened. */
export type TimelineEntry = { type: 'transition'; t: Transition } | { type: 'request'; r: SentRequest };

export function timeline(obs: Observation): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...obs.transitions.map((t) => ({ type: 'transition' as const, t })),
    ...obs.requests.map((r) => ({ type: 'request' as const, r })),
  ];
  const seq = (e: TimelineEntry): number => (e.type === 'transition' ? e.t.seq : e.r.seq);
  return entries.sort((a, b) => seq(a) - seq(b));
}

/** Hook calls that rewrote history (not views). */
export const rewrites = (obs: Observation): (Transition & { output: readonly Message[] })[] =>
  obs.transitions.filter((t): t is Transition & { output: readonly Message[] } => t.output !== undefined && t.phase !== 'view');

/** Hook calls that returned messages: rewrites and views. */
export const outputs = (obs: Observation): (Transition & { output: readonly Message[] })[] =>
  obs.transitions.filter((t): t is Transition & { output: readonly Message[] } => t.output !== undefined);

export const transitionFinding = (invariant: string, t: Transition, message: string): Finding => ({
  invariant, step: t.step, phase: t.phase, message, messages: t.output, input: t.input,
});

export const requestFinding = (invariant: string, r: SentRequest, message: string): Finding => ({
  invariant, step: r.step, phase: 'request', message, messages: r.messages,
});
