/**
 * `goose`: Block's goose auto-compaction (block/goose `crates/goose/src/context_mgmt/mod.rs` @ 331a8429:
 * `check_if_compaction_needed`, `compact_messages`, `do_compact`, `filter_tool_responses`).
 *
 * - Trigger: the session's token count (the last call's total) over `GOOSE_AUTO_COMPACT_THRESHOLD` (0.8)
 *   of the context limit, checked when a user message arrives; a context-length error compacts too.
 * - Summary: the whole agent-visible conversation, rendered as text into the summarizer's system prompt,
 *   sent to the fast model — a fresh prompt, so it never reads the main conversation's cache. If that
 *   request is too long, tool responses are removed from the middle out: 10%, 20%, 50%, then 100%.
 * - New agent-visible history: the summary as a user message, an assistant note telling the model to carry
 *   on without mentioning the summary, then a copy of the most recent text-only user message. The old
 *   messages stay visible to the user only.
 * Not modelled: goose's separate summarization of old tool calls.
 */
import { contentText, type Message } from '../../core/messages.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';

/** Paraphrases of the two continuation notes (conversation vs tool loop). */
export const CONTINUE_CONVERSATION =
  'The context was compacted; the previous message summarizes the conversation so far. Do not mention the summary or the compaction. Continue the conversation naturally from it.';
export const CONTINUE_TOOL_LOOP =
  'The context was compacted; the previous message summarizes the conversation so far. Do not mention the summary or the compaction. Keep calling tools as needed to finish the task.';

const REMOVAL_PERCENTAGES = [0, 10, 20, 50, 100] as const;

/** `filter_tool_responses`: drops `percent`% (at least one) of the tool results, middle out. */
export function filterToolResponses(history: readonly Message[], percent: number): Message[] {
  if (percent === 0) return history.slice();
  const tools = history.map((m, i) => (m.role === 'tool' ? i : -1)).filter((i) => i >= 0);
  if (tools.length === 0) return history.slice();
  const n = Math.max(1, Math.floor((tools.length * percent) / 100));
  const middle = Math.floor(tools.length / 2);
  const drop = new Set<number>();
  for (let i = 0; i < n; i++) {
    const offset = Math.floor(i / 2);
    if (i % 2 === 0) {
      if (middle > offset) drop.add(tools[middle - offset - 1]!);
    } else if (middle + offset < tools.length) drop.add(tools[middle + offset]!);
  }
  return history.filter((_, i) => !drop.has(i));
}

const textOnlyUser = (m: Message): boolean => m.role === 'user' && contentText(m).length > 0;

class GoosePolicy implements ContextPolicy {
  readonly id = 'goose';

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly threshold: number,
    private readonly summaryTokens: number,
  ) {}

  private compact(history: readonly Message[], ctx: PolicyContext, why: string): HookResult {
    if (history.length === 0) return undefined;
    let input: Message[] | undefined;
    let removed = 0;
    for (const pct of REMOVAL_PERCENTAGES) {
      const filtered = filterToolResponses(history, pct);
      if (ctx.tokens.messages(filtered) <= ctx.contextWindow) {
        input = filtered;
        removed = pct;
        break;
      }
    }
    if (!input) return { veto: 'summary-request-over-window' };
    const res = ctx.summarizer.summarize({ messages: input, budgetTokens: this.summaryTokens, budgetKind: 'target', purpose: 'summary', reusesMainCache: false });
    if (!res.ok) return { veto: `summary-failed:${res.kind}` };
    let last = -1;
    for (let i = history.length - 1; i >= 0; i--) if (textOnlyUser(history[i]!)) { last = i; break; }
    const mostRecent = last === history.length - 1;
    const next: Message[] = [
      { role: 'user', content: res.text },
      { role: 'assistant', content: mostRecent ? CONTINUE_CONVERSATION : CONTINUE_TOOL_LOOP },
    ];
    if (last >= 0) next.push({ role: 'user', content: contentText(history[last]!) });
    return { history: next, kind: 'summary', note: why, detail: { toolResponsesRemovedPercent: removed } };
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (!ctx.turnStart || !ctx.lastUsage || this.threshold <= 0 || this.threshold >= 1) return undefined;
    const ratio = (ctx.lastUsage.promptTokens + ctx.lastUsage.outputTokens) / ctx.contextWindow;
    return ratio > this.threshold ? this.compact(history, ctx, `usage ${ratio.toFixed(3)} > ${this.threshold}`) : undefined;
  }

  onOverflow(history: readonly Message[], ctx: PolicyContext): HookResult {
    return this.compact(history, ctx, 'context length exceeded');
  }
}

export const goosePolicy: PolicyDefinition = {
  id: 'goose',
  description: 'goose: when a user message arrives above 80% of the window (or on overflow), the fast model summarizes everything; the history becomes summary + continue note + the last user message.',
  source: 'block/goose crates/goose/src/context_mgmt/mod.rs @ 331a842972378d642bb39bd800a8514b25ae3a70',
  version: '331a8429',
  params: [
    { name: 'threshold', type: 'number', default: 0.8, min: 0, max: 1, description: 'GOOSE_AUTO_COMPACT_THRESHOLD (DEFAULT_COMPACTION_THRESHOLD); 0 or 1 disables auto-compaction' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'summary output budget (compactbench assumption; upstream sets none)' },
  ],
  create(params) {
    return new GoosePolicy(params, params.threshold as number, params.summaryTokens as number);
  },
};
