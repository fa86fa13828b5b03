/**
 * `codex`: OpenAI Codex CLI's automatic compaction (openai/codex @ e06dd0e5; `codex-rs/core/src/compact.rs`,
 * the turn loop in `codex.rs`, `auto_compact_token_limit` in `protocol/src/openai_models.rs`).
 *
 * - Limit: 90% of the model's context window; a configured `model_auto_compact_token_limit` can only
 *   lower it (`min(config, 0.9 × window)`).
 * - When: before sampling — at the start of a turn (pre-turn) and before each follow-up request of a turn
 *   (mid-turn, after the tool outputs arrived) — when Codex's token count reaches the limit. Codex counts
 *   the last response's total tokens (prompt + output) plus about bytes/4 for items added since, and
 *   after a compaction an estimate of the new history.
 * - How: the summary request is the whole history plus the compact prompt as a user message (so its prefix
 *   is the main conversation's: it can read the cache). When it overflows the window, the oldest item is
 *   dropped and the request retried. The new history is the recent real user messages (≤ 20,000 tokens,
 *   newest first) and the summary as a user message (compacted-history.ts); everything else goes.
 * - Not modelled: the remote `/responses/compact` path Codex uses for OpenAI providers (its summary is an
 *   opaque encrypted item, and the server keeps user and assistant messages); the initial context Codex
 *   re-inserts mid-turn is part of the system block here.
 * - Codex does not check that the compacted history fits (the kept user messages alone may not, e.g. after
 *   a switch to a smaller model); such a request fails upstream with a context-window error. Here it is
 *   reported: `detail.overWindow` on the compaction, or the veto `over-window` when none ran
 *   (shared/over-window.ts; metadata only).
 */
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import { flagOverWindow, historyTotal } from '../shared/over-window.js';
import { roughMessages } from '../shared/rough.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition, PolicyResult } from '../types.js';
import { COMPACT_PROMPT, compactedHistory, type KeptCounts } from './compacted-history.js';

export interface CodexConfig {
  modelContextWindow: number;
  contextFraction: number;
  autoCompactTokenLimit: number;
  userMessageMaxTokens: number;
  summaryTokens: number;
}

/** `auto_compact_token_limit`: 90% of the window, or the configured limit when it is lower (0 = unset). */
export function autoCompactLimit(contextWindow: number, cfg: Pick<CodexConfig, 'contextFraction' | 'autoCompactTokenLimit'>): number {
  const context = Math.floor(contextWindow * cfg.contextFraction);
  return cfg.autoCompactTokenLimit > 0 ? Math.min(cfg.autoCompactTokenLimit, context) : context;
}

/**
 * Drops the oldest item (with the results of its calls) until the summary request fits the window. The
 * whole history's tokens are the running sum flagOverWindow keeps (O(appended)): it almost always fits,
 * and is then sent as it is.
 */
function fitForSummary(history: readonly Message[], ctx: PolicyContext, promptTokens: number): readonly Message[] {
  if (ctx.systemTokens + historyTotal(history, ctx) + promptTokens <= ctx.contextWindow) return history;
  let h = history.slice();
  while (h.length > 1 && ctx.systemTokens + ctx.tokens.messages(h) + promptTokens > ctx.contextWindow) {
    const first = h[0]!;
    const ids = new Set((first.tool_calls ?? []).map((c) => c.id));
    h = h.slice(1).filter((m) => !(m.role === 'tool' && m.tool_call_id !== undefined && ids.has(m.tool_call_id)));
  }
  return h;
}

