/**
 * Everything one session run holds while its steps go by (prepare), and the one place a policy hook's
 * result is applied to it (`apply`). The phases that use it are in session-phases.ts; the loop that calls
 * them in order is runSession (session.ts).
 */
import { deepFreezeMessage, freezeMessage, type Message } from '../core/messages.js';
import { InvariantIndex } from '../core/invariant-index.js';
import type { Usage } from '../core/usage.js';
import type { ContextPolicy, HookResult, PolicyContext } from '../policies/types.js';
import type { ScriptStep } from '../workload/types.js';
import { AuxLedger } from './aux-ledger.js';
import { NeedsMeter } from './needs-meter.js';
import { validateResult } from './policy-call.js';
import { createReaction, type Reaction } from './reaction.js';
import { SessionUseLog } from './use-log.js';
import type { EventRecord, InvariantRecord, SessionRun, StepRecord, VetoRecord } from './records.js';
import { RequestTracker, type ChangeInfo } from './request-tracker.js';
import type { SessionSetup } from './setup.js';
import { finishEvent, type PendingEvent } from './step-record.js';
import { SUMMARY_NAMES_DEFAULT } from './summary-keeps.js';

export class SessionState {
  readonly policy: ContextPolicy;
  /** checked runs freeze nested objects too (image_url, a call's function), so no in-place edit goes unseen */
  readonly freeze: <M extends Message>(m: M) => M;
  readonly ledger: AuxLedger;
  readonly tracker: RequestTracker;
  readonly invariants: InvariantIndex;
  readonly needs: NeedsMeter;
  /** closed loop: the script grows when the agent re-fetches what a policy removed */
  readonly reaction: Reaction | null;
  /** past uses of earlier context, for policies (ctx.uses); null without needs */
  readonly uses: SessionUseLog | null;
  readonly script: ScriptStep[];
  /** the scripted index of each step of the workload (a step the closed loop inserted has none) */
  readonly scriptedIndex: Map<ScriptStep, number>;
  readonly ctx: PolicyContext;
  readonly steps: StepRecord[] = [];
  readonly events: EventRecord[] = [];
  readonly vetoes: VetoRecord[] = [];
  readonly violations: InvariantRecord[] = [];
  model: string;
  window: number;
  maxOut: number;
  now = 0;
  lastUsage: Usage | undefined;
  userTurn = -1;
  pending: PendingEvent[] = [];
  failure: SessionRun['failure'] = null;

  constructor(readonly setup: SessionSetup) {
    const { workload, key, tokens } = setup;
    this.policy = setup.createPolicy();
    this.freeze = setup.checked ? deepFreezeMessage : freezeMessage;
    const sessionSeed = `${key.scenario}:${key.seed}`;
    this.needs = new NeedsMeter(workload, { summaryNames: setup.needs?.summaryNames ?? SUMMARY_NAMES_DEFAULT }, sessionSeed, setup.checked);
    this.ledger = new AuxLedger(this.needs.wrap(setup.summarizer), setup.auxProfile);
    const system = this.freeze(workload.system);
    this.tracker = new RequestTracker(system, setup.providerTokens(workload.model), setup.cacheFor(workload.model), setup.checked);
    this.invariants = new InvariantIndex(setup.checked);
    this.model = workload.model;
    this.window = workload.contextWindow;
    this.maxOut = workload.maxOutputTokens;
    this.reaction = setup.reaction && this.needs.active ? createReaction(this.needs, setup.reaction, sessionSeed, tokens) : null;
    this.script = this.reaction ? [...workload.steps] : workload.steps;
    this.scriptedIndex = new Map(this.needs.active ? workload.steps.map((st, i) => [st, i]) : []);
    this.uses = this.needs.active ? new SessionUseLog((id) => this.needs.sourceOf(id)) : null;
    this.ctx = {
      contextWindow: this.window, maxOutputTokens: this.maxOut, step: 0, userTurn: 0, turnStart: true, now: 0,
      systemTokens: tokens.message(system), systemPrompt: typeof workload.system.content === 'string' ? workload.system.content : '',
      tokens, summarizer: this.ledger.summarizer, rng: setup.policyRng, model: this.model,
      ...(this.uses ? { uses: this.uses } : {}),
    };
  }

  /** Applies a hook's result: records vetoes, events and invariant violations; swaps history. */
  apply(phase: string, step: number, auxBefore: number, r: HookResult): void {
    const { tracker, setup, freeze } = this;
    const before = tracker.history;
    const { from, edit, tail } = validateResult(phase, r, before, setup.checked);
    if (!r) return;
    if ('veto' in r) {
      this.vetoes.push({ ...setup.key, step, phase, veto: r.veto });
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
    for (const v of this.invariants.check(prev, frozen, from, edit, prev === before ? 0 : from)) {
      this.violations.push({ ...setup.key, step, phase, code: v.code, index: v.index, detail: v.detail });
    }
    this.pending.push({
      phase, kind: r.kind, note: r.note ?? '', detail: r.detail ? JSON.stringify(r.detail) : '',
      messagesBefore, messagesAfter: frozen.length,
      tokensBefore, tokensAfter: tracker.requestTokens,
      earliestChangedIndex: changed.earliestChangedIndex, rewriteTokens: changed.rewriteTokens,
      prevRequestLength: tracker.lastSentLength, auxCalls: this.ledger.total - auxBefore,
    });
  }

  /** Turns the pending events into records of `step`; returns their kinds, comma-separated. */
  flushEvents(step: number, turn: number): string {
    const kinds = this.pending.map((p) => p.kind);
    for (const p of this.pending) this.events.push(finishEvent(this.setup.key, step, turn, p, this.setup.mainProfile(this.model)));
    this.pending = [];
    return kinds.join(',');
  }
}
