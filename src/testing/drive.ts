/**
 * Drives a policy through the real simulator (`runSession`, checked mode) on a generated case and
 * records an Observation: every hook's input and output, and every request sent.
 *
 * Why the harness and not direct hook calls: a real run exercises onAppend, beforeStep, view,
 * onOverflow, afterStep and onCommand in the order and with the state an agent would, so a policy
 * whose bug only shows after its second compaction, or only on the overflow path, is still found.
 * The policy is wrapped, not changed: each hook is forwarded to the policy's own method (with its
 * `this`), and its input is copied before the call. The wrapper always defines `afterStep` (it
 * forwards when the policy has one) because that is where the request just sent is read.
 */
import { ROLES, type Message } from '../core/messages.js';
import { createTokenCounter } from '../core/tokens.js';
import { resolvePolicy } from '../policies/registry.js';
import type { RawParams } from '../policies/params.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition, ViewResult } from '../policies/types.js';
import { runSession } from '../sim/session.js';
import { makeSetup, type SimSettings } from '../sim/setup.js';
import type { PreserveClaims } from './invariant.js';
import type { HookPhase, Observation, ProducedMessage, SentRequest, Transition } from './observation.js';
import type { Workload } from '../workload/types.js';
import { baseEnvironment, shiftedEnvironment, withEnvironment, type RunEnvironment } from './environment.js';
import { renderCase, type RenderOptions } from './render.js';
import type { PolicyCase } from './spec.js';

/** A policy to check: a definition (registered or from a module), parameter overrides, and text it claims to keep. */
export interface PolicyTarget {
  def: PolicyDefinition;
  params?: RawParams;
  claims?: PreserveClaims;
  /**
   * imports the policy's module again as a new instance (its module-scope state fresh) and returns its
   * definition; set for module files by `loadPolicyModule`, absent for registered ids
   */
  reload?: () => Promise<PolicyDefinition>;
}

export interface DriveOptions {
  render?: RenderOptions;
  /** cache breakpoints and summarizer behaviour; the summarizer's failure schedule comes from the case */
  settings?: Partial<Omit<SimSettings, 'summarizer'>> & { summarizer?: Partial<SimSettings['summarizer']> };
}

/**
 * Only well-formed message lists are recorded as outputs: a malformed result is the harness's policy
 * failure (`policy-completes`), and the invariants can then assume real messages.
 */
function wellFormed(v: unknown): v is readonly Message[] {
  return Array.isArray(v) && v.every((m) => !!m && typeof m === 'object' && ROLES.includes((m as Message).role) &&
    ((m as Message).content === null || typeof (m as Message).content === 'string' || Array.isArray((m as Message).content)));
}

class Recorder {
  transitions: Transition[] = [];
  requests: SentRequest[] = [];
  seq = 0;
  /** raw script message -> the message onAppend let into history */
  readonly entered = new Map<Message, Message>();
  private readonly views = new Map<number, Message[] | null>();

  constructor(
    readonly system: Message,
    private readonly users: { step: number; message: Message }[],
  ) {}

  lastUser(step: number, phase: HookPhase | 'send'): Message | undefined {
    let found: Message | undefined;
    for (const u of this.users) {
      if (u.step < step || (u.step === step && phase !== 'command')) found = u.message;
    }
    return found && (this.entered.get(found) ?? found);
  }

  transition(phase: HookPhase, ctx: PolicyContext, input: Message[], seq: number, out: Partial<Transition>): void {
    this.transitions.push({ phase, step: ctx.step, seq, input, contextWindow: ctx.contextWindow, lastUser: this.lastUser(ctx.step, phase), ...out });
  }

  result(phase: HookPhase, ctx: PolicyContext, input: Message[], seq: number, r: HookResult): void {
    if (!r || typeof r !== 'object') return this.transition(phase, ctx, input, seq, {});
    if ('veto' in r) return this.transition(phase, ctx, input, seq, { veto: String(r.veto) });
    const output = wellFormed(r.history) ? r.history.slice() : undefined;
    this.transition(phase, ctx, input, seq, { output, kind: r.kind, note: r.note, detail: r.detail });
  }

  view(ctx: PolicyContext, history: readonly Message[], v: readonly Message[] | ViewResult, seq: number): void {
    const label = Array.isArray(v) ? undefined : (v as ViewResult | undefined);
    const msgs = label ? label.messages : (v as readonly Message[]);
    if (msgs === history || !wellFormed(msgs)) {
      this.views.set(ctx.step, null);
      return;
    }
    this.views.set(ctx.step, msgs.slice());
    this.transition('view', ctx, history.slice(), seq, { output: msgs.slice(), kind: label?.kind ?? 'view', note: label?.note });
  }