class CodexPolicy implements ContextPolicy {
  readonly id = 'codex';
  /** Codex's running count at the last response (prompt + output), and the history length then */
  private counted: number | undefined;
  private countedLen = 0;
  /** what the last compaction kept, reused by the next (compacted-history.ts) */
  private kept: KeptCounts | undefined;

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: CodexConfig,
  ) {}

  /** Codex's `total_usage_tokens`: the last count plus about bytes/4 for what was added since. */
  private totalTokens(history: readonly Message[], ctx: PolicyContext): number {
    if (this.counted === undefined || this.countedLen > history.length) return ctx.systemTokens + roughMessages(history);
    return this.counted + roughMessages(history, this.countedLen);
  }

  /** A compaction that still leaves the request over the window (or none although it is over) is flagged. */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const r = this.compact(history, ctx);
    if (r === undefined || 'veto' in r) return flagOverWindow(history, r, ctx);
    // the result's exact total (compactedHistory): nothing is counted twice, and the running sum continues from it
    return flagOverWindow(history, r.result, ctx, r.tokens);
  }

  private compact(history: readonly Message[], ctx: PolicyContext): { result: PolicyResult; tokens: number } | { veto: string } | undefined {
    const window = this.cfg.modelContextWindow > 0 ? this.cfg.modelContextWindow : ctx.contextWindow;
    const limit = autoCompactLimit(window, this.cfg);
    const total = this.totalTokens(history, ctx);
    if (total < limit || history.length === 0) return undefined;
    const promptTokens = ctx.tokens.count(COMPACT_PROMPT);
    const input = fitForSummary(history, ctx, promptTokens);
    const res = ctx.summarizer.summarize({
      messages: input, budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', promptOverheadTokens: promptTokens,
      reusesMainCache: input.length === history.length, purpose: 'summary',
    });
    if (!res.ok) return { veto: `summary-failed:${res.kind}` };
    const c = compactedHistory(history, res.text, this.cfg.userMessageMaxTokens, ctx.tokens, this.kept);
    this.kept = c.kept;
    const next = c.history;
    // Codex recomputes its count from the new history (recompute_token_usage): roughMessages(next), summed by compactedHistory
    this.counted = ctx.systemTokens + c.rough;
    this.countedLen = next.length;
    const phase = ctx.turnStart ? 'pre-turn' : 'mid-turn';
    const result: PolicyResult = {
      history: next, kind: 'summary', note: `${phase} at ${total} ≥ ${limit}`,
      detail: { phase, countedTokens: total, limit, droppedForSummary: history.length - input.length },
    };
    return { result, tokens: c.tokens };
  }

  afterStep(history: readonly Message[], usage: Usage): HookResult {
    this.counted = usage.promptTokens + usage.outputTokens;
    this.countedLen = history.length;
    return undefined;
  }
}

export const CODEX_VERSION = 'e06dd0e5';

export const codexPolicy: PolicyDefinition = {
  id: 'codex',
  description: 'OpenAI Codex CLI: at 90% of the window (before a turn or a follow-up request), summarize the whole history and keep only the recent user messages (≤ 20k tokens) plus the summary.',
  source: 'openai/codex codex-rs/core/src/compact.rs, codex.rs (run_pre_sampling_compact, mid-turn check), protocol/src/openai_models.rs (auto_compact_token_limit) @ e06dd0e5d5694c24968bf49b62466cdedae04aaa',
  version: CODEX_VERSION,
  upstreamProperties: {
    'strict-alternation':
      'the compacted history is the kept user messages followed by the summary as another user message (compact.rs build_compacted_history_with_limit); the Responses API takes consecutive user items',
  },
  params: [
    { name: 'modelContextWindow', type: 'integer', default: 0, min: 0, description: 'model_context_window from config.toml or the model catalog (gpt-5.3-codex: 272,000); 0 = the scenario window' },
    { name: 'contextFraction', type: 'number', default: 0.9, min: 0.05, max: 1, description: 'auto-compact limit as a fraction of the window (upstream: context_window × 9 / 10)' },
    { name: 'autoCompactTokenLimit', type: 'integer', default: 0, min: 0, description: 'model_auto_compact_token_limit from config.toml; can only lower the limit (0 = unset)' },
    { name: 'userMessageMaxTokens', type: 'integer', default: 20_000, min: 0, description: 'COMPACT_USER_MESSAGE_MAX_TOKENS: recent user messages kept verbatim (approx tokens)' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'summary output budget (compactbench assumption: Codex sets no limit)' },
  ],
  create(params) {
    return new CodexPolicy(params, {
      modelContextWindow: params.modelContextWindow as number,
      contextFraction: params.contextFraction as number,
      autoCompactTokenLimit: params.autoCompactTokenLimit as number,
      userMessageMaxTokens: params.userMessageMaxTokens as number,
      summaryTokens: params.summaryTokens as number,
    });
  },
};
