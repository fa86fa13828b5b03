/**
 * A user's Mastra processors, run as-is (the host thread imports this module; ../bridge/client.ts): the
 * file exports what the user passes to `new Agent({ inputProcessors })`: a processor instance or an
 * array of them (default export, `inputProcessors`, `processors` or `processor`), built with the user's
 * own `@mastra/core`. Each is driven through `processLLMRequest` (llm-request.ts), in order.
 *
 * On Node 20 the processors a user has are @mastra/memory 0.x memory processors (`process(messages)`,
 * memory.ts); a file whose processors are all of that kind runs through that hook instead.
 */
import path from 'node:path';
import type { AsyncContextPolicy } from '../async-policy.js';
import { importUserModule } from '../user-module.js';
import { isLlmRequestProcessor, llmRequestPolicy } from './llm-request.js';
import { isMemoryProcessor, memoryProcessorPolicy } from './memory.js';
import { checkedMastraVersion } from './load.js';

export const async = true;

const EXPORTS = ['default', 'inputProcessors', 'processors', 'processor'] as const;

/** What the file exports, as a list (the first of EXPORTS it has). */
export function exportedProcessors(mod: Record<string, unknown>, file: string): unknown[] {
  const found = EXPORTS.map((k) => mod[k]).find((v) => v !== undefined && v !== null);
  if (found === undefined) throw new Error(`${file} exports no Mastra processor (export default [new ToolCallFilter(), new TokenLimiterProcessor(…)], or export const inputProcessors = …)`);
  return Array.isArray(found) ? found : [found];
}

const label = (p: unknown): string => String((p as { id?: string; name?: string } | null)?.id ?? (p as { name?: string } | null)?.name ?? typeof p);

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  if (!params.module) throw new Error('mastra-processors needs module=PATH (a file that exports a processor or an array of them)');
  const file = path.resolve(String(params.module));
  const version = checkedMastraVersion(file, path.dirname(file));
  const mod = await importUserModule(file);
  const list = exportedProcessors(mod, String(params.module));
  if (list.length > 0 && list.every(isMemoryProcessor)) return memoryProcessorPolicy('mastra-processors', params, list, version);
  const unsupported = list.filter((p) => !isLlmRequestProcessor(p));
  if (unsupported.length) {
    throw new Error(`${params.module}: ${unsupported.map(label).join(', ')} has no processLLMRequest; the adapter drives Mastra's per-request prompt hook only (processInput/processInputStep need Mastra's MessageList and memory)`);
  }
  return llmRequestPolicy('mastra-processors', params, list.filter(isLlmRequestProcessor), version);
}
