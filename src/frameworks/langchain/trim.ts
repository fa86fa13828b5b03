/**
 * LangChain's `trimMessages` (@langchain/core/messages) as the registered entry `langchain-trim`, run
 * from the package found in `packageDir` (default: the working directory).
 *
 * How LangChain users apply it: in front of the model, on every call (`trimMessages({...}).pipe(model)`,
 * or from a `wrapModelCall` middleware), while the stored history stays whole. So it is a per-request
 * view here, recomputed from the full history each step, never a durable edit.
 *
 * Its defaults: strategy `last`, `includeSystem` false, no `startOn`/`endOn`, no partial messages.
 * `maxTokens` and `tokenCounter` have no default: `maxTokens` is `maxTokensFraction` of the scenario's
 * window (a parameter, 0.8 as the summarization entry's trigger), and the counter is LangChain's own
 * `countTokensApproximately` (chars / 4, tool calls included), the estimate its middleware use.
 *
 * Identity: `trimMessages(..., { strategy: 'last' })` returns copies of every message, so an untouched
 * message is matched back to the one it copies by id (ids given here to the policy's own LangChain
 * messages, which have none) and content; a message cut by `allowPartial` stays a new message.
 */
import path from 'node:path';
import type { AsyncContextPolicy } from '../async-policy.js';
import type { LcMessage } from './convert.js';
import { loadLangChain, middlewarePolicy, type Middleware } from './middleware.js';
import { resolveEsm } from '../resolve-package.js';

export const async = true;

type Trim = (messages: LcMessage[], options: Record<string, unknown>) => Promise<LcMessage[]>;
type Counter = (messages: LcMessage[]) => number;

/** The originals for the copies trimMessages returns, where the copy is the same message. */
function restoreIdentity(input: readonly LcMessage[], output: readonly LcMessage[]): LcMessage[] {
  const byId = new Map(input.map((m) => [m.id, m]));
  return output.map((m) => {
    const original = m.id === undefined ? undefined : byId.get(m.id);
    return original && JSON.stringify(original.content) === JSON.stringify(m.content) ? original : m;
  });
}

/** The options of trimMessages, from the entry's parameters and the scenario's window. */
export function trimOptions(params: Readonly<Record<string, unknown>>, contextWindow: number, tokenCounter: Counter): Record<string, unknown> {
  const options: Record<string, unknown> = {
    maxTokens: Math.floor(Number(params.maxTokensFraction) * contextWindow),
    tokenCounter,
    strategy: params.strategy,
    allowPartial: params.allowPartial === true,
  };
  if (params.strategy === 'last') options.includeSystem = params.includeSystem === true;
  if (params.startOn) options.startOn = params.startOn;
  return options;
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const from = path.join(path.resolve(String(params.packageDir || '.')), 'package.json');
  const lc = await loadLangChain(from);
  const messages = (await import(resolveEsm('@langchain/core/messages', from))) as { trimMessages: Trim };
  const lcMain = (await import(resolveEsm('langchain', from))) as { countTokensApproximately: Counter };
  let nextId = 0;
  const mw: Middleware = {
    name: 'TrimMessages',
    wrapModelCall: async (request, handler) => {
      const input = request.messages as LcMessage[];
      for (const m of input) m.id ??= `cb-${nextId++}`;
      const { contextWindow } = (request.runtime as { context: { contextWindow: number } }).context;
      const trimmed = await messages.trimMessages(input, trimOptions(params, contextWindow, lcMain.countTokensApproximately));
      return handler({ ...request, messages: restoreIdentity(input, trimmed) });
    },
  };
  return middlewarePolicy('langchain-trim', params, mw, lc, (ctx) => ({ contextWindow: ctx.contextWindow }));
}
