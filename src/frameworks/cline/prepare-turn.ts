/**
 * The Cline SDK's context compaction (`createContextCompactionPrepareTurn` of @cline/core), run as-is
 * (the host thread imports this module; ../bridge/client.ts). The SDK's agent runtime calls the
 * prepare-turn before every model request and keeps what it returns as the conversation, so here it is
 * a durable edit before the step (`beforeStep`); when the provider rejects a request as too long, the
 * runtime calls it again with `overflowRecovery`, which forces a compaction with the deterministic
 * basic strategy: that is `onOverflow`.
 *
 * What the prepare-turn is given, as the runtime gives it: the history as the SDK's messages (one per
 * message, convert.ts, identity kept), the system prompt (tool definitions are rendered into it, so no
 * separate `tools`), the model's info as the SDK's catalog gives it for Claude (`contextWindow` and
 * `maxInputTokens` both the scenario's window, `maxTokens` its output limit), and the previous request's
 * real input tokens, which floor the SDK's chars/3 estimate. Not modelled: the runtime's message
 * builder (per-request truncation of tool results and outdated file reads, a separate step of the SDK's
 * request pipeline); `apiMessages` is the history.
 *
 * Nondeterminism normalized: the summary's `metadata.generatedAt` (`Date.now()`) becomes the simulated
 * time, and the telemetry's wall-clock fields are not reported (telemetry.ts).
 */
import path from 'node:path';
import type { Message } from '../../core/messages.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import type { HookResult } from '../../policies/types.js';
import { importUserModule } from '../user-module.js';
import { ClineMessageMap, type ClineMessage } from './convert.js';
import { loadClineSdk, type ClineSdk, type PrepareTurn } from './load.js';
import { PROVIDER_ID, withContext, type SummaryStats } from './summarizer.js';
import { newCounts, telemetrySink, type Executed } from './telemetry.js';

export const async = true;

/** a simulated time is seconds into a session; an epoch in milliseconds is larger than any of them */
const EPOCH_MS = 1e12;

const sameList = (a: readonly Message[], b: readonly Message[]): boolean => a.length === b.length && a.every((m, i) => m === b[i]);

function normalizeTimes(msgs: readonly ClineMessage[], ctx: AsyncPolicyContext): void {
  for (const m of msgs) {
    const meta = m.metadata;
    if (meta && typeof meta.generatedAt === 'number' && meta.generatedAt > EPOCH_MS) meta.generatedAt = Math.round(ctx.now * 1000);
  }
}

/** A policy from a prepare-turn built with `compaction` (the SDK's `CoreCompactionConfig`). */
export function clinePolicy(id: string, params: Readonly<Record<string, unknown>>, sdk: ClineSdk, compaction: Record<string, unknown>): AsyncContextPolicy {
  const counts = newCounts();
  const stats: SummaryStats = { calls: 0, failures: 0 };
  const sink = telemetrySink(counts);
  const prepare: PrepareTurn | undefined = sdk.createContextCompactionPrepareTurn({
    providerId: PROVIDER_ID, modelId: 'mock-summarizer', compaction, telemetry: sink.telemetry, logger: sink.logger, sessionId: 'compactbench',
  });
  const map = new ClineMessageMap();
  const abort = new AbortController();

  const run = async (history: readonly Message[], ctx: AsyncPolicyContext, overflowRecovery: boolean): Promise<HookResult> => {
    if (!prepare) return undefined; // compaction not enabled: the SDK returns no prepare-turn
    const messages = map.toCline(history);
    sink.last.executed = null;
    const previous = ctx.lastUsage?.promptTokens;
    const r = await withContext(ctx, stats, () => prepare({
      agentId: 'compactbench', conversationId: 'compactbench', parentAgentId: null, iteration: ctx.step + 1,
      messages, apiMessages: messages.slice(), abortSignal: abort.signal, systemPrompt: ctx.systemPrompt, tools: [],
      model: { id: ctx.model, provider: PROVIDER_ID, info: { contextWindow: ctx.contextWindow, maxInputTokens: ctx.contextWindow, maxTokens: ctx.maxOutputTokens } },
      ...(overflowRecovery ? { overflowRecovery: true } : {}),
      ...(previous ? { previousRequestInputTokens: previous } : {}),
    }));
    if (!r?.messages) return undefined;
    normalizeTimes(r.messages, ctx);
    const out = map.fromCline(r.messages);
    if (sameList(out, history)) return undefined;
    // set by the SDK's telemetry during the call (TypeScript cannot see that the call assigns it)
    const done = sink.last.executed as Executed | null;
    const strategy = done?.strategy ?? 'custom';
    const detail: Record<string, string | number> = done
      ? { strategy, clineTokensBefore: done.tokensBefore, clineTokensAfter: done.tokensAfter, clineTriggerTokens: done.triggerTokens }
      : { strategy };
    return { history: out, kind: strategy === 'agentic' ? 'summary' : 'compaction', note: `cline-sdk ${strategy} compaction (${done?.mode ?? 'auto'})`, detail };
  };

  return {
    id, params,
    beforeStep: (history, ctx) => run(history, ctx, false),
    onOverflow: (history, ctx) => {
      counts['cline.overflowRecoveries']++;
      return run(history, ctx, true);
    },
    telemetry: () => ({
      ...counts, 'cline.summaryCalls': stats.calls, 'cline.summaryFailures': stats.failures,
      'cline.version': sdk.version, 'cline.strategy': String(compaction.strategy ?? 'agentic'),
    }),
  };
}

/** A user's compaction config: the file's `compaction` export or its default export (the SDK's `CoreCompactionConfig`). */
async function userCompaction(file: string): Promise<Record<string, unknown>> {
  const mod = await importUserModule(path.resolve(file));
  const c = (mod.compaction ?? mod.default) as unknown;
  if (!c || typeof c !== 'object') throw new Error(`${file} exports no compaction config (export default { enabled: true, strategy: 'agentic', ... })`);
  return c as Record<string, unknown>;
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const module = String(params.module ?? '');
  const sdk = await loadClineSdk(String(params.packageDir || (module ? path.dirname(path.resolve(module)) : '.')));
  // compaction is off unless enabled (the SDK's default); the entry enables it, as a user turning it on does
  const compaction = { enabled: true, strategy: params.strategy ?? 'agentic', ...(module ? await userCompaction(module) : {}) };
  return clinePolicy('cline-sdk', params, sdk, compaction);
}
