/**
 * The phases of one step, in the order runSession (session.ts) calls them: start (clock, turn, scenario
 * events), append (the script's messages, through the policy's onAppend), policy hooks before the request
 * (beforeStep, view, overflow), send, measure needs, react (closed loop), price and answer, policy hooks
 * after the response, record.
 */
import { toProvider } from '../cache/token-scale.js';
import type { Message } from '../core/messages.js';
import type { Usage } from '../core/usage.js';
import type { AuxCall } from '../summarizer/types.js';
import type { ScriptStep } from '../workload/types.js';
import type { NeedCheck } from './needs-meter.js';
import { callHook } from './policy-call.js';
import type { SessionState } from './session-state.js';
import { buildStepRecord } from './step-record.js';

/** Advances the clock and the turn, and fires the scenario's events (a model switch, a manual command). */
export function startStep(S: SessionState, st: ScriptStep, s: number): void {
  const { tracker, ctx, policy, setup } = S;
  S.now += st.gapBefore;
  const turnStart = st.userTurn !== S.userTurn;
  S.userTurn = st.userTurn;
  Object.assign(ctx, { step: s, userTurn: S.userTurn, turnStart, now: S.now, lastUsage: S.lastUsage });
  for (const ev of st.events ?? []) {
    if (ev.type === 'model-switch') {
      S.model = ev.model;
      S.window = ev.contextWindow;
      S.maxOut = ev.maxOutputTokens ?? S.maxOut;
      tracker.switchModel(setup.cacheFor(S.model), setup.providerTokens(S.model));
      Object.assign(ctx, { model: S.model, contextWindow: S.window, maxOutputTokens: S.maxOut });
    } else if (ev.type === 'command' && policy.onCommand) {
      const a0 = S.ledger.total;
      const r = callHook('command', tracker.history, setup.checked, () => policy.onCommand!(ev.command, ev.args, tracker.history, ctx));
      S.apply('command', s, a0, r);
    }
  }
}

/** Appends the step's scripted messages, each through the policy's onAppend. */
export function appendScripted(S: SessionState, st: ScriptStep): void {
  const { tracker, policy, ctx, setup, freeze } = S;
  for (const raw of st.append) {
    const msg = freeze(raw);
    const m = policy.onAppend ? callHook('append', tracker.history, setup.checked, () => policy.onAppend!(msg, ctx)) : msg;
    const frozen = freeze(m);
    tracker.append(frozen, m !== msg ? msg : undefined);
    S.invariants.append(frozen);
  }
}

/** beforeStep, the view, and overflow handling (bounded retries) before the request is built. */
export function hooksBeforeRequest(S: SessionState, s: number): void {
  const { tracker, policy, ctx, setup } = S;
  if (policy.beforeStep) {
    S.apply('before', s, S.ledger.total, callHook('before', tracker.history, setup.checked, () => policy.beforeStep!(tracker.history, ctx)));
  }
  if (policy.view) {
    const v = callHook('view', tracker.history, setup.checked, () => policy.view!(tracker.history, ctx));
    const ev = tracker.setView(v);
    if (ev) S.pending.push({ ...ev, auxCalls: 0 });
  }
  let tries = 0;
  while (tracker.requestTokens > S.window && policy.onOverflow && tries < setup.overflowRetries) {
    tries++;
    S.apply('overflow', s, S.ledger.total, callHook('overflow', tracker.history, setup.checked, () => policy.onOverflow!(tracker.history, ctx)));
    if (policy.view) tracker.setView(callHook('view', tracker.history, setup.checked, () => policy.view!(tracker.history, ctx)));
  }
}

export interface Sent {
  request: Message[];
  /** first index that changed since the previous request */
  from: number;
  overflow: boolean;
  historyMessages: number;
  aux: AuxCall[];
}

/** Sends the request (the auxiliary calls made for it are charged to this step). */
export function send(S: SessionState): Sent {
  const aux = S.ledger.drain();
  for (const a of aux) S.now += a.latency;
  const overflow = S.tracker.requestTokens > S.window;
  const historyMessages = S.tracker.history.length;
  const request = S.tracker.send();
  return { request, from: S.tracker.changedSinceSent(), overflow, historyMessages, aux };
}

/** Checks the needs of the scripted step this request answers against what it holds. */
export function measureNeeds(S: SessionState, sent: Sent, st: ScriptStep, s: number): NeedCheck[] {
  const scripted = S.scriptedIndex.get(st) ?? -1;
  const checks = S.needs.measure(sent.request, sent.from, scripted, s);
  // the request is sent: its needs are now the past, which policies may read (ctx.uses)
  S.uses?.record(s, scripted, checks);
  return checks;
}

/** Prices the request on the cache model, with the output of the response the step answers with. */
export function price(S: SessionState, sent: Sent, st: ScriptStep): Usage {
  // the workload's output tokens are o200k counts; the provider bills its own count
  return S.tracker.price(sent.request, S.now, toProvider(st.outputTokens, S.setup.tokenScale(S.model)));
}

/**
 * Appends the response, then runs the policy's afterStep. Returns the request's length as recorded: the
 * request array's length once the response is appended to it (a history request is the mirror, which the
 * response extends), read before a hinted afterStep rewrite can patch that array in place.
 */
export function answerAndAfter(S: SessionState, sent: Sent, st: ScriptStep, s: number, usage: Usage): number {
  const { tracker, policy, ctx, setup, freeze } = S;
  S.now += st.latency;
  const response = freeze(st.response);
  tracker.append(response);
  S.invariants.append(response);
  const requestMessages = sent.request.length;
  S.lastUsage = usage;
  Object.assign(ctx, { now: S.now, lastUsage: usage });
  if (policy.afterStep) {
    S.apply('after', s + 1, S.ledger.total, callHook('after', tracker.history, setup.checked, () => policy.afterStep!(tracker.history, usage, ctx)));
  }
  return requestMessages;
}

/** The step's record. */
export function recordStep(S: SessionState, s: number, sent: Sent, usage: Usage, kinds: string, requestMessages: number, checks: readonly NeedCheck[]): void {
  const afterAux = S.ledger.drain();
  for (const a of afterAux) S.now += a.latency;
  let unmet = 0;
  for (const c of checks) if (c.status !== 'met') unmet++;
  S.steps.push(buildStepRecord(S.setup.key, {
    step: s, userTurn: S.userTurn, time: S.now, model: S.model, window: S.window, usage, overflow: sent.overflow, events: kinds,
    historyMessages: sent.historyMessages, requestMessages, aux: [...sent.aux, ...afterAux], needsUnmet: unmet,
  }));
}
