/**
 * A LangChain agent middleware, run as-is (the host thread imports this module; ../bridge/client.ts):
 * the user's file exports the middleware it builds (`export default summarizationMiddleware({...})`, or
 * `export const middleware`), and this adapter drives its hooks the way `createAgent` does:
 * - `beforeModel(state, runtime)` is a durable edit: its `messages` update goes through LangGraph's
 *   message reducer (RemoveMessage by id, `__remove_all__`, replace by id, append), kept for later steps;
 * - `wrapModelCall(request, handler)` is per request: the messages the handler receives are what is
 *   sent (a view), recomputed from the full history every step, as LangChain does.
 * Every chat model's `invoke` on this thread answers from the harness's mock summarizer (LangChain's
 * `BaseChatModel.prototype.invoke`, from the user's own copy of @langchain/core), so whatever model the
 * file names, no network is touched and summary lengths and costs are compactbench's.
 */
import path from 'node:path';
import type { Message } from '../../core/messages.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { LcMessageMap, type Coerce, type LcMessage } from './convert.js';
import { importUserModule } from '../user-module.js';
import { resolveEsm } from '../resolve-package.js';

export const async = true;

export interface Middleware {
  name?: string;
  beforeModel?: ((state: unknown, runtime: unknown) => unknown) | { hook: (state: unknown, runtime: unknown) => unknown };
  wrapModelCall?: (request: Record<string, unknown>, handler: (r: Record<string, unknown>) => unknown) => unknown;
}

interface Lc {
  coerce: Coerce;
  removeAll: string;
  aiMessage: new (o: { content: string }) => unknown;
}

let current: AsyncPolicyContext | null = null;
/** the summary budget LangChain's summarization leaves to the model (no max_tokens is set): a cap */
const SUMMARY_CAP_TOKENS = 4096;

/** LangChain as `from` resolves it, with every chat model's invoke wired to the mock summarizer. */
export async function loadLangChain(from: string): Promise<Lc> {
  const load = async (spec: string): Promise<Record<string, unknown>> => {
    try {
      return (await import(resolveEsm(spec, from))) as Record<string, unknown>;
    } catch {
      throw new Error(`LangChain is not installed where ${from} resolves it: npm install @langchain/core@1 langchain@1`);
    }
  };
  const messages = await load('@langchain/core/messages');
  const chat = await load('@langchain/core/language_models/chat_models');
  const AIMessage = messages.AIMessage as Lc['aiMessage'];
  const proto = (chat.BaseChatModel as { prototype: Record<string, unknown> }).prototype;
  if (!proto.__compactbench) {
    proto.__compactbench = true;
    proto.invoke = async function invoke(input: unknown): Promise<unknown> {
      const ctx = current;
      if (!ctx) throw new Error('a LangChain model was called outside a hook');
      const prompt = typeof input === 'string' ? input : JSON.stringify(input);
      const r = await ctx.summarizer.summarize({ messages: [{ role: 'user', content: prompt }], budgetTokens: SUMMARY_CAP_TOKENS, budgetKind: 'cap' });
      if (!r.ok) throw new Error(`summary call failed: ${r.error}`);
      return new AIMessage({ content: r.text });
    };
  }
  const removeAll = '__remove_all__';
  return { coerce: messages.coerceMessageLikeToMessage as Coerce, removeAll, aiMessage: AIMessage };
}

/** The event kind the report and the property kit read: LangChain's own middleware by what it does. */
function eventKind(name: string | undefined): string {
  if (name === 'SummarizationMiddleware') return 'summary';
  if (name === 'ContextEditingMiddleware') return 'clear';
  if (name === 'TrimMessages') return 'sliding-window'; // trim.ts: whole messages dropped, not only tool output
  return name ?? 'middleware';
}

/** LangGraph's messages reducer, for the updates a beforeModel hook returns. */
function reduce(state: LcMessage[], update: LcMessage[], removeAll: string): LcMessage[] {
  let out = state.slice();
  for (const m of update) {
    const isRemove = m.getType() === 'remove';
    if (isRemove && m.id === removeAll) out = [];
    else if (isRemove) out = out.filter((x) => x.id !== m.id);
    else {
      const at = m.id ? out.findIndex((x) => x.id === m.id) : -1;
      if (at >= 0) out[at] = m;
      else out.push(m);
    }
  }
  return out;
}

/** `context(ctx)` gives the runtime context per call (the registered entries set their trigger there). */
export function middlewarePolicy(id: string, params: Readonly<Record<string, unknown>>, mw: Middleware, lc: Lc,
  context: (ctx: AsyncPolicyContext) => Record<string, unknown> = () => ({})): AsyncContextPolicy {
  const map = new LcMessageMap(lc.coerce);
  const counts = { 'langchain.beforeModelUpdates': 0, 'langchain.viewChanges': 0 };
  const runtime: { context: Record<string, unknown> } = { context: {} };
  const policy: AsyncContextPolicy = { id, params, telemetry: () => ({ ...counts }) };
  const before = typeof mw.beforeModel === 'function' ? mw.beforeModel : mw.beforeModel?.hook;
  const kind = eventKind(mw.name);
  if (before) {
    policy.beforeStep = async (history, ctx) => {
      current = ctx;
      runtime.context = context(ctx);
      const state = map.toLc(history);
      const r = (await before({ messages: state }, runtime)) as { messages?: LcMessage[] } | undefined;
      if (!r?.messages) return undefined;
      counts['langchain.beforeModelUpdates']++;
      return { history: map.fromLc(reduce(state, r.messages, lc.removeAll)), kind };
    };
  }
  if (mw.wrapModelCall) {
    const wrap = mw.wrapModelCall;
    policy.view = async (history, ctx) => {
      current = ctx;
      runtime.context = context(ctx);
      let sent: LcMessage[] | null = null;
      const model = { getName: () => ctx.model, model: ctx.model };
      await wrap({ messages: map.toLc(history), model, systemPrompt: ctx.systemPrompt, state: {}, runtime }, async (req) => {
        sent = req.messages as LcMessage[];
        return new lc.aiMessage({ content: '' });
      });
      const out: Message[] = sent ? map.fromLc(sent) : history.slice();
      if (out.length === history.length && out.every((m, i) => m === history[i])) return history;
      counts['langchain.viewChanges']++;
      return { messages: out, kind };
    };
  }
  return policy;
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const file = path.resolve(String(params.module ?? ''));
  if (!params.module) throw new Error('langchain-middleware needs module=PATH (a file that exports the middleware it builds)');
  const lc = await loadLangChain(file);
  const mod = await importUserModule(file);
  const mw = (mod.middleware ?? mod.default) as Middleware | undefined;
  if (!mw || (typeof mw.beforeModel !== 'function' && typeof (mw.beforeModel as { hook?: unknown } | undefined)?.hook !== 'function' && typeof mw.wrapModelCall !== 'function')) {
    throw new Error(`${params.module} exports no LangChain middleware with beforeModel or wrapModelCall (export default summarizationMiddleware({...}))`);
  }
  return middlewarePolicy('langchain-middleware', params, mw, lc);
}
