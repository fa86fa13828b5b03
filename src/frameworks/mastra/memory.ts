/**
 * Mastra 0.x memory processors (`@mastra/memory/processors` 0.15: TokenLimiter, ToolCallFilter; any
 * `MemoryProcessor`), as a compactbench view. This is what Mastra offers on Node 20, where npm resolves
 * @mastra/core 0.24: there the processors that trim context are memory processors, not request
 * processors (core 0.24's TokenLimiterProcessor limits the *response*; it has no ToolCallFilter).
 *
 * How Mastra 0.24 runs them (Agent, `memory.processMessages`): once per agent run, i.e. per user
 * message, on the messages recalled from memory (the thread's history before that message), each
 * processor in order, with the run's new user message(s) passed alongside as `newMessages` (TokenLimiter
 * counts them but returns only recalled ones). The run's prompt is then: the processed history, the new
 * message, and whatever the run's own steps append. Memory keeps everything, so the next run processes
 * the full thread again. So: a per-request view whose base is recomputed at each user turn and fixed
 * within it. Memory's own recall window (`lastMessages`) is not modelled: the whole thread is recalled.
 */
import type { Message } from '../../core/messages.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { CoreMessageMap, type CoreMessage } from './convert-core.js';
import { eventKind } from './llm-request.js';

export interface MemoryProcessorLike {
  name?: string;
  process(messages: CoreMessage[], opts: Record<string, unknown>): CoreMessage[] | Promise<CoreMessage[]>;
}

export const isMemoryProcessor = (p: unknown): p is MemoryProcessorLike =>
  !!p && typeof p === 'object' && typeof (p as { process?: unknown }).process === 'function' &&
  typeof (p as { processLLMRequest?: unknown }).processLLMRequest !== 'function';

export function memoryProcessorPolicy(id: string, params: Readonly<Record<string, unknown>>, processors: readonly MemoryProcessorLike[], version: string): AsyncContextPolicy {
  const map = new CoreMessageMap();
  const counts = { 'mastra.runs': 0, 'mastra.runsChanged': 0, 'mastra.messagesRemoved': 0 };
  let turn = -1;
  // the run's base prompt (processed recall + new messages) and the history length it stands for
  let base: readonly Message[] = [];
  let baseOf = 0;
  let changed = false;
  let kind = 'memory-processors';

  const startRun = async (history: readonly Message[], ctx: AsyncPolicyContext): Promise<void> => {
    counts['mastra.runs']++;
    let split = history.length;
    while (split > 0 && history[split - 1]!.role === 'user') split--;
    const recalled = history.slice(0, split);
    const fresh = history.slice(split);
    let msgs = map.toCore(recalled);
    const opts = { systemMessage: ctx.systemPrompt || undefined, newMessages: map.toCore(fresh), memorySystemMessage: undefined };
    const by: string[] = [];
    for (const p of processors) {
      const next = await p.process(msgs, opts);
      if (next.length !== msgs.length || next.some((m, i) => m !== msgs[i])) by.push(p.name ?? 'processor');
      msgs = next;
    }
    const kept = map.fromCore(msgs);
    base = [...kept, ...fresh];
    baseOf = history.length;
    changed = by.length > 0 && !(kept.length === recalled.length && kept.every((m, i) => m === recalled[i]));
    kind = [...new Set(by.map(eventKind))].join('+') || kind;
    if (changed) {
      counts['mastra.runsChanged']++;
      counts['mastra.messagesRemoved'] += Math.max(0, recalled.length - kept.length);
    }
  };

  const view = async (history: readonly Message[], ctx: AsyncPolicyContext): Promise<readonly Message[] | { messages: Message[]; kind: string }> => {
    if (ctx.userTurn !== turn || history.length < baseOf) {
      turn = ctx.userTurn;
      await startRun(history, ctx);
    }
    if (!changed) return history;
    return { messages: [...base, ...history.slice(baseOf)], kind };
  };
  return { id, params, view, telemetry: () => ({ ...counts, 'mastra.version': version, 'mastra.hook': 'memory.process' }) };
}
