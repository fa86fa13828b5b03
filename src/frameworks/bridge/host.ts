/**
 * The host thread of an asynchronous policy (see client.ts): it imports the policy's module, creates
 * an instance per session, keeps a mirror of the harness's history, and runs each hook to completion,
 * awaiting whatever Promise it returns, while the harness thread waits. Every message it posts bumps a
 * shared counter and wakes the harness (Atomics.notify), which reads it with receiveMessageOnPort.
 */
import seedrandom from 'seedrandom';
import type { MessagePort } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Message } from '../../core/messages.js';
import { createTokenCounter } from '../../core/tokens.js';
import type { SummaryResult } from '../../summarizer/types.js';
import { HOOK_NAMES, type AsyncContextPolicy, type AsyncPolicyContext, type AsyncPolicyModule, type HookName } from '../async-policy.js';
import { encodeMessages, type EncodedHook, type FromHost, type ToHost } from './protocol.js';

export interface HostInit {
  /** file path (or file URL) of the module that exports `createAsync` */
  module: string;
  port: MessagePort;
  signal: Int32Array;
}

const message = (e: unknown): string => {
  try {
    return e instanceof Error ? e.message : String(e);
  } catch {
    return 'a value that cannot be printed';
  }
};

/** The policy's module: tsx's loader is registered for this thread (host-main.ts), so TypeScript loads too. */
async function importAny(module: string): Promise<AsyncPolicyModule> {
  const mod = (await import(module.startsWith('file:') ? module : pathToFileURL(module).href)) as Record<string, unknown>;
  const cjs = mod.default as Record<string, unknown> | undefined;
  return (cjs && typeof cjs === 'object' && cjs.__esModule === true ? cjs : mod) as unknown as AsyncPolicyModule;
}

/** One policy instance (one session) and its mirror of the harness's history. */
interface Instance {
  policy: AsyncContextPolicy;
  ctx: AsyncPolicyContext;
  mirror: Message[];
  /** mirror object → position, for encoding results by identity */
  index: Map<Message, number>;
}

export async function runHost({ module, port, signal }: HostInit): Promise<void> {
  const post = (m: FromHost): void => {
    port.postMessage(m);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  let mod: AsyncPolicyModule;
  try {
    mod = await importAny(module);
    if (typeof mod.createAsync !== 'function') throw new Error(`${module} exports no createAsync(params)`);
  } catch (e) {
    // every request from now on answers with the load failure
    port.on('message', () => post({ t: 'error', message: `asynchronous policy failed to load: ${message(e)}` }));
    return;
  }
  const tokens = createTokenCounter();
  const waiting = new Map<number, (r: SummaryResult) => void>();
  let serial = 0;
  const instances = new Map<number, Instance>();
  const newContext = (): AsyncPolicyContext => ({
    contextWindow: 0, maxOutputTokens: 0, step: 0, userTurn: 0, turnStart: true, now: 0, systemTokens: 0, systemPrompt: '',
    tokens, model: '', rng: Math.random,
    summarizer: {
      summarize: (req) => new Promise((resolve) => {
        const id = ++serial;
        waiting.set(id, resolve);
        post({ t: 'summarize', id, req });
      }),
    },
  });
  const adopt = (inst: Instance, h: Message[]): void => {
    inst.mirror = h;
    inst.index = new Map(h.map((m, i) => [m, i]));
  };

  const call = async (m: Extract<ToHost, { t: 'call' }>): Promise<unknown> => {
    const inst = instances.get(m.instance);
    if (!inst) throw new Error(`no policy instance ${m.instance}`);
    if (m.sync) {
      if (m.sync.reset) adopt(inst, m.sync.add);
      else for (const msg of m.sync.add) inst.index.set(msg, inst.mirror.push(msg) - 1);
    }
    const { ctx, policy: p } = inst;
    if (m.once) Object.assign(ctx, { systemTokens: m.once.systemTokens, systemPrompt: m.once.systemPrompt, rng: seedrandom.alea(String(m.once.rngSeed)) });
    Object.assign(ctx, m.ctx);
    const mirror = inst.mirror;
    switch (m.hook) {
      case 'onAppend': {
        const out = await p.onAppend!(m.msg!, ctx);
        return out === m.msg ? { same: true } : { same: false, m: out };
      }
      case 'view': {
        const v = await p.view!(mirror, ctx);
        const msgs = Array.isArray(v) ? (v as readonly Message[]) : (v as { messages: readonly Message[] }).messages;
        const meta = Array.isArray(v) ? {} : { kind: (v as { kind?: string }).kind, note: (v as { note?: string }).note };
        return { messages: encodeMessages(msgs, inst.index), ...meta };
      }
      case 'telemetry': {
        const t = (await p.telemetry!()) ?? {};
        instances.delete(m.instance);
        return t;
      }
      default: {
        const r = m.hook === 'beforeStep' ? await p.beforeStep!(mirror, ctx)
          : m.hook === 'afterStep' ? await p.afterStep!(mirror, m.usage as never, ctx)
            : m.hook === 'onOverflow' ? await p.onOverflow!(mirror, ctx)
              : await p.onCommand!(m.command ?? '', m.args, mirror, ctx);
        let enc: EncodedHook;
        if (!r) enc = { kind: 'none' };
        else if ('veto' in r) enc = { kind: 'veto', veto: String(r.veto) };
        else {
          enc = { kind: 'result', history: encodeMessages(r.history, inst.index), result: r.kind, ...(r.note ? { note: r.note } : {}), ...(r.detail ? { detail: r.detail } : {}) };
          adopt(inst, r.history.slice());
        }
        return enc;
      }
    }
  };

  port.on('message', (m: ToHost) => {
    if (m.t === 'summary') {
      waiting.get(m.id)?.(m.result);
      waiting.delete(m.id);
      return;
    }
    if (m.t === 'dispose') {
      instances.delete(m.instance);
      return;
    }
    const run = async (): Promise<unknown> => {
      if (m.t === 'create') {
        const policy = await mod.createAsync(m.params);
        instances.set(m.instance, { policy, ctx: newContext(), mirror: [], index: new Map() });
        return HOOK_NAMES.filter((h) => typeof (policy as unknown as Record<HookName, unknown>)[h] === 'function');
      }
      return call(m);
    };
    run().then(
      (value) => post(m.t === 'create' ? { t: 'created', hooks: value as HookName[] } : { t: 'done', value }),
      (e: unknown) => post({ t: 'error', message: message(e) }),
    );
  });
}
