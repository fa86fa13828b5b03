/**
 * The step loop: one workload replayed through one policy.
 *
 * Per step: the clock advances, scenario events fire, the script's messages are appended (through
 * the policy's onAppend), the policy may rewrite history (beforeStep), the request is built (its
 * view), overflow is handled, the cache model prices the request, the response is appended, and the
 * policy may rewrite history again (afterStep). The harness — never the policy — diffs what changed.
 *
 * Cost per step is proportional to what changed: appends update running token sums; only a rewrite
 * (a compaction event) or a view policy without a `changedFrom` hint costs O(history). A rewrite with a
 * `changedFrom` hint is frozen, validated, patched into the request and checked for invariants from
 * there on (core/invariant-index.ts), so a per-step edit near the end of a long history stays cheap; one
 * given as a tail (`PolicyResult.tail`) is applied to the harness's own array in place, with no copy.
 */
import { toProvider } from '../cache/token-scale.js';
import { deepFreezeMessage, freezeMessage, type Message } from '../core/messages.js';
import { InvariantIndex } from '../core/invariant-index.js';
import type { Usage } from '../core/usage.js';
import type { ContextPolicy, HookResult, PolicyContext } from '../policies/types.js';
import { AuxLedger } from './aux-ledger.js';
import { callHook, PolicyFailure, validateResult } from './policy-call.js';
import { RequestTracker, type ChangeInfo } from './request-tracker.js';
import { buildStepRecord, type PendingEvent, finishEvent } from './step-record.js';
import type { SessionSetup } from './setup.js';
import type { EventRecord, InvariantRecord, SessionRun, StepRecord, VetoRecord } from './records.js';
import { createReaction } from './reaction.js';

