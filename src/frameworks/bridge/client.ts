/**
 * The harness side of the bridge: an asynchronous policy (../async-policy.ts) as a synchronous
 * ContextPolicy. Why a bridge rather than a second, awaiting session loop: the loop stays one loop, the
 * registered ports keep their synchronous fast path untouched (not one branch more per step), and the
 * closed loop, the summarizer ledger, workers, shards and the property kit work the same for both,
 * because to all of them a bridged policy is an ordinary one.
 *
 * How: the policy lives on a host thread (host.ts), one per module per harness thread, which holds one
 * instance per session. A hook posts its call and blocks in Atomics.wait until the host answers; the
 * host's summary calls come back on the same channel while the hook waits and are answered with the
 * harness's own summarizer, so they are counted, priced and timed as any summary call. A hook that does
 * not settle within the budget fails the session (a PolicyFailure, like any throwing hook) and ends its
 * host thread.
 *
 * Cost per step: one round trip per hook (tens of µs), the messages appended since the last call (the
 * host mirrors the history), and the result as runs of the history's own positions. The frameworks'
 * entry points take and return whole message lists, so their own work is O(history) per step.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import type { ContextPolicy, HookResult, PolicyContext, ViewResult } from '../../policies/types.js';
import type { HookName } from '../async-policy.js';
import { decodeMessages, type CallContext, type EncodedHook, type FromHost, type HistorySync, type Segment, type ToHost } from './protocol.js';

const FROM_SOURCE = import.meta.url.endsWith('.ts');
const HOST_ENTRY = new URL(FROM_SOURCE ? './host-entry.mjs' : './host-main.js', import.meta.url);

/** Longest a bridged hook may take before its session fails (the isolation budget's default). */
export const DEFAULT_BRIDGE_BUDGET_MS = 60_000;
/** Longest the host may take to start, import the module and create an instance (a framework is large). */
const LOAD_BUDGET_MS = 120_000;

class Host {
  readonly port: MessagePort;
  readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private received = 0;
  private worker: Worker | null;
  dead: string | null = null;

  constructor(readonly module: string, readonly budgetMs: number) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(HOST_ENTRY, { workerData: { module, port: port2, signal: this.signal }, transferList: [port2] });
    // the host never keeps the process alive, and its failures surface as failed hooks
    this.worker.unref();
    this.worker.on('error', () => undefined);
  }

  /** Sends `msg` and waits for its answer, serving the host's summary calls meanwhile. */
  request(msg: ToHost, summarize?: PolicyContext['summarizer'], budgetMs = this.budgetMs): FromHost {
    if (this.dead) throw new Error(this.dead);
    this.port.postMessage(msg);
    const deadline = Date.now() + budgetMs;
    for (;;) {
      const got = receiveMessageOnPort(this.port);
      if (!got) {
        const left = deadline - Date.now();
        if (left <= 0 || Atomics.wait(this.signal, 0, this.received, left) === 'timed-out') return this.kill(`did not settle within ${budgetMs} ms`);
        continue;
      }
      this.received++;
      const m = got.message as FromHost;
      if (m.t !== 'summarize') return m;
      const result = summarize ? summarize.summarize(m.req) : { ok: false as const, error: 'no summarizer', kind: 'provider' as const };
      this.port.postMessage({ t: 'summary', id: m.id, result } satisfies ToHost);
    }
  }

  private kill(why: string): never {
    this.dead = `asynchronous policy ${why}; its host thread was stopped`;
    void this.worker?.terminate();
    this.worker = null;
    hosts.delete(this.module);
    throw new Error(this.dead);
  }
}

const hosts = new Map<string, Host>();
let instances = 0;

function hostFor(module: string, budgetMs: number): Host {
  let h = hosts.get(module);
  if (!h || h.dead) hosts.set(module, (h = new Host(module, budgetMs)));
  return h;
}

function answer(m: FromHost): unknown {
  if (m.t === 'error') throw new Error(m.message);
  if (m.t === 'created' || m.t === 'done') return m.t === 'created' ? m.hooks : m.value;
  throw new Error(`bridge: unexpected message ${m.t}`);
}

const callContext = (c: PolicyContext): CallContext => ({
  contextWindow: c.contextWindow, maxOutputTokens: c.maxOutputTokens, step: c.step, userTurn: c.userTurn,
  turnStart: c.turnStart, now: c.now, model: c.model, ...(c.lastUsage ? { lastUsage: c.lastUsage } : {}),
});

/**
 * A synchronous ContextPolicy that runs the asynchronous policy `module` exports (`createAsync`) with
 * `params` on a host thread. `id` names it in the records.
 */
