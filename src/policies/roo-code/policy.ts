/**
 * `roo-code`: Roo Code's context management (RooCodeInc/Roo-Code `src/core/context-management/index.ts`
 * @ 282555df, `src/core/condense/index.ts` @ e5353cf0; defaults from `ClineProvider.ts`:
 * `autoCondenseContext ?? true`, `autoCondenseContextPercent ?? 100`), before every request.
 *
 * - Context: the last request's tokens (in + out + cache) plus the new last message.
 * - Allowed: 90% of the window minus the reserved output (`maxTokens`, else 8,192).
 * - Condense when the context reaches `autoCondenseContextPercent` of the window or exceeds the allowed
 *   size: the messages since the last summary, except the last 3, are summarized (with the condensing
 *   prompt, not the main system prompt); the history becomes [first message, summary (assistant),
 *   last 3 messages]. It fails — and changes nothing — when there is at most one message to summarize,
 *   when a summary is among the last 3, or when the result is not smaller.
 * - Otherwise, above the allowed size, a sliding window keeps the first message and drops half of the
 *   others (an even count) from the front, then removes tool calls and results left without their pair.
 * "Messages" are Anthropic messages: an assistant message, or a user message with the tool results
 * before it (see cline/truncation.ts `apiMessageStarts`).
 * - Neither path checks that its result fits (the first message and the last 3 are kept whole, e.g. after
 *   a switch to a smaller model); upstream such a request fails with a context-window error. Here it is
 *   reported: `detail.overWindow` on the event, or the veto `over-window` when nothing ran
 *   (shared/over-window.ts; metadata only).
 */
import type { Message } from '../../core/messages.js';
import { apiMessageStarts } from '../cline/truncation.js';
import { flagOverWindow } from '../shared/over-window.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';

export const N_MESSAGES_TO_KEEP = 3;
export const TOKEN_BUFFER_PERCENTAGE = 0.1;
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8192;

/** History split into Anthropic messages (each a slice of history). */
export function groups(history: readonly Message[]): Message[][] {
  const starts = apiMessageStarts(history);
  return starts.map((s, k) => history.slice(s, starts[k + 1] ?? history.length));
}

/** `removeOrphanedToolBlocks`: calls without results and results without calls are dropped. */
export function removeOrphans(history: readonly Message[]): Message[] {
  const results = new Set(history.filter((m) => m.role === 'tool').map((m) => m.tool_call_id ?? ''));
  const calls = new Set(history.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id)));
  const out: Message[] = [];
  for (const m of history) {
    if (m.role === 'tool') {
      if (calls.has(m.tool_call_id ?? '')) out.push(m);
    } else if (m.tool_calls?.some((c) => !results.has(c.id))) {
      const kept = m.tool_calls.filter((c) => results.has(c.id));
      const { tool_calls: _drop, ...rest } = m;
      const next: Message = kept.length ? { ...rest, tool_calls: kept } : rest;
      if (kept.length || (typeof next.content === 'string' ? next.content : next.content?.length)) out.push(next);
    } else out.push(m);
  }
  return out;
}

/** `truncateConversation(messages, 0.5)`: keep the first message, drop an even count of the rest. */
export function slidingWindow(history: readonly Message[], fraction = 0.5): Message[] {
  const g = groups(history);
  const raw = Math.floor((g.length - 1) * fraction);
  const remove = raw - (raw % 2);
  return removeOrphans([...(g[0] ?? []), ...g.slice(remove + 1).flat()]);
}

