/**
 * A summary policy for the kit's fixtures, built on the registered `threshold-summary` so the fixtures
 * differ from their correct twins only in the one thing each gets wrong: where the window comes from,
 * what the summary is stamped with, and what the overflow path does.
 */
import { contentText, type Message } from '../../src/core/messages.js';
import { thresholdSummaryPolicy, SUMMARY_PREFIX } from '../../src/policies/threshold-summary.js';
import type { ContextPolicy, HookResult, PolicyContext } from '../../src/policies/types.js';

export interface SummaryPolicyOptions {
  /** the window the policy compacts for */
  window: (ctx: PolicyContext) => number;
  /** text appended to the summary (a timestamp, a counter) */
  stamp?: (ctx: PolicyContext) => string;
  /** on overflow: clear old tool outputs, and say so when the request still does not fit */
  flagOverflow: boolean;
}

function stamped(m: Message, stamp: string): Message {
  if (typeof m.content === 'string') return m.content.includes(SUMMARY_PREFIX) ? { ...m, content: `${m.content}\n${stamp}` } : m;
  if (!contentText(m).includes(SUMMARY_PREFIX) || !Array.isArray(m.content)) return m;
  return { ...m, content: [...m.content, { type: 'text', text: stamp }] };
}

const CLEARED = '[Old tool result content cleared]';

export function summaryPolicy(id: string, params: Readonly<Record<string, unknown>>, o: SummaryPolicyOptions): ContextPolicy {
  const inner = thresholdSummaryPolicy.create({ triggerFraction: 0.8, tailFraction: 0.2, summaryTokens: 2000 });
  const summarize = (history: readonly Message[], promptTokens: number, ctx: PolicyContext): HookResult => {
    const view = { ...ctx, contextWindow: o.window(ctx) };
    const r = inner.afterStep!(history, { promptTokens, cacheReadTokens: 0, cacheWriteTokens: 0, uncachedTokens: promptTokens, outputTokens: 0, cost: null, breakCause: null }, view);
    if (!r || 'veto' in r || !o.stamp) return r;
    const stamp = o.stamp(ctx);
    return { ...r, history: r.history.map((m) => stamped(m, stamp)) };
  };
  return {
    id,
    params,
    afterStep: (history, usage, ctx) => summarize(history, usage.promptTokens, ctx),
    // preflight: a history already over the window (a model switch, a large paste) is compacted before it is sent
    beforeStep(history, ctx) {
      const tokens = ctx.systemTokens + ctx.tokens.messages(history);
      return tokens > o.window(ctx) ? summarize(history, tokens, ctx) : undefined;
    },
    onOverflow(history, ctx) {
      let n = 0;
      const next = history.map((m, i): Message => {
        if (m.role !== 'tool' || i >= history.length - 3 || m.content === CLEARED) return m;
        n++;
        return { ...m, content: CLEARED };
      });
      const still = ctx.systemTokens + ctx.tokens.messages(next) > ctx.contextWindow;
      if (!n) return o.flagOverflow ? { veto: 'nothing left to clear' } : undefined;
      return { history: next, kind: 'clear', ...(o.flagOverflow && still ? { detail: { overWindow: true } } : {}) };
    },
  };
}
