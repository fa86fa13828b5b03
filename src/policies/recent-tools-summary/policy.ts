/**
 * `recent-tools-summary`: the "pruning + summarization" configuration (C4) of Lodha et al., "Less Context,
 * Better Agents: Efficient Context Engineering for Long-Horizon Tool-Using LLM Agents" (arXiv 2606.10209),
 * a research baseline: the context keeps the last N = 5 tool call/response pairs; older pairs are pruned and
 * folded into a running summary with a summary window W = 3.
 *
 * Interpretation (the paper's text was read only in its abstract): a step is an assistant message with its
 * tool calls and their results; once at least W pairs beyond the newest N are in context, those older
 * steps are removed and one summarizer call updates the running summary with them. The running summary is
 * appended to the task (the first user message), so roles keep alternating.
 */
import { contentText, freezeMessage, memoOf, type Message } from '../../core/messages.js';
import { joinedCount, splitsBetween } from '../../core/tokens.js';
import { flagOverWindow, historyTotal } from '../shared/over-window.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';
import { ToolStepIndex } from './step-index.js';

/** Tool call/response pairs in a step: its results. */
const pairsOf = ([a, b]: readonly [number, number]): number => b - a - 1;

export const SUMMARY_HEADER = '\n\n[Running summary of earlier tool interactions]\n';

interface Config {
  keepPairs: number;
  summaryWindow: number;
  summaryTokens: number;
}

/** Index ranges [start, end) of the steps: an assistant message with calls and the tool results after it. */
export function toolSteps(history: readonly Message[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < history.length; i++) {
    if (history[i]!.role !== 'assistant' || !history[i]!.tool_calls?.length) continue;
    let j = i + 1;
    while (j < history.length && history[j]!.role === 'tool') j++;
    out.push([i, j]);
  }
  return out;
}

/**
 * `{ ...original, content: head + summary }`, with its tokens counted from the parts. Where o200k's split
 * cannot cross the junction (core/tokens.ts splitsBetween) and the task is plain text, the count goes on
 * the message's own memo slot (frozen here, as the harness would), so the joined text, ~5k characters new
 * at every merge, is not hashed for the counter's memo by text; else the joined text is counted (joinedCount).
 */
function mergedTask(ctx: PolicyContext, original: Message, head: string, summary: string): Message {
  const content = head + summary;
  if (typeof original.content !== 'string' || !splitsBetween(head, summary)) {
    joinedCount(ctx.tokens, head, summary, content);
    return { ...original, content };
  }
  const merged = freezeMessage({ ...original, content });
  memoOf(merged)!.tokens = ctx.tokens.message(original) - ctx.tokens.count(original.content) + ctx.tokens.count(head) + ctx.tokens.count(summary);
  return merged;
}

class RecentToolsSummaryPolicy implements ContextPolicy {
  readonly id = 'recent-tools-summary';
  private summary = '';
  /** the task message as it was, its text with the summary header (the same string on every merge), and the merged message */
  private task: { original: Message; head: string; merged: Message } | undefined;
  private readonly steps = new ToolStepIndex();

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: Config,
  ) {}

  /**
   * The method counts tool pairs, not tokens, so its context can still exceed the window (large pairs, a
   * switch to a smaller model). Reported: the summary flagged `detail.overWindow`, or the veto
   * `over-window` when nothing ran (metadata only).
   */
  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    this.resultTokens = undefined;
    const r = this.prune(history, ctx);
    return flagOverWindow(history, r, ctx, this.resultTokens);
  }

  /** exact tokens of the history `prune` returned (so it is not counted again) */
  private resultTokens: number | undefined;

  private prune(history: readonly Message[], ctx: PolicyContext): HookResult {
    const steps = this.steps.of(history);
    let kept = 0;
    let k = steps.length;
    while (k > 0 && kept + pairsOf(steps[k - 1]!) <= this.cfg.keepPairs) kept += pairsOf(steps[--k]!);
    // steps [0, k) are beyond the newest N pairs; prune once they hold at least W pairs
    let old = 0;
    for (let s = 0; s < k; s++) old += pairsOf(steps[s]!);
    if (k === 0 || old < this.cfg.summaryWindow) return undefined;
    // the pruned messages in order, and the history without them (steps are disjoint and ordered)
    const pruned: Message[] = [];
    // everything before the first pruned step in one copy (the pruned steps lie near the end)
    let from = steps[0]![0];
    const next: Message[] = history.slice(0, from);
    for (let s = 0; s < k; s++) {
      const [a, b] = steps[s]!;
      for (let i = from; i < a; i++) next.push(history[i]!);
      for (let i = a; i < b; i++) pruned.push(history[i]!);
      from = b;
    }
    for (let i = from; i < history.length; i++) next.push(history[i]!);
    const res = ctx.summarizer.summarize({
      messages: pruned, budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary', ...(this.summary ? { previousSummary: this.summary } : {}),
    });
    if (!res.ok) return { veto: `summary-failed:${res.kind}` };
    this.summary = res.text;
    // the result's total from the history's running sum: what was pruned and the task message replaced
    let total = historyTotal(history, ctx);
    for (const m of pruned) total -= ctx.tokens.message(m);
    const t = next.findIndex((m) => m.role === 'user');
    if (t >= 0) {
      const original = this.task && next[t] === this.task.merged ? this.task.original : next[t]!;
      // the task and header end in "]\n": the joined text is counted from its parts (core/tokens.ts joinedCount)
      const head = this.task?.original === original ? this.task.head : `${contentText(original)}${SUMMARY_HEADER}`;
      const merged = mergedTask(ctx, original, head, this.summary);
      this.task = { original, head, merged };
      total += ctx.tokens.message(merged) - ctx.tokens.message(next[t]!);
      next[t] = merged;
    }
    this.resultTokens = total;
    // the kept steps, shifted by what was pruned before them (all pruned steps come first)
    const shift = steps.slice(0, k).reduce((n, [a, b]) => n + b - a, 0);
    this.steps.rebase(next, steps.slice(k).map(([a, b]) => [a - shift, b - shift]));
    // changedFrom 0: the task message changes; the hint has the harness adopt `next`, which the index and the sum follow
    return { history: next, changedFrom: 0, kind: 'summary', detail: { prunedPairs: old } };
  }
}

export const recentToolsSummaryPolicy: PolicyDefinition = {
  id: 'recent-tools-summary',
  description: 'Research baseline (arXiv 2606.10209, C4): keep the last 5 tool call/response pairs; older ones are pruned into a running summary (window 3) kept with the task.',
  source: 'Lodha et al., "Less Context, Better Agents", arXiv 2606.10209 (configuration C4: last 5 tool pairs, summary window 3)',
  version: 'arXiv-2606.10209v1',
  params: [
    { name: 'keepPairs', type: 'integer', default: 5, min: 1, description: 'N: newest tool call/response pairs kept verbatim' },
    { name: 'summaryWindow', type: 'integer', default: 3, min: 1, description: 'W: pruned pairs per summary update' },
    { name: 'summaryTokens', type: 'integer', default: 1_000, min: 1, description: 'summary output budget (compactbench assumption)' },
  ],
  create(params) {
    return new RecentToolsSummaryPolicy(params, {
      keepPairs: params.keepPairs as number, summaryWindow: params.summaryWindow as number, summaryTokens: params.summaryTokens as number,
    });
  },
};
