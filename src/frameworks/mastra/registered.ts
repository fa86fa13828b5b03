/**
 * Mastra's own context processors at their defaults, as registered entries (`mastra-token-limiter`,
 * `mastra-tool-call-filter`), built from the Mastra found in `packageDir` (default: the working
 * directory). Which API runs follows the installed @mastra/core:
 * - 1.x (Node >= 22.13): `TokenLimiterProcessor` / `ToolCallFilter` from `@mastra/core/processors`,
 *   through `processLLMRequest` (llm-request.ts);
 * - 0.x (what npm resolves on Node 20): `TokenLimiter` / `ToolCallFilter` from
 *   `@mastra/memory/processors` 0.x, memory processors run once per agent run (memory.ts).
 * TokenLimiter has no default limit (it is required), so the entry's `limit` parameter gives it; 0, the
 * default, takes the scenario's window minus its output reserve (max output tokens), which is what a
 * user sizing it to the model would write. ToolCallFilter runs with no options (all tool calls).
 */
import path from 'node:path';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { resolveEsm } from '../resolve-package.js';
import { llmRequestPolicy, type LlmRequestProcessor } from './llm-request.js';
import { loadMastraCore, mastraVersion } from './load.js';
import { memoryProcessorPolicy, type MemoryProcessorLike } from './memory.js';

export const async = true;

type Ctor<T> = new (o?: unknown) => T;

/** The processor limit: `limit`, or (0) the window minus the output reserve. */
export const tokenLimit = (params: Readonly<Record<string, unknown>>, ctx: Pick<AsyncPolicyContext, 'contextWindow' | 'maxOutputTokens'>): number =>
  Number(params.limit) > 0 ? Number(params.limit) : ctx.contextWindow - ctx.maxOutputTokens;

/** A policy built on its first hook, when the scenario's window is known. */
function builtOnFirstCall(id: string, params: Readonly<Record<string, unknown>>, make: (ctx: AsyncPolicyContext) => AsyncContextPolicy): AsyncContextPolicy {
  let inner: AsyncContextPolicy | null = null;
  return {
    id, params,
    view: (h, ctx) => (inner ??= make(ctx)).view!(h, ctx),
    telemetry: async () => (inner ? await inner.telemetry!() : {}),
  };
}

async function memoryProcessors(from: string, where: string): Promise<{ TokenLimiter: Ctor<MemoryProcessorLike>; ToolCallFilter: Ctor<MemoryProcessorLike> }> {
  try {
    return (await import(resolveEsm('@mastra/memory/processors', from))) as { TokenLimiter: Ctor<MemoryProcessorLike>; ToolCallFilter: Ctor<MemoryProcessorLike> };
  } catch {
    throw new Error(`@mastra/memory is not installed in ${where}: with @mastra/core 0.x (Node 20) the context processors are memory processors: npm install @mastra/memory@0.15`);
  }
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const dir = path.resolve(String(params.packageDir || '.'));
  const from = path.join(dir, 'package.json');
  const id = String(params.processor) === 'tool-call-filter' ? 'mastra-tool-call-filter' : 'mastra-token-limiter';
  const limiter = id === 'mastra-token-limiter';
  const version = mastraVersion(from, dir);
  if (Number(version.split('.')[0]) < 1) {
    const mem = await memoryProcessors(from, dir);
    if (!limiter) return memoryProcessorPolicy(id, params, [new mem.ToolCallFilter()], version);
    return builtOnFirstCall(id, params, (ctx) => memoryProcessorPolicy(id, params, [new mem.TokenLimiter(tokenLimit(params, ctx))], version));
  }
  const core = await loadMastraCore(from, dir);
  const ctor = (name: string): Ctor<LlmRequestProcessor> => {
    const c = core.processors[name];
    if (typeof c !== 'function') throw new Error(`@mastra/core ${core.version} has no ${name} in @mastra/core/processors`);
    return c as Ctor<LlmRequestProcessor>;
  };
  if (!limiter) return llmRequestPolicy(id, params, [new (ctor('ToolCallFilter'))()], core.version);
  const TokenLimiterProcessor = ctor('TokenLimiterProcessor');
  return builtOnFirstCall(id, params, (ctx) => llmRequestPolicy(id, params, [new TokenLimiterProcessor({ limit: tokenLimit(params, ctx) })], core.version));
}
