/**
 * LangChain's own middleware at its documented defaults, as registered entries (`langchain-summarization`,
 * `langchain-clear-tool-uses`): built here from the `langchain` package found in `packageDir` (default:
 * the working directory), then driven by middleware.ts. Where LangChain has no default (the
 * summarization trigger: it never fires without one), the trigger is a parameter, as a fraction of the
 * window, passed the way LangChain takes per-run settings (`runtime.context.trigger`).
 */
import path from 'node:path';
import type { AsyncContextPolicy } from '../async-policy.js';
import { loadLangChain, middlewarePolicy, type Middleware } from './middleware.js';
import { resolveEsm } from '../resolve-package.js';

export const async = true;

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const from = path.join(path.resolve(String(params.packageDir || '.')), 'package.json');
  const lc = await loadLangChain(from);
  const lcMain = (await import(resolveEsm('langchain', from))) as Record<string, (o: unknown) => Middleware> & { ClearToolUsesEdit: new (o: unknown) => unknown };
  const testing = (await import(resolveEsm('@langchain/core/utils/testing', from))) as { FakeListChatModel: new (o: unknown) => unknown };
  const fraction = Number(params.triggerFraction);
  const trigger = (window: number) => ({ tokens: Math.floor(fraction * window) });
  if (params.middleware === 'clear-tool-uses') {
    // ClearToolUsesEdit's own defaults: trigger 100,000 tokens, keep 3 tool results, placeholder "[cleared]"
    const mw = lcMain.contextEditingMiddleware!({ edits: [new lcMain.ClearToolUsesEdit({})] });
    return middlewarePolicy('langchain-clear-tool-uses', params, mw, lc);
  }
  const model = new testing.FakeListChatModel({ responses: ['unused: compactbench answers summary calls'] });
  const mw = lcMain.summarizationMiddleware!({ model, trigger: { tokens: 1 }, keep: { messages: Number(params.keepMessages) } });
  return middlewarePolicy('langchain-summarization', params, mw, lc, (ctx) => ({ trigger: trigger(ctx.contextWindow) }));
}
