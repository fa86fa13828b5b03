/**
 * Gemini CLI's own context management, run as-is (`gemini-cli-real`; the host thread imports this
 * module, ../bridge/client.ts): `ChatCompressionService.compress` and `ToolOutputMaskingService.mask` from
 * the installed `@google/gemini-cli-core`, called the way `GeminiClient.sendMessageStream` calls them in
 * 0.61.0: before every request, `tryCompressChat` and then `tryMaskToolOutputs` on what it left.
 *
 * Both are durable edits (`beforeStep`): Gemini CLI puts their result into the chat (`startChat(newHistory)`
 * after a compression, `setHistory` after a truncation or a masking), so later requests build on it.
 * What they see is the chat's history, which does not hold the request being sent: the messages after the
 * newest assistant message (the tool results or the user's message) go out with the request, untouched.
 * `hasFailedCompressionAttempt` is the client's: after an inflated summary, compression only truncates.
 *
 * Both summarizer passes (the `<state_snapshot>` and its verification) go to the harness's mock
 * summarizer with the messages Gemini CLI sends (mapped back to compactbench's), the instructions it
 * sends (its compression system prompt and the pass's request) counted as the call's prompt overhead, and
 * the port's output budget, so summary lengths and costs are the harness's. The request that would go
 * over the window is flagged as the port flags it (Gemini CLI refuses it: ContextWindowWillOverflow).
 */
import type { Message } from '../../core/messages.js';
import { pendingFrom } from '../../policies/gemini-cli/mask.js';
import { flagOverWindow } from '../../policies/shared/over-window.js';
import type { HookResult, PolicyContext } from '../../policies/types.js';
import type { AsyncContextPolicy, AsyncPolicyContext } from '../async-policy.js';
import { DEFAULT_COMPRESSION_THRESHOLD, MODEL, stubChat, stubConfig, type GenerateRequest, type StubState } from './config.js';
import { ContentMap, type GeminiContent } from './convert.js';
import { pinned, SessionTempDir } from './environment.js';
import { loadGeminiCli, type GeminiCli } from './load.js';

export const async = true;

/** the snapshot's output budget: the port's `summaryTokens` (Gemini CLI sets none) */
const SUMMARY_TOKENS = 2_000;

class SummaryFailed extends Error {}

const partsText = (c: GeminiContent | undefined): string => (c?.parts ?? []).map((p) => p.text ?? '').join('');

export interface Services {
  compress: boolean;
  mask: boolean;
}