  sent(ctx: PolicyContext, historyWithResponse: readonly Message[]): void {
    const view = this.views.get(ctx.step);
    const body = view ?? historyWithResponse.slice(0, -1);
    this.requests.push({
      step: ctx.step, seq: this.seq++, messages: [this.system, ...body],
      contextWindow: ctx.contextWindow, model: ctx.model, lastUser: this.lastUser(ctx.step, 'send'),
    });
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The policy with every hook forwarded and recorded. */
function instrument(inner: ContextPolicy, rec: Recorder): ContextPolicy {
  const p: Mutable<ContextPolicy> = { id: inner.id, params: inner.params };
  const hook = (phase: HookPhase, h: readonly Message[], ctx: PolicyContext, call: () => HookResult): HookResult => {
    const input = h.slice();
    const seq = rec.seq++;
    const r = call();
    rec.result(phase, ctx, input, seq, r);
    return r;
  };
  if (inner.onAppend) {
    p.onAppend = (m, ctx) => {
      const out = inner.onAppend!(m, ctx);
      rec.entered.set(m, out);
      return out;
    };
  }
  if (inner.beforeStep) p.beforeStep = (h, ctx) => hook('before', h, ctx, () => inner.beforeStep!(h, ctx));
  if (inner.onOverflow) p.onOverflow = (h, ctx) => hook('overflow', h, ctx, () => inner.onOverflow!(h, ctx));
  if (inner.onCommand) p.onCommand = (c, a, h, ctx) => hook('command', h, ctx, () => inner.onCommand!(c, a, h, ctx));
  if (inner.view) {
    p.view = (h, ctx) => {
      const seq = rec.seq++;
      const v = inner.view!(h, ctx);
      rec.view(ctx, h, v, seq);
      return v;
    };
  }
  p.afterStep = (h, usage, ctx) => {
    rec.sent(ctx, h);
    return inner.afterStep ? hook('after', h, ctx, () => inner.afterStep!(h, usage, ctx)) : undefined;
  };
  if (inner.telemetry) p.telemetry = () => inner.telemetry!();
  return p;
}

/** Merges the case's generated parameters (if any) over the target's. */
function paramsFor(target: PolicyTarget, c: PolicyCase): RawParams {
  return c.params ? { ...(target.params ?? {}), ...c.params } : (target.params ?? {});
}

const HOOKS = ['onAppend', 'beforeStep', 'view', 'afterStep', 'onOverflow', 'onCommand'] as const;

/** Every script assistant message that calls tools, by call id, with the model that produced it. */
function producedByCallId(workload: Workload): Map<string, ProducedMessage> {
  const out = new Map<string, ProducedMessage>();
  let model = workload.model;
  for (const s of workload.steps) {
    for (const ev of s.events ?? []) if (ev.type === 'model-switch') model = ev.model;
    for (const c of s.response.tool_calls ?? []) out.set(c.id, { message: s.response, model });
  }
  return out;
}

/**
 * Replays `c` through the policy in the simulator (checked mode) and records what happened. The run
 * sees a fixed fake clock and a Math.random seeded by the case (`environment.ts`); its `replay` runs
 * the case again with the clock shifted and the stream reseeded.
 */
export function drive(target: PolicyTarget, c: PolicyCase, opts: DriveOptions = {}, env: RunEnvironment = baseEnvironment(c.seed)): Observation {
  const obs = withEnvironment(env, () => driveOnce(target, c, opts));
  return { ...obs, replay: () => withEnvironment(shiftedEnvironment(c.seed), () => driveOnce(target, c, opts)) };
}

function driveOnce(target: PolicyTarget, c: PolicyCase, opts: DriveOptions): Observation {
  const tokens = createTokenCounter();
  const rendered = renderCase(c, tokens, opts.render);
  const rec = new Recorder(rendered.workload.system, rendered.userMessages);
  const resolved = resolvePolicy(target.def, paramsFor(target, c));
  let hooks: string[] = [];
  const wrappedDef: PolicyDefinition = {
    ...resolved.def,
    create: (params) => {
      const inner = target.def.create(params);
      hooks = HOOKS.filter((h) => typeof inner[h] === 'function');
      return instrument(inner, rec);
    },
  };
  const settings: SimSettings = {
    breakpoints: opts.settings?.breakpoints ?? 'auto',
    ...(opts.settings?.ttl ? { ttl: opts.settings.ttl } : {}),
    ...(opts.settings?.overflowRetries !== undefined ? { overflowRetries: opts.settings.overflowRetries } : {}),
    summarizer: { fidelity: 1, failureRate: 0, ...opts.settings?.summarizer, failAt: c.context.summarizerFailAt },
  };
  let failure: Observation['failure'] = null;
  try {
    const run = runSession(makeSetup({
      scenario: 'property', seed: c.seed, workload: rendered.workload, policy: { ...resolved, def: wrappedDef }, settings, tokens, checked: true,
    }));
    if (run.failure) failure = { step: run.failure.step, phase: run.failure.phase, error: run.failure.error };
  } catch (e) {
    // the simulator itself threw while handling what the policy returned (e.g. a malformed content part)
    failure = { step: -1, phase: 'simulator', error: `the simulator failed on the policy's output: ${e instanceof Error ? e.message : String(e)}` };
  }
  return {
    system: rendered.workload.system, transitions: rec.transitions, requests: rec.requests, failure, tokens,
    produced: producedByCallId(rendered.workload), hooks,
  };
}

/** The rendered conversation of a case (system prompt first), for printing a counterexample. */
export function caseTranscript(c: PolicyCase, opts: DriveOptions = {}): Message[] {
  return renderCase(c, createTokenCounter(), opts.render).transcript;
}
