/**
 * The step loop: one workload replayed through one policy.
 *
 * Per step (session-phases.ts): the clock advances and scenario events fire; the script's messages are
 * appended (through the policy's onAppend); the policy may rewrite history (beforeStep), build the view
 * and handle overflow; the request is sent; the step's needs are checked against it; in the closed loop
 * the agent may re-fetch what it lacks instead of answering; the cache model prices the request; the
 * response is appended and the policy may rewrite history again (afterStep). The harness — never the
 * policy — diffs what changed.
 *
 * Cost per step is proportional to what changed: appends update running token sums, and the needs index
 * re-reads only what changed since the last request; only a rewrite (a compaction event) or a view policy
 * without a `changedFrom` hint costs O(history). A rewrite with a `changedFrom` hint is frozen, validated,
 * patched into the request and checked for invariants from there on (core/invariant-index.ts), so a
 * per-step edit near the end of a long history stays cheap; one given as a tail (`PolicyResult.tail`) is
 * applied to the harness's own array in place, with no copy.
 */
import type { ContextPolicy } from '../policies/types.js';
import { PolicyFailure } from './policy-call.js';
import type { SessionRun } from './records.js';
import { appendScripted, answerAndAfter, hooksBeforeRequest, measureNeeds, price, recordStep, send, startStep } from './session-phases.js';
import { SessionState } from './session-state.js';
import type { SessionSetup } from './setup.js';

export function runSession(setup: SessionSetup): SessionRun {
  const S = new SessionState(setup);
  const { script } = S;
  try {
    for (let s = 0; s < script.length; s++) {
      const scripted = script[s]!;
      startStep(S, scripted, s);
      appendScripted(S, scripted);
      hooksBeforeRequest(S, s);
      const sent = send(S);
      const checks = measureNeeds(S, sent, scripted, s);
      // the closed loop may answer this request with a re-fetch, the scripted step then following it
      const st = S.reaction ? S.reaction.react(script, s, scripted, checks) : scripted;
      const usage = price(S, sent, st);
      const kinds = S.flushEvents(s, S.userTurn);
      const requestMessages = answerAndAfter(S, sent, st, s, usage);
      recordStep(S, s, sent, usage, kinds, requestMessages, checks);
    }
    S.flushEvents(script.length, S.userTurn);
  } catch (e) {
    if (!(e instanceof PolicyFailure)) throw e;
    S.failure = { ...setup.key, step: S.steps.length, phase: e.phase, error: e.message };
  }
  return finish(S);
}

function finish(S: SessionState): SessionRun {
  const { setup, tracker, reaction, policy, needs } = S;
  if (needs.brokenBySend.size) {
    // charged to the last event the request of that step carried (none: a removal at insertion, unattributed)
    const lastAt = new Map(S.events.map((e, i) => [e.step, i]));
    for (const [step, n] of needs.brokenBySend) {
      const i = lastAt.get(step);
      if (i !== undefined) S.events[i]!.needsBroken += n;
    }
  }
  return {
    key: setup.key, steps: S.steps, events: S.events, vetoes: S.vetoes, violations: S.violations, failure: S.failure,
    userTurns: S.userTurn + 1, contextWindow: setup.workload.contextWindow,
    telemetry: { ...tracker.telemetry(), ...reaction?.telemetry(), ...safeTelemetry(policy) },
    ...(needs.active ? { needs: { ...needs.counts } } : {}),
  };
}

function safeTelemetry(policy: ContextPolicy): Record<string, string | number | boolean> {
  try {
    return policy.telemetry?.() ?? {};
  } catch (e) {
    return { telemetryError: e instanceof Error ? e.message : String(e) };
  }
}