export function bridgedPolicy(module: string, id: string, params: Readonly<Record<string, unknown>>, budgetMs = DEFAULT_BRIDGE_BUDGET_MS): ContextPolicy {
  const host = hostFor(module, budgetMs);
  const instance = ++instances;
  const hooks = answer(host.request({ t: 'create', instance, params: { ...params } }, undefined, Math.max(budgetMs, LOAD_BUDGET_MS))) as HookName[];
  // what the host mirrors: the length of the history it was last sent or gave back, and its ends
  let sentLength = 0;
  let sentFirst: Message | undefined;
  let sentLast: Message | undefined;
  let first = true;

  const syncOf = (history: readonly Message[]): HistorySync | null => {
    const extends_ = history.length >= sentLength && (sentLength === 0 || (history[0] === sentFirst && history[sentLength - 1] === sentLast));
    const sync: HistorySync | null = extends_
      ? (history.length > sentLength ? { reset: false, add: history.slice(sentLength) } : null)
      : { reset: true, add: history.slice() };
    mirrored(history);
    return sync;
  };
  const mirrored = (h: readonly Message[]): void => {
    sentLength = h.length;
    sentFirst = h[0];
    sentLast = h[h.length - 1];
  };
  const call = (hook: HookName, ctx: PolicyContext, history: readonly Message[] | null, extra: Partial<Extract<ToHost, { t: 'call' }>> = {}): unknown => {
    const once = first ? { systemTokens: ctx.systemTokens, systemPrompt: ctx.systemPrompt, rngSeed: ctx.rng() } : undefined;
    first = false;
    const msg: ToHost = { t: 'call', instance, hook, sync: history ? syncOf(history) : null, ctx: callContext(ctx), ...(once ? { once } : {}), ...extra };
    return answer(host.request(msg, ctx.summarizer));
  };
  const rewrite = (hook: HookName, history: readonly Message[], ctx: PolicyContext, extra: Partial<Extract<ToHost, { t: 'call' }>> = {}): HookResult => {
    const r = call(hook, ctx, history, extra) as EncodedHook;
    if (r.kind === 'none') return undefined;
    if (r.kind === 'veto') return { veto: r.veto };
    const out = decodeMessages(r.history, history);
    mirrored(out);
    lastViewInput = null;
    lastLead = 0;
    return { history: out, kind: r.result, ...(r.note ? { note: r.note } : {}), ...(r.detail ? { detail: r.detail } : {}) };
  };
  const has = (h: HookName): boolean => hooks.includes(h);
  // the previous view's input and the length of its leading run of that input (a rewrite resets both)
  let lastViewInput: readonly Message[] | null = null;
  let lastLead = 0;

  const policy: ContextPolicy = {
    id,
    params,
    ...(has('onAppend') ? {
      onAppend: (msg: Message, ctx: PolicyContext): Message => {
        const r = call('onAppend', ctx, null, { msg }) as { same: boolean; m?: Message };
        return r.same ? msg : r.m!;
      },
    } : {}),
    ...(has('beforeStep') ? { beforeStep: (h: readonly Message[], ctx: PolicyContext) => rewrite('beforeStep', h, ctx) } : {}),
    ...(has('view') ? {
      view: (h: readonly Message[], ctx: PolicyContext): ViewResult => {
        const r = call('view', ctx, h) as { messages: Segment[]; kind?: string; note?: string };
        // the hint: the view's leading run of the history, as long as the previous view's and unchanged since
        const lead = leadingRun(r.messages);
        const changedFrom = h === lastViewInput || (lastViewInput && h.length >= lastLead && h[lastLead - 1] === lastViewInput[lastLead - 1] && h[0] === lastViewInput[0])
          ? Math.min(lead, lastLead) : 0;
        lastViewInput = h;
        lastLead = lead;
        return { messages: decodeMessages(r.messages, h), changedFrom, ...(r.kind ? { kind: r.kind } : {}), ...(r.note ? { note: r.note } : {}) };
      },
    } : {}),
    ...(has('afterStep') ? { afterStep: (h: readonly Message[], usage: Usage, ctx: PolicyContext) => rewrite('afterStep', h, ctx, { usage }) } : {}),
    ...(has('onOverflow') ? { onOverflow: (h: readonly Message[], ctx: PolicyContext) => rewrite('onOverflow', h, ctx) } : {}),
    ...(has('onCommand') ? {
      onCommand: (command: string, args: string | undefined, h: readonly Message[], ctx: PolicyContext) =>
        rewrite('onCommand', h, ctx, { command, ...(args !== undefined ? { args } : {}) }),
    } : {}),
    telemetry: (): Record<string, string | number | boolean> => {
      const own = has('telemetry') ? (answer(host.request({ t: 'call', instance, hook: 'telemetry', sync: null, ctx: EMPTY_CTX })) as Record<string, string | number | boolean>) : {};
      if (!has('telemetry')) host.port.postMessage({ t: 'dispose', instance } satisfies ToHost);
      return { ...own, asyncPolicy: true };
    },
  };
  return policy;
}

/** How many messages the result starts with that are the input's own, from position 0 on. */
function leadingRun(segs: readonly Segment[]): number {
  const first = segs[0];
  return Array.isArray(first) && first[0] === 0 ? first[1] : 0;
}

const EMPTY_CTX: CallContext = { contextWindow: 0, maxOutputTokens: 0, step: 0, userTurn: 0, turnStart: false, now: 0, model: '' };