class RooCodePolicy implements ContextPolicy {
  readonly id = 'roo-code';
  private readonly summaries = new WeakSet<Message>();
  private counted: { tokens: number; length: number } | undefined;

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly autoCondense: boolean,
    private readonly percent: number,
    private readonly summaryTokens: number,
  ) {}

  afterStep(history: readonly Message[], usage: { promptTokens: number; outputTokens: number }): HookResult {
    this.counted = { tokens: usage.promptTokens + usage.outputTokens, length: history.length };
    return undefined;
  }

  private condense(history: readonly Message[], ctx: PolicyContext, prev: number): HookResult {
    const g = groups(history);
    if (g.length <= N_MESSAGES_TO_KEEP + 1) return undefined;
    const head = g.slice(0, -N_MESSAGES_TO_KEEP);
    let since = head.length - 1;
    while (since >= 0 && !this.summaries.has(head[since]![0]!)) since--;
    const toSummarize = since < 0 ? head : head[since]![0]!.role === 'user' ? head.slice(since) : [head[0]!, ...head.slice(since)];
    const keep = g.slice(-N_MESSAGES_TO_KEEP);
    if (toSummarize.length <= 1 || keep.some((m) => this.summaries.has(m[0]!))) return undefined;
    const res = ctx.summarizer.summarize({ messages: toSummarize.flat(), budgetTokens: this.summaryTokens, budgetKind: 'target', purpose: 'summary' });
    if (!res.ok || !res.text.trim()) return undefined;
    const summary: Message = { role: 'assistant', content: res.text.trim() };
    const next = removeOrphans([...g[0]!, summary, ...keep.flat()]);
    const newTokens = ctx.systemTokens + res.outputTokens + ctx.tokens.messages(keep.flat());
    if (newTokens >= prev) return undefined;
    this.summaries.add(summary);
    return { history: next, kind: 'summary', detail: { contextTokens: prev } };
  }

  /** A condense or truncation that leaves the request over the window (or none although it is over) is flagged. */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    return flagOverWindow(history, this.manage(history, ctx), ctx);
  }

  private manage(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (history.length === 0 || !this.counted) return undefined;
    const added = this.counted.length <= history.length ? ctx.tokens.messages(history.slice(this.counted.length)) : 0;
    const prev = this.counted.tokens + added;
    const allowed = ctx.contextWindow * (1 - TOKEN_BUFFER_PERCENTAGE) - (ctx.maxOutputTokens || ANTHROPIC_DEFAULT_MAX_TOKENS);
    if (this.autoCondense && ((100 * prev) / ctx.contextWindow >= this.percent || prev > allowed)) {
      const r = this.condense(history, ctx, prev);
      if (r) {
        this.counted = undefined;
        return r;
      }
    }
    if (prev <= allowed) return undefined;
    const next = slidingWindow(history);
    if (next.length === history.length) return { veto: 'nothing-to-truncate' };
    this.counted = undefined;
    return { history: next, kind: 'sliding-window' };
  }
}

export const rooCodePolicy: PolicyDefinition = {
  id: 'roo-code',
  description: 'Roo Code: above 90% of the window minus max output (or the condense threshold), summarize all but the first and last 3 messages; else drop half of the messages after the first.',
  source: 'RooCodeInc/Roo-Code src/core/context-management/index.ts @ 282555dfef209443a58b57a4243e1b1b2659da9c, src/core/condense/index.ts @ e5353cf0adbf704e2007de00c0b42bf7f0c815f9; defaults src/core/webview/ClineProvider.ts',
  version: '282555df',
  params: [
    { name: 'autoCondenseContext', type: 'boolean', default: true, description: 'condense with an LLM summary before the sliding window (setting autoCondenseContext)' },
    { name: 'autoCondenseContextPercent', type: 'number', default: 100, min: 5, max: 100, description: 'also condense at this percentage of the window (MIN 5, MAX 100; default 100)' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'summary output budget (compactbench assumption; upstream sets none)' },
  ],
  upstreamProperties: {
    'strict-alternation': 'removeOrphanedToolBlocks (context-management/index.ts) drops a message whose tool blocks were all orphaned by the truncation, which can leave two assistant messages in a row',
    'last-user-kept': 'the sliding-window fallback keeps the first message and drops half of the rest from the front by message count (truncateConversation), which can drop the newest user message of a long turn',
  },
  create(params) {
    return new RooCodePolicy(params, params.autoCondenseContext as boolean, params.autoCondenseContextPercent as number, params.summaryTokens as number);
  },
};
