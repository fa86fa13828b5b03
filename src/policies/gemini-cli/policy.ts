/**
 * `gemini-cli`: Gemini CLI's chat compression (google-gemini/gemini-cli @ 5411f113,
 * `packages/core/src/context/chatCompressionService.ts`, called from `GeminiClient.tryCompressChat`
 * before every request).
 *
 * - Trigger: the last prompt's tokens ≥ 0.5 × the model's token limit (`model.compressionThreshold`).
 * - Tool responses are cut newest first against a 50,000-token budget: the newest stay whole, older ones
 *   are cut to the first 20% and last 80% of 40,000 characters (`truncateToolOutputThreshold`).
 * - The newest 30% of the (truncated) history by characters is kept, starting at a user message; the
 *   rest is summarized (the original messages when they fit the limit minus 20,000 tokens) into a
 *   `<state_snapshot>`, then a second call verifies and may rewrite it.
 * - New history: the snapshot as a user message, the model's "Got it. Thanks for the additional
 *   context!", the kept messages. If that would be larger than before, nothing changes and later automatic
 *   attempts only truncate tool outputs (`hasFailedCompressionAttempt`).
 * Not modelled: the separate tool-output masking service and the experimental agent history provider.
 */
import type { Message } from '../../core/messages.js';
import { flagOverWindow } from '../shared/over-window.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';
import { splitPoint, truncateToBudget } from './compress.js';

export const ACK_TEXT = 'Got it. Thanks for the additional context!';
const SAFE_BUFFER_TOKENS = 20_000;

interface GeminiConfig {
  threshold: number;
  preserveFraction: number;
  functionResponseBudget: number;
  truncateChars: number;
  summaryTokens: number;
}

class GeminiCliPolicy implements ContextPolicy {
  readonly id = 'gemini-cli';
  private failed = false;
  /** each tool response's cut copy (truncateToBudget), kept across compressions */
  private readonly cuts = new WeakMap<Message, Message>();

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: GeminiConfig,
  ) {}

  /**
   * Upstream checks, after compression, whether the request would overflow the remaining window and then
   * emits `ContextWindowWillOverflow` instead of sending (client.ts); this port sends it and reports it:
   * the veto `over-window` when no compression ran, `detail.overWindow` on one that left it over
   * (shared/over-window.ts; metadata only).
   */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    return flagOverWindow(history, this.compress(history, ctx), ctx);
  }

  private compress(history: readonly Message[], ctx: PolicyContext): HookResult {
    const original = ctx.lastUsage?.promptTokens ?? 0;
    if (history.length === 0 || original < this.cfg.threshold * ctx.contextWindow) return undefined;
    const truncated = truncateToBudget(history, this.cfg.functionResponseBudget, this.cfg.truncateChars, this.cuts);
    if (this.failed) {
      const after = ctx.systemTokens + ctx.tokens.messages(truncated);
      if (after >= original) return undefined;
      const over = after > ctx.contextWindow ? { detail: { overWindow: true, tokens: after } } : {};
      return { history: truncated, kind: 'trim', note: 'summarization failed before: truncation only', ...over };
    }
    const split = splitPoint(truncated, 1 - this.cfg.preserveFraction);
    if (split === 0) return { veto: 'nothing-to-compress' };
    const originalHead = history.slice(0, split);
    const forSummary = ctx.tokens.messages(originalHead) < ctx.contextWindow - SAFE_BUFFER_TOKENS ? originalHead : truncated.slice(0, split);
    const first = ctx.summarizer.summarize({ messages: forSummary, budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary' });
    if (!first.ok) return { veto: 'compression-failed' };
    const verify = ctx.summarizer.summarize({
      messages: [...forSummary, { role: 'assistant', content: first.text }], budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary-verify',
    });
    if (!verify.ok) return { veto: 'compression-failed' };
    const snapshot = (verify.text.trim() || first.text).trim();
    if (!snapshot) return { veto: 'empty-summary' };
    const next: Message[] = [{ role: 'user', content: snapshot }, { role: 'assistant', content: ACK_TEXT }, ...truncated.slice(split)];
    const after = ctx.systemTokens + ctx.tokens.messages(next);
    if (after > original) {
      this.failed = true;
      return { veto: 'inflated-token-count' };
    }
    const overWindow = after > ctx.contextWindow;
    return { history: next, kind: 'summary', detail: { split, originalTokens: original, newTokens: after, ...(overWindow ? { overWindow } : {}) } };
  }
}

export const geminiCliPolicy: PolicyDefinition = {
  id: 'gemini-cli',
  description: 'Gemini CLI: at 50% of the window, cut old tool outputs past a 50k-token budget, summarize all but the newest 30% (by characters) into a verified <state_snapshot>.',
  source: 'google-gemini/gemini-cli packages/core/src/context/chatCompressionService.ts, core/client.ts (tryCompressChat), utils/fileUtils.ts (formatTruncatedToolOutput), config/config.ts @ 5411f113cafae26161b4969b0237b8e1e024e2c2',
  version: '5411f113',
  params: [
    { name: 'threshold', type: 'number', default: 0.5, min: 0.01, max: 1, description: 'compress when the last prompt ≥ this × the token limit (DEFAULT_COMPRESSION_TOKEN_THRESHOLD; setting model.compressionThreshold)' },
    { name: 'preserveFraction', type: 'number', default: 0.3, min: 0.01, max: 0.99, description: 'newest share of the history (characters) kept (COMPRESSION_PRESERVE_THRESHOLD)' },
    { name: 'functionResponseBudget', type: 'integer', default: 50_000, min: 0, description: 'tokens of tool responses kept whole, newest first (COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET)' },
    { name: 'truncateChars', type: 'integer', default: 40_000, min: 10, description: 'an older tool response keeps this many characters, 20% head + 80% tail (DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD)' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'snapshot output budget (compactbench assumption; upstream sets none)' },
  ],
  create(params) {
    return new GeminiCliPolicy(params, {
      threshold: params.threshold as number, preserveFraction: params.preserveFraction as number,
      functionResponseBudget: params.functionResponseBudget as number, truncateChars: params.truncateChars as number,
      summaryTokens: params.summaryTokens as number,
    });
  },
};
