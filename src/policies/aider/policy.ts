/**
 * `aider`: aider's chat-history summarization (Aider-AI/aider `aider/history.py` `ChatSummary`
 * @ e568d095; budget from `aider/models.py`: `max_chat_history_tokens = min(max(max_input_tokens / 16,
 * 1024), 8192)`).
 *
 * Between user turns aider summarizes its finished exchanges ("done messages") in a background thread with
 * the weak model when they exceed the budget, and joins it before the next request. `summarize`: a tail
 * of the newest messages under half the budget is kept (the head must end on an assistant message); the
 * head — as much of it as fits the summarizer's input limit minus 512, newest first — becomes one user
 * message (summary prefix + summary); with 4 or fewer messages, or below depth 3 being exceeded,
 * everything is summarized. The result is re-summarized (up to depth 3) unless summary + tail fit the
 * budget — where upstream counts the tail as 0 tokens (its `sized` list was already cut to the head), so
 * one pass is the rule; ported as is.
 * The current turn is never summarized. Aider renders only user and assistant text for the summarizer.
 */
import type { Message } from '../../core/messages.js';
import { flagOverWindow } from '../shared/over-window.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';

/** Paraphrase of `prompts.summary_prefix` (the summary is told as the user's recollection). */
export const SUMMARY_PREFIX = 'Earlier, we talked about several things; here is a summary of that conversation.\n';

/** `min(max(max_input_tokens / 16, 1024), 8192)` */
export const historyBudget = (maxInputTokens: number): number => Math.min(Math.max(maxInputTokens / 16, 1024), 8192);

const MIN_SPLIT = 4;

class AiderPolicy implements ContextPolicy {
  readonly id = 'aider';

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly budgetOverride: number,
    private readonly summaryTokens: number,
  ) {}

  private summarizeAll(messages: readonly Message[], ctx: PolicyContext): Message[] | undefined {
    const shown = messages.filter((m) => m.role === 'user' || m.role === 'assistant');
    const res = ctx.summarizer.summarize({ messages: shown, budgetTokens: this.summaryTokens, budgetKind: 'target', purpose: 'summary' });
    return res.ok ? [{ role: 'user', content: SUMMARY_PREFIX + res.text }] : undefined;
  }

  /** `ChatSummary.summarize`. */
  private summarize(messages: readonly Message[], ctx: PolicyContext, max: number, depth: number): Message[] | undefined {
    const sized = messages.map((m) => ctx.tokens.message(m));
    const total = sized.reduce((a, b) => a + b, 0);
    if (total <= max && depth === 0) return messages.slice();
    if (messages.length <= MIN_SPLIT || depth > 3) return this.summarizeAll(messages, ctx);
    let tail = 0;
    let split = messages.length;
    for (let i = sized.length - 1; i >= 0; i--) {
      if (tail + sized[i]! < Math.floor(max / 2)) {
        tail += sized[i]!;
        split = i;
      } else break;
    }
    // the head ends with an assistant message (and, in chat format, no tool result starts the tail)
    while (split > 1 && (messages[split - 1]!.role !== 'assistant' || messages[split]?.role === 'tool')) split--;
    if (split <= MIN_SPLIT) return this.summarizeAll(messages, ctx);
    const limit = ctx.contextWindow - 512;
    const keep: Message[] = [];
    let acc = 0;
    for (let i = split - 1; i >= 0; i--) {
      acc += sized[i]!;
      if (acc > limit) break;
      keep.unshift(messages[i]!);
    }
    const summary = this.summarizeAll(keep, ctx);
    if (!summary) return undefined;
    const result = [...summary, ...messages.slice(split)];
    // upstream's tail count is taken from the already-cut list, so it is 0
    if (ctx.tokens.messages(summary) + 0 < max) return result;
    return this.summarize(result, ctx, max, depth + 1);
  }

  /**
   * Aider does not shrink the current turn or check that the summary fits; its `check_tokens` warns that the
   * chat context exceeds the model's limit, and an over-window request fails. Reported here: the summary
   * flagged `detail.overWindow`, or the veto `over-window` when nothing ran (metadata only).
   */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    return flagOverWindow(history, this.summarizeDone(history, ctx), ctx);
  }

  private summarizeDone(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (!ctx.turnStart) return undefined;
    let current = history.length - 1;
    while (current >= 0 && history[current]!.role !== 'user') current--;
    if (current <= 0) return undefined;
    const done = history.slice(0, current);
    const max = this.budgetOverride > 0 ? this.budgetOverride : historyBudget(ctx.contextWindow);
    if (ctx.tokens.messages(done) <= max) return undefined;
    const summarized = this.summarize(done, ctx, max, 0);
    if (!summarized) return { veto: 'summary-failed' };
    return { history: [...summarized, ...history.slice(current)], kind: 'summary', detail: { budget: max } };
  }
}

export const aiderPolicy: PolicyDefinition = {
  id: 'aider',
  description: 'aider: before each user turn, finished exchanges over min(max(window/16, 1024), 8192) tokens are summarized by the weak model, keeping a tail under half that budget.',
  source: 'Aider-AI/aider aider/history.py (ChatSummary) @ e568d095cdd41dc27b324bff0fe5f4cd92d0bec2; aider/models.py (max_chat_history_tokens)',
  version: 'e568d095',
  upstreamProperties: {
    'strict-alternation': 'the summary is a user message and the next user turn follows it; aider builds such requests (summary, repo map and file chunks are user messages) and only sendchat.ensure_alternating_roles fixes them for models that need it',
  },
  params: [
    { name: 'maxChatHistoryTokens', type: 'integer', default: 0, min: 0, description: '--max-chat-history-tokens (0 = min(max(window/16, 1024), 8192))' },
    { name: 'summaryTokens', type: 'integer', default: 1_000, min: 1, description: 'summary output budget (compactbench assumption; upstream sets none)' },
  ],
  create(params) {
    return new AiderPolicy(params, params.maxChatHistoryTokens as number, params.summaryTokens as number);
  },
};
