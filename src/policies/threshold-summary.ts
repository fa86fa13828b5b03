/**
 * `threshold-summary`: the plain policy most agents start with. After a step whose prompt reached
 * `triggerFraction` of the window, everything but a recent tail is replaced by one summary message.
 * Not a model of any one upstream system; it exercises the summary path of the simulator.
 *
 * The tail is aligned so a tool call never loses its result. The request being answered always
 * survives: when the newest user message is older than the tail (a long agent loop on one task), it is
 * kept verbatim with the summary of everything else appended to it; otherwise the summary is a user
 * message in front of the tail, merged into the tail's first message when that is a user message, so
 * roles keep alternating. When the result still does not fit, the event says so (`detail.overWindow`).
 * A history already over the window before a request (after a switch to a smaller model, or a large
 * paste) is compacted the same way first (preflight); when that cannot help, a veto says so.
 */
import { HistoryTokens } from './shared/history-tokens.js';
import { alignCutBackward, tailStartByTokens } from './shared/boundaries.js';
import { contentText, type Message } from '../core/messages.js';
import type { PolicyContext, PolicyDefinition, PolicyResult, PolicyVeto } from './types.js';

export const SUMMARY_PREFIX = '[Summary of the earlier conversation]\n';

export function lastUserIndex(history: readonly Message[]): number {
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'user') return i;
  return -1;
}

/** A message with text added before or after its content; content parts (images) are kept. */
function addText(m: Message, text: string, where: 'before' | 'after'): Message {
  if (Array.isArray(m.content)) {
    const part = { type: 'text' as const, text };
    return { ...m, content: where === 'before' ? [part, ...m.content] : [...m.content, part] };
  }
  const own = contentText(m);
  return { ...m, content: where === 'before' ? `${text}\n\n${own}` : `${own}\n\n${text}` };
}

/** The summary as its own user message, or merged in front of the tail's first user message. */
export function withSummary(summary: string, tail: readonly Message[]): Message[] {
  const first = tail[0];
  if (first?.role !== 'user') return [{ role: 'user', content: SUMMARY_PREFIX + summary }, ...tail];
  return [addText(first, SUMMARY_PREFIX + summary, 'before'), ...tail.slice(1)];
}

/** The newest user message kept verbatim, followed by the summary of the work since and before it. */
export function requestWithSummary(request: Message, summary: string, tail: readonly Message[]): Message[] {
  return [addText(request, SUMMARY_PREFIX + summary, 'after'), ...tail];
}

export interface TailSummaryOptions {
  /** recent tail kept verbatim, in tokens (at least two messages, aligned so no call loses its result) */
  tailTokens: number;
  summaryTokens: number;
  /** the summary request is sent as a fork of the main prompt, so its input is read from the cache */
  reusesMainCache?: boolean;
}

/**
 * Replaces everything but a recent tail with one summary, keeping the newest user request verbatim; a
 * veto when there is nothing to summarize or the summarizer failed. Shared by the policies that
 * summarize this way (threshold-summary, cache-aligned).
 */
export function summarizeAllButTail(history: readonly Message[], ctx: PolicyContext, o: TailSummaryOptions): PolicyResult | PolicyVeto {
  const byTokens = alignCutBackward(history, tailStartByTokens(history, o.tailTokens, ctx.tokens.message, 2));
  const lastUser = lastUserIndex(history);
  const keepRequest = lastUser >= 0 && lastUser < byTokens;
  const head = keepRequest ? history.slice(0, byTokens).filter((_, i) => i !== lastUser) : history.slice(0, byTokens);
  if (head.length === 0) return { veto: 'nothing but the current request to summarize' };
  const res = ctx.summarizer.summarize({ messages: head, budgetTokens: o.summaryTokens, budgetKind: 'target', ...(o.reusesMainCache ? { reusesMainCache: true } : {}) });
  if (!res.ok) return { veto: 'the summarizer failed' };
  const tail = history.slice(byTokens);
  const next = keepRequest ? requestWithSummary(history[lastUser]!, res.text, tail) : withSummary(res.text, tail);
  const tokens = ctx.systemTokens + ctx.tokens.messages(next);
  const overWindow = tokens > ctx.contextWindow;
  return { history: next, kind: 'summary', ...(overWindow ? { detail: { overWindow: true, tokens } } : {}) };
}

export const thresholdSummaryPolicy: PolicyDefinition = {
  id: 'threshold-summary',
  description: 'Summarizes all but a recent tail (always from the newest user message on) once the prompt reaches a fraction of the window.',
  source: 'compactbench generic baseline (the common pattern of seed 000/001 agents; no single upstream)',
  version: 'compactbench-0.1',
  params: [
    { name: 'triggerFraction', type: 'number', default: 0.8, min: 0.05, max: 1, description: 'compact when prompt tokens ≥ this × window' },
    { name: 'tailFraction', type: 'number', default: 0.2, min: 0, max: 0.9, description: 'recent tail kept verbatim, as a fraction of the window' },
    { name: 'summaryTokens', type: 'integer', default: 2000, min: 1, description: 'summary output budget (tokens)' },
  ],
  create(params) {
    const trigger = params.triggerFraction as number;
    const tailFraction = params.tailFraction as number;
    const summaryTokens = params.summaryTokens as number;
    const compact = (history: readonly Message[], ctx: PolicyContext): PolicyResult | PolicyVeto | undefined =>
      summarizeAllButTail(history, ctx, { tailTokens: tailFraction * ctx.contextWindow, summaryTokens });
    const historyTokens = new HistoryTokens();
    return {
      id: 'threshold-summary',
      params,
      beforeStep(history, ctx) {
        if (ctx.systemTokens + historyTokens.of(history, ctx.tokens) <= ctx.contextWindow) return undefined;
        return compact(history, ctx);
      },
      afterStep(history, usage, ctx) {
        if (usage.promptTokens < trigger * ctx.contextWindow) return undefined;
        const r = compact(history, ctx);
        return r && 'veto' in r ? undefined : r;
      },
    };
  },
};
