/**
 * Mastra 1.x input processors' `processLLMRequest`, as a compactbench view.
 *
 * Mastra calls `processLLMRequest` on every model request of an agent run, after the message list has
 * become the provider prompt and right before it is sent, each processor in order taking the prompt the
 * previous one returned. What it returns is sent on that call only: stored messages, memory and later
 * requests keep everything (the docs: "Mutations are scoped to this single call"). So it is a per-request
 * view, recomputed from the full history on every step, as Mastra does.
 *
 * What Mastra passes, modelled: `stepNumber` counts the requests of the current agent run (a compactbench
 * user turn: one `agent.generate()`/`stream()` call per user message), and `state` is per processor and
 * per run (ToolCallFilter keeps there which tool calls predate the run, so it filters only those). `abort`
 * throws a tripwire, as Mastra's does; a tripwire ends the run without a model call, which compactbench
 * cannot continue from, so the session fails with the processor's reason. `model`, `messageList`,
 * `steps`, `requestContext` and tracing are stubs: the built-in processors read none of them.
 */
import type { Message } from '../../core/messages.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { PromptMap, type PromptMessage } from './convert.js';

/** The part of Mastra's Processor interface this adapter drives. */
export interface LlmRequestProcessor {
  id?: string;
  name?: string;
  processLLMRequest(args: Record<string, unknown>): unknown;
}

export const isLlmRequestProcessor = (p: unknown): p is LlmRequestProcessor =>
  !!p && typeof p === 'object' && typeof (p as { processLLMRequest?: unknown }).processLLMRequest === 'function';

const nameOf = (p: LlmRequestProcessor, i: number): string => p.id ?? p.name ?? `processor-${i}`;

/**
 * The event kind the report and `check` read, by what the processor does: TokenLimiter drops the oldest
 * messages to fit a limit (a sliding window, which `check` holds to fitting the window); ToolCallFilter
 * removes tool calls and results and claims to keep text (a prune). Others: their id. (1.x ids, 0.x names.)
 */
export function eventKind(processor: string): string {
  if (processor === 'token-limiter' || processor === 'TokenLimiter') return 'sliding-window';
  if (processor === 'tool-call-filter' || processor === 'ToolCallFilter') return 'prune';
  return processor;
}

function tripwire(e: unknown, who: string): Error {
  const err = e instanceof Error ? e : new Error(String(e));
  if (err.name === 'TripWire' || err.constructor?.name === 'TripWire') return new Error(`Mastra tripwire from ${who}: ${err.message} (the run ends without a model call)`);
  return err;
}

export function llmRequestPolicy(id: string, params: Readonly<Record<string, unknown>>, processors: readonly LlmRequestProcessor[], version: string): AsyncContextPolicy {
  const map = new PromptMap();
  const names = processors.map(nameOf);
  const counts: Record<string, number> = { 'mastra.requests': 0, 'mastra.promptChanges': 0, 'mastra.messagesRemoved': 0 };
  for (const n of names) counts[`mastra.${n}.changes`] = 0;
  // per agent run (user turn): each processor's state and the step the run started at
  let turn = -1;
  let runStart = 0;
  let states: Record<string, unknown>[] = [];

  const view = async (history: readonly Message[], ctx: AsyncPolicyContext): Promise<readonly Message[] | { messages: Message[]; kind: string }> => {
    if (ctx.userTurn !== turn) {
      turn = ctx.userTurn;
      runStart = ctx.step;
      states = processors.map(() => ({}));
    }
    counts['mastra.requests']!++;
    const original = map.toPrompt(history, ctx.systemPrompt);
    let prompt: PromptMessage[] = original;
    const changedBy: string[] = [];
    for (const [i, p] of processors.entries()) {
      const who = names[i]!;
      const abort = (reason?: string): never => {
        throw new Error(`Mastra tripwire from ${who}: ${reason ?? `Tripwire triggered by ${who}`} (the run ends without a model call)`);
      };
      let r: unknown;
      try {
        r = await p.processLLMRequest({
          prompt, model: { specificationVersion: 'v2', provider: 'compactbench', modelId: ctx.model }, stepNumber: ctx.step - runStart,
          steps: [], state: states[i]!, retryCount: 0, abort, requestContext: undefined, messageList: undefined,
        });
      } catch (e) {
        throw tripwire(e, who);
      }
      if (r && typeof r === 'object' && Object.prototype.hasOwnProperty.call(r, 'prompt')) {
        const next = (r as { prompt: PromptMessage[] }).prompt;
        if (next !== prompt) {
          prompt = next;
          changedBy.push(who);
          counts[`mastra.${who}.changes`]!++;
        }
      }
    }
    if (prompt === original) return history;
    const out = map.fromPrompt(prompt);
    if (out.length === history.length && out.every((m, i) => m === history[i])) return history;
    counts['mastra.promptChanges']!++;
    counts['mastra.messagesRemoved']! += Math.max(0, history.length - out.length);
    return { messages: out, kind: [...new Set(changedBy.map(eventKind))].join('+') };
  };
  return { id, params, view, telemetry: () => ({ ...counts, 'mastra.version': version }) };
}
