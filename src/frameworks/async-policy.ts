/**
 * Asynchronous policies: the contract for context code whose entry points return Promises (the AI
 * SDK's `prepareStep`, LangChain middleware, Mastra processors, the Gemini CLI's services, the Cline
 * SDK). They run through the bridge (bridge/client.ts): each session's policy lives on a host thread of
 * its own, and the harness's synchronous loop waits for each hook there. So the session loop, every
 * registered port's fast path and the records stay exactly as they are for synchronous policies.
 *
 * The context is the synchronous one but for what cannot cross a thread: the summarizer is called
 * through the bridge (the harness's mock, counted and priced as any summary call) and returns a
 * Promise; token counts come from a counter on the host thread (the same tokenizer, so the same counts).
 */
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { Usage } from '../core/usage.js';
import type { HookResult, ParamSpec, PolicyContext, ViewResult } from '../policies/types.js';
import type { SummaryRequest, SummaryResult } from '../summarizer/types.js';

type Awaitable<T> = T | Promise<T>;

export interface AsyncSummarizer {
  summarize(req: SummaryRequest): Promise<SummaryResult>;
}

export interface AsyncPolicyContext extends Omit<PolicyContext, 'summarizer' | 'tokens' | 'lastUsage'> {
  tokens: TokenCounter;
  summarizer: AsyncSummarizer;
  lastUsage?: Usage;
}

/** The hooks of ContextPolicy (src/policies/types.ts), each of which may return a Promise. */
export interface AsyncContextPolicy {
  readonly id: string;
  readonly params: Readonly<Record<string, unknown>>;
  onAppend?(msg: Message, ctx: AsyncPolicyContext): Awaitable<Message>;
  beforeStep?(history: readonly Message[], ctx: AsyncPolicyContext): Awaitable<HookResult>;
  view?(history: readonly Message[], ctx: AsyncPolicyContext): Awaitable<readonly Message[] | ViewResult>;
  afterStep?(history: readonly Message[], usage: Usage, ctx: AsyncPolicyContext): Awaitable<HookResult>;
  onOverflow?(history: readonly Message[], ctx: AsyncPolicyContext): Awaitable<HookResult>;
  onCommand?(command: string, args: string | undefined, history: readonly Message[], ctx: AsyncPolicyContext): Awaitable<HookResult>;
  telemetry?(): Awaitable<Record<string, string | number | boolean>>;
}

/**
 * What a module that holds an asynchronous policy exports (it is imported on the host thread, never in
 * the harness's): `createAsync(params)`, plus the usual `id`, `description` and `params`, and
 * `export const async = true` so the loader knows to bridge it.
 */
export interface AsyncPolicyModule {
  createAsync(params: Readonly<Record<string, unknown>>): Awaitable<AsyncContextPolicy>;
  id?: string;
  description?: string;
  params?: ParamSpec[];
}

/** Which hooks a bridged policy has: the host reports them once it has created the first instance. */
export type HookName = 'onAppend' | 'beforeStep' | 'view' | 'afterStep' | 'onOverflow' | 'onCommand' | 'telemetry';
export const HOOK_NAMES: readonly HookName[] = ['onAppend', 'beforeStep', 'view', 'afterStep', 'onOverflow', 'onCommand', 'telemetry'];