export function runSession(setup: SessionSetup): SessionRun {
  const { workload, key, tokens } = setup;
  const policy: ContextPolicy = setup.createPolicy();
  // checked runs freeze nested objects too (image_url, a call's function), so no in-place edit goes unseen
  const freeze: <M extends Message>(m: M) => M = setup.checked ? deepFreezeMessage : freezeMessage;
  const ledger = new AuxLedger(setup.summarizer, setup.auxProfile);
  const steps: StepRecord[] = [];
  const events: EventRecord[] = [];
  const vetoes: VetoRecord[] = [];
  const violations: InvariantRecord[] = [];
  const system = freeze(workload.system);
  const tracker = new RequestTracker(system, setup.providerTokens(workload.model), setup.cacheFor(workload.model), setup.checked);
  const invariants = new InvariantIndex(setup.checked);
  let model = workload.model;
  let window = workload.contextWindow;
  let maxOut = workload.maxOutputTokens;
  let now = 0;
  let lastUsage: Usage | undefined;
  let failure: SessionRun['failure'] = null;
  let pending: PendingEvent[] = [];
  let userTurn = -1;
  // closed loop (opt-in): the script grows when the agent re-reads what a policy removed
  const reaction = setup.reaction ? createReaction(workload, setup.reaction, `${key.scenario}:${key.seed}`, tokens) : null;
  const script = reaction ? [...workload.steps] : workload.steps;

  const ctx: PolicyContext = {
    contextWindow: window, maxOutputTokens: maxOut, step: 0, userTurn: 0, turnStart: true, now: 0,
    systemTokens: tokens.message(system), systemPrompt: typeof workload.system.content === 'string' ? workload.system.content : '',
    tokens, summarizer: ledger.summarizer, rng: setup.policyRng, model,
  };

  /** Applies a hook's result: records vetoes, events and invariant violations; swaps history. */
  const apply = (phase: string, step: number, auxBefore: number, r: HookResult): void => {
    const before = tracker.history;
    const { from, edit, tail } = validateResult(phase, r, before, setup.checked);
    if (!r) return;
    if ('veto' in r) {
      vetoes.push({ ...key, step, phase, veto: r.veto });
      return;
    }
    const tokensBefore = tracker.requestTokens;
    const messagesBefore = before.length;
    // a hinted result is adopted (checked runs copy it, as any other): only its messages from the hint on are new;
    // a tail is applied to the harness's own array in place, and `prev` keeps what it overwrote
    let frozen: Message[];
    let changed: ChangeInfo;
    let prev: readonly Message[] = before;
    if (tail && edit) {
      for (const j of edit.fresh) freeze(tail[j - from]!);
      const t = tracker.replaceTail(tail, from, edit);
      frozen = tracker.history;
      changed = t.change;
      prev = t.old;
    } else {
      if (from >= 0 && !setup.checked) {
        frozen = r.history;
        if (edit) for (const i of edit.fresh) freeze(frozen[i]!);
        else for (let i = from; i < frozen.length; i++) freeze(frozen[i]!);
      } else frozen = r.history.map((m) => freeze(m));
      changed = tracker.replaceHistory(frozen, Math.max(0, from), edit);
    }
    for (const v of invariants.check(prev, frozen, from, edit, prev === before ? 0 : from)) {
      violations.push({ ...key, step, phase, code: v.code, index: v.index, detail: v.detail });
    }
    pending.push({
      phase, kind: r.kind, note: r.note ?? '', detail: r.detail ? JSON.stringify(r.detail) : '',
      messagesBefore, messagesAfter: frozen.length,
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
    for (let s = 0; s < script.length; s++) {
      reaction?.beforeStep(script, s, tracker.history, tracker.lastRequest);
      const st = script[s]!;
      now += st.gapBefore;
      const turnStart = st.userTurn !== userTurn;
      userTurn = st.userTurn;
      Object.assign(ctx, { step: s, userTurn, turnStart, now, lastUsage });
      for (const ev of st.events ?? []) {
        if (ev.type === 'model-switch') {
          model = ev.model;
          window = ev.contextWindow;
          maxOut = ev.maxOutputTokens ?? maxOut;
          tracker.switchModel(setup.cacheFor(model), setup.providerTokens(model));
          Object.assign(ctx, { model, contextWindow: window, maxOutputTokens: maxOut });
        } else if (ev.type === 'command' && policy.onCommand) {
          const a0 = ledger.total;
          const r = callHook('command', tracker.history, setup.checked, () => policy.onCommand!(ev.command, ev.args, tracker.history, ctx));
          apply('command', s, a0, r);
        }
      }
      for (const raw of st.append) {
        const msg = freeze(raw);
        const m = policy.onAppend ? callHook('append', tracker.history, setup.checked, () => policy.onAppend!(msg, ctx)) : msg;
        const frozen = freeze(m);
        tracker.append(frozen, m !== msg ? msg : undefined);
        invariants.append(frozen);
        reaction?.appended(msg);
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
      // the workload's output tokens are o200k counts; the provider bills its own count
      const usage = tracker.price(request, now, toProvider(st.outputTokens, setup.tokenScale(model)));
      const kinds = flushEvents(s, userTurn);
      now += st.latency;
      const response = freeze(st.response);
      tracker.append(response);
      invariants.append(response);
      // as recorded so far: the request array's length once the response is appended to it (a history
      // request is the mirror, which the response extends), read before a hinted afterStep rewrite can
      // patch that array in place
      const requestMessages = request.length;
      lastUsage = usage;
      Object.assign(ctx, { now, lastUsage: usage });
      if (policy.afterStep) {
        apply('after', s + 1, ledger.total, callHook('after', tracker.history, setup.checked, () => policy.afterStep!(tracker.history, usage, ctx)));
      }
      const afterAux = ledger.drain();
      for (const a of afterAux) now += a.latency;
      steps.push(buildStepRecord(key, {
        step: s, userTurn, time: now, model, window, usage, overflow, events: kinds,
        historyMessages, requestMessages, aux: [...aux, ...afterAux],
      }));
    }
    flushEvents(script.length, userTurn);
  } catch (e) {
    if (!(e instanceof PolicyFailure)) throw e;
    failure = { ...key, step: steps.length, phase: e.phase, error: e.message };
  }
  return {
    key, steps, events, vetoes, violations, failure,
    userTurns: userTurn + 1, contextWindow: workload.contextWindow,
    telemetry: { ...tracker.telemetry(), ...reaction?.telemetry(), ...safeTelemetry(policy) },
  };
}

function safeTelemetry(policy: ContextPolicy): Record<string, string | number | boolean> {
  try {
    return policy.telemetry?.() ?? {};
  } catch (e) {
    return { telemetryError: e instanceof Error ? e.message : String(e) };
  }
}