export function geminiServicesPolicy(id: string, params: Readonly<Record<string, unknown>>, cli: GeminiCli, services: Services): AsyncContextPolicy {
  const temp = new SessionTempDir();
  const map = new ContentMap((t) => temp.normalize(t));
  let current: AsyncPolicyContext | null = null;
  let hasFailedCompressionAttempt = false;
  const counts: Record<string, number> = {
    'geminiCli.compressed': 0, 'geminiCli.contentTruncated': 0, 'geminiCli.inflated': 0, 'geminiCli.emptySummary': 0,
    'geminiCli.summaryFailed': 0, 'geminiCli.maskRuns': 0, 'geminiCli.maskedOutputs': 0, 'geminiCli.maskedTokensSaved': 0,
  };

  const generateContent = async (req: GenerateRequest): Promise<unknown> => {
    const ctx = current!;
    const verify = req.promptId?.endsWith('-verify') === true;
    // [...history, instruction] or [...history, the first pass's snapshot, the verification request]
    const history = map.fromContents(req.contents.slice(0, verify ? -2 : -1));
    const messages: Message[] = verify ? [...history, { role: 'assistant', content: partsText(req.contents.at(-2)) }] : history;
    const overhead = ctx.tokens.count(req.systemInstruction?.text ?? '') + ctx.tokens.count(partsText(req.contents.at(-1)));
    const r = await ctx.summarizer.summarize({
      messages, budgetTokens: SUMMARY_TOKENS, budgetKind: 'target', purpose: verify ? 'summary-verify' : 'summary', promptOverheadTokens: overhead,
    });
    if (!r.ok) throw new SummaryFailed(`summary call failed: ${r.error}`);
    return { candidates: [{ content: { role: 'model', parts: [{ text: r.text }] } }] };
  };
  const state: StubState = {
    contextWindow: 0, lastPromptTokens: 0, modelLimit: cli.tokenLimit(MODEL), projectTempDir: () => temp.project(),
    masking: cli.maskingDefaults, generateContent,
  };
  const config = stubConfig(state);

  /** `tryCompressChat`: the new history when the chat was replaced, and a veto when it tried and could not. */
  const compress = async (contents: GeminiContent[], step: number): Promise<{ history?: GeminiContent[]; kind?: string; veto?: string; status: string }> => {
    let r: Awaited<ReturnType<GeminiCli['compress']>>;
    try {
      r = await pinned(() => cli.compress(stubChat(contents, state.lastPromptTokens), `compactbench-${step}`, false, MODEL, config, hasFailedCompressionAttempt));
    } catch (e) {
      if (!(e instanceof SummaryFailed)) throw e;
      counts['geminiCli.summaryFailed']!++;
      return { veto: 'compression-failed', status: 'SUMMARY_CALL_FAILED' };
    }
    const status = cli.statusName(r.info.compressionStatus);
    if (status === 'COMPRESSED' && r.newHistory) {
      counts['geminiCli.compressed']!++;
      return { history: r.newHistory, kind: 'summary', status };
    }
    if (status === 'CONTENT_TRUNCATED' && r.newHistory) {
      counts['geminiCli.contentTruncated']!++;
      return { history: r.newHistory, kind: 'trim', status };
    }
    if (status === 'COMPRESSION_FAILED_INFLATED_TOKEN_COUNT') {
      counts['geminiCli.inflated']!++;
      hasFailedCompressionAttempt = true;
      return { veto: 'inflated-token-count', status };
    }
    if (status === 'COMPRESSION_FAILED_EMPTY_SUMMARY') {
      counts['geminiCli.emptySummary']!++;
      return { veto: 'empty-summary', status };
    }
    // NOOP above the threshold with a history (and summaries still allowed): nothing before the kept 30%
    const triggered = state.lastPromptTokens >= DEFAULT_COMPRESSION_THRESHOLD * state.contextWindow && contents.length > 0;
    return triggered && !hasFailedCompressionAttempt ? { veto: 'nothing-to-compress', status } : { status };
  };

  const beforeStep = async (history: readonly Message[], ctx: AsyncPolicyContext): Promise<HookResult> => {
    current = ctx;
    state.contextWindow = ctx.contextWindow;
    state.lastPromptTokens = ctx.lastUsage?.promptTokens ?? 0;
    const pending = pendingFrom(history);
    let contents = map.toContents(history.slice(0, pending));
    let kind: string | undefined;
    let veto: string | undefined;
    const detail: Record<string, string | number | boolean> = {};
    try {
      if (services.compress) {
        const c = await compress(contents, ctx.step);
        if (c.history) {
          contents = c.history;
          kind = c.kind;
          detail.compressionStatus = c.status;
          detail.originalTokens = state.lastPromptTokens;
        }
        veto = c.veto;
      }
      if (services.mask) {
        const m = await pinned(() => cli.mask(contents, config));
        if (m.maskedCount > 0) {
          counts['geminiCli.maskRuns']!++;
          counts['geminiCli.maskedOutputs']! += m.maskedCount;
          counts['geminiCli.maskedTokensSaved']! += m.tokensSaved;
          contents = m.newHistory;
          kind ??= 'mask';
          Object.assign(detail, { masked: m.maskedCount, maskedTokens: m.tokensSaved });
        }
      }
    } finally {
      temp.clearOutputs();
    }
    const pctx = ctx as unknown as PolicyContext;
    if (!kind) return flagOverWindow(history, veto ? { veto } : undefined, pctx);
    const note = kind === 'mask' ? `masked ${detail.masked} tool outputs (~${detail.maskedTokens} tokens)${veto ? `; compression: ${veto}` : ''}` : undefined;
    const out = [...map.fromContents(contents), ...history.slice(pending)];
    return flagOverWindow(history, { history: out, kind, ...(note ? { note } : {}), detail }, pctx);
  };

  return {
    id, params, beforeStep,
    telemetry: () => {
      temp.dispose();
      return { ...counts, 'geminiCli.version': cli.version, 'geminiCli.services': services.compress && services.mask ? 'both' : services.compress ? 'compress' : 'mask' };
    },
  };
}

export async function createAsync(params: Readonly<Record<string, unknown>>): Promise<AsyncContextPolicy> {
  const cli = await loadGeminiCli(String(params.packageDir ?? ''));
  const which = String(params.services ?? 'both');
  return geminiServicesPolicy('gemini-cli-real', params, cli, { compress: which !== 'mask', mask: which !== 'compress' });
}
