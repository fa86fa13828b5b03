/**
 * The step loop: one workload replayed through one policy.
 *
 * Per step: the clock advances, scenario events fire, the script's messages are appended (through
 * the policy's onAppend), the policy may rewrite history (beforeStep), the request is built (its
 * view), overflow is handled, the cache model prices the request, the response is appended, and the
 * policy may rewrite history again (afterStep). The harness — never the policy — diffs what changed.
 *
 * Cost per step is proportional to what changed: appends update running token sums; only a rewrite
 * (a compaction event) or a view policy without a `changedFrom` hint costs O(history).
 */
import { freezeMessage, type Message } from '../core/messages.js';
import { checkInvariants } from '../core/invariants.js';
import type { Usage } from '../core/usage.js';
import type { ContextPolicy, HookResult, PolicyContext } from '../policies/types.js';
import { AuxLedger } from './aux-ledger.js';
import { callHook, PolicyFailure, validateResult } from './policy-call.js';
import { RequestTracker } from './request-tracker.js';
import { buildStepRecord, type PendingEvent, finishEvent } from './step-record.js';
import type { SessionSetup } from './setup.js';
import type { EventRecord, InvariantRecord, SessionRun, StepRecord, VetoRecord } from './records.js';

export function runSession(setup: SessionSetup): SessionRun {
  const { workload, key, tokens } = setup;
  const policy: ContextPolicy = setup.createPolicy();
  const ledger = new AuxLedger(setup.summarizer, setup.auxProfile);
  const steps: StepRecord[] = [];
  const events: EventRecord[] = [];
  const vetoes: VetoRecord[] = [];
  const violations: InvariantRecord[] = [];
  const tracker = new RequestTracker(freezeMessage(workload.system), tokens, setup.cacheFor(workload.model), setup.checked);
  let model = workload.model;
  let window = workload.contextWindow;
  let maxOut = workload.maxOutputTokens;
  let now = 0;
  let lastUsage: Usage | undefined;
  let failure: SessionRun['failure'] = null;
  let pending: PendingEvent[] = [];
  let userTurn = -1;

  const ctx: PolicyContext = {
    contextWindow: window, maxOutputTokens: maxOut, step: 0, userTurn: 0, turnStart: true, now: 0,
    systemTokens: tracker.systemTokens, systemPrompt: typeof workload.system.content === 'string' ? workload.system.content : '',
    tokens, summarizer: ledger.summarizer, rng: setup.policyRng, model,
  };

  /** Applies a hook's result: records vetoes, events and invariant violations; swaps history. */
  const apply = (phase: string, step: number, auxBefore: number, r: HookResult): void => {
    validateResult(phase, r);
    if (!r) return;
    if ('veto' in r) {
      vetoes.push({ ...key, step, phase, veto: r.veto });
      return;
    }
    const before = tracker.history;
    const tokensBefore = tracker.requestTokens;
    const frozen = r.history.map((m) => freezeMessage(m));
    const changed = tracker.replaceHistory(frozen);
    for (const v of checkInvariants(frozen)) {
      violations.push({ ...key, step, phase, code: v.code, index: v.index, detail: v.detail });
    }
    pending.push({
      phase, kind: r.kind, note: r.note ?? '', detail: r.detail ? JSON.stringify(r.detail) : '',
      messagesBefore: before.length, messagesAfter: frozen.length,
      tokensBefore, tokensAfter: tracker.requestTokens,
      earliestChangedIndex: changed.earliestChangedIndex, rewriteTokens: changed.rewriteTokens,
      prevRequestLength: tracker.lastSentLength, auxCalls: ledger.total - auxBefore,
    });
  };

  const flushEvents = (step: number, turn: number): string => {
    const kinds = pending.map((p) => p.kind);
    for (const p of pending) events.push(finishEvent(key, step, turn, p, setup.mainProfile(model)));
    pending = [];
    return kinds.join(',');
  };

  try {
    for (let s = 0; s < workload.steps.length; s++) {
      const st = workload.steps[s]!;
      now += st.gapBefore;
      const turnStart = st.userTurn !== userTurn;
      userTurn = st.userTurn;
      Object.assign(ctx, { step: s, userTurn, turnStart, now, lastUsage });
      for (const ev of st.events ?? []) {
        if (ev.type === 'model-switch') {
          model = ev.model;
          window = ev.contextWindow;
          maxOut = ev.maxOutputTokens ?? maxOut;
          tracker.switchModel(setup.cacheFor(model));
          Object.assign(ctx, { model, contextWindow: window, maxOutputTokens: maxOut });
        } else if (ev.type === 'command' && policy.onCommand) {
          const a0 = ledger.total;
          const r = callHook('command', tracker.history, setup.checked, () => policy.onCommand!(ev.command, ev.args, tracker.history, ctx));
          apply('command', s, a0, r);
        }
      }
      for (const raw of st.append) {
        const msg = freezeMessage(raw);
        const m = policy.onAppend ? callHook('append', tracker.history, setup.checked, () => policy.onAppend!(msg, ctx)) : msg;
        tracker.append(freezeMessage(m), m !== msg, m !== msg ? tokens.message(msg) : 0);
      }
      if (policy.beforeStep) {
        apply('before', s, ledger.total, callHook('before', tracker.history, setup.checked, () => policy.beforeStep!(tracker.history, ctx)));
      }
      if (policy.view) {
        const v = callHook('view', tracker.history, setup.checked, () => policy.view!(tracker.history, ctx));
        const ev = tracker.setView(v);
        if (ev) pending.push({ ...ev, auxCalls: 0 });
      }
      let tries = 0;
      while (tracker.requestTokens > window && policy.onOverflow && tries < setup.overflowRetries) {
        tries++;
        apply('overflow', s, ledger.total, callHook('overflow', tracker.history, setup.checked, () => policy.onOverflow!(tracker.history, ctx)));
        if (policy.view) tracker.setView(callHook('view', tracker.history, setup.checked, () => policy.view!(tracker.history, ctx)));
      }
      const aux = ledger.drain();
      for (const a of aux) now += a.latency;
      const overflow = tracker.requestTokens > window;
      const historyMessages = tracker.history.length;
      const request = tracker.send();
      const usage = tracker.price(request, now, st.outputTokens);
      const kinds = flushEvents(s, userTurn);
      now += st.latency;
      tracker.append(freezeMessage(st.response), false);
      lastUsage = usage;
      Object.assign(ctx, { now, lastUsage: usage });
      if (policy.afterStep) {
        apply('after', s + 1, ledger.total, callHook('after', tracker.history, setup.checked, () => policy.afterStep!(tracker.history, usage, ctx)));
      }
      const afterAux = ledger.drain();
      for (const a of afterAux) now += a.latency;
      steps.push(buildStepRecord(key, {
        step: s, userTurn, time: now, model, window, usage, overflow, events: kinds,
        historyMessages, requestMessages: request.length, aux: [...aux, ...afterAux],
      }));
    }
    flushEvents(workload.steps.length, userTurn);
  } catch (e) {
    if (!(e instanceof PolicyFailure)) throw e;
    failure = { ...key, step: steps.length, phase: e.phase, error: e.message };
  }
  return {
    key, steps, events, vetoes, violations, failure,
    userTurns: userTurn + 1, contextWindow: workload.contextWindow,
    telemetry: { ...tracker.telemetry(), ...safeTelemetry(policy) },
  };
}

function safeTelemetry(policy: ContextPolicy): Record<string, string | number | boolean> {
  try {
    return policy.telemetry?.() ?? {};
  } catch (e) {
    return { telemetryError: e instanceof Error ? e.message : String(e) };
  }
}
