/**
 * The Cline SDK's summary model, answered by compactbench's mock summarizer. The SDK's agentic
 * compaction asks `createHandlerAsync(providerConfig)` of `@cline/llms` for a handler and streams
 * `createMessage(systemPrompt, [{ role: 'user', content: request }])`; `@cline/llms` lets a host register
 * its own handler for a provider id (`registerHandler`, documented for custom providers), so the adapter
 * names the provider `compactbench` and registers a handler that forwards the request, as the SDK built
 * it, to the harness's summarizer through the bridge. No endpoint, no network: summary lengths, costs
 * and failures are the harness's, and a failed call reaches the SDK as a failed stream (it then falls
 * back to basic compaction, as it does on a provider error).
 */
import type { AsyncPolicyContext } from '../async-policy.js';

/** the provider id the adapter's sessions use; its handler is compactbench's */
export const PROVIDER_ID = 'compactbench';
/** the SDK's cap on a summary (`DEFAULT_SUMMARY_MAX_OUTPUT_TOKENS`), when the provider config sets none */
const SUMMARY_CAP_TOKENS = 8192;

type Chunk = { type: 'text'; text: string } | { type: 'done'; success: boolean; error?: string };

interface Handler {
  getMessages(systemPrompt: string, messages: unknown[]): unknown;
  createMessage(systemPrompt: string, messages: { role: string; content: unknown }[]): AsyncGenerator<Chunk>;
  getModel(): { id: string; info: Record<string, unknown> };
}

/** A session's count of the SDK's summary calls. */
export interface SummaryStats {
  calls: number;
  failures: number;
}

/** The hook running on the host thread (one at a time: the harness waits for each), whose summarizer answers. */
let current: { ctx: AsyncPolicyContext; stats: SummaryStats } | null = null;

export function withContext<T>(ctx: AsyncPolicyContext, stats: SummaryStats, run: () => Promise<T>): Promise<T> {
  current = { ctx, stats };
  return run().finally(() => {
    current = null;
  });
}

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((b: { text?: string }) => b.text ?? '').join('\n') : '';

function handler(config: { modelId?: string; maxOutputTokens?: number }): Handler {
  return {
    getMessages: (_system, messages) => messages,
    getModel: () => ({ id: config.modelId ?? 'mock', info: {} }),
    async *createMessage(systemPrompt, messages) {
      if (!current) throw new Error('the Cline SDK called its summary model outside a hook');
      const { ctx, stats } = current;
      const request = messages.map((m) => textOf(m.content)).join('\n\n');
      stats.calls++;
      const r = await ctx.summarizer.summarize({
        messages: [{ role: 'user', content: request }],
        budgetTokens: config.maxOutputTokens ?? SUMMARY_CAP_TOKENS,
        budgetKind: 'cap',
        // the request carries the SDK's instructions; its system prompt is the rest of the template
        promptOverheadTokens: ctx.tokens.count(systemPrompt),
      });
      if (!r.ok) {
        stats.failures++;
        yield { type: 'done', success: false, error: `summary call failed: ${r.error}` };
        return;
      }
      yield { type: 'text', text: r.text };
      yield { type: 'done', success: true };
    },
  };
}

/** Registers compactbench's handler with the `@cline/llms` the SDK imports (once per host thread). */
export function registerSummarizer(llms: { registerHandler: (id: string, factory: (config: never) => unknown) => void }): void {
  llms.registerHandler(PROVIDER_ID, handler as (config: never) => unknown);
}
