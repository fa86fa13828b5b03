/**
 * `threshold-summary`: the plain policy most agents start with. After a step whose prompt reached
 * `triggerFraction` of the window, everything but a recent tail is replaced by one summary message.
 * Not a model of any one upstream system; it exercises the summary path of the simulator. The tail is
 * aligned so a tool call never loses its result.
 */
import { alignCutBackward, tailStartByTokens } from './shared/boundaries.js';
import type { Message } from '../core/messages.js';
import type { PolicyDefinition, PolicyResult } from './types.js';

export const SUMMARY_PREFIX = '[Summary of the earlier conversation]\n';

export const thresholdSummaryPolicy: PolicyDefinition = {
  id: 'threshold-summary',
  description: 'Summarizes all but a recent tail once the prompt reaches a fraction of the window.',
  source: 'compactbench generic baseline (the common pattern of seed 000/001 agents; no single upstream)',
  params: [
    { name: 'triggerFraction', type: 'number', default: 0.8, min: 0.05, max: 1, description: 'compact when prompt tokens ≥ this × window' },
    { name: 'tailFraction', type: 'number', default: 0.2, min: 0, max: 0.9, description: 'recent tail kept verbatim, as a fraction of the window' },
    { name: 'summaryTokens', type: 'integer', default: 2000, min: 1, description: 'summary output budget (tokens)' },
  ],
  create(params) {
    const trigger = params.triggerFraction as number;
    const tailFraction = params.tailFraction as number;
    const summaryTokens = params.summaryTokens as number;
    return {
      id: 'threshold-summary',
      params,
      afterStep(history, usage, ctx): PolicyResult | undefined {
        if (usage.promptTokens < trigger * ctx.contextWindow) return undefined;
        const tailStart = alignCutBackward(
          history,
          tailStartByTokens(history, tailFraction * ctx.contextWindow, ctx.tokens.message, 2),
        );
        if (tailStart <= 1) return undefined;
        const head = history.slice(0, tailStart);
        const res = ctx.summarizer.summarize({ messages: head, budgetTokens: summaryTokens });
        if (!res.ok) return undefined;
        const summary: Message = { role: 'user', content: SUMMARY_PREFIX + res.text };
        return { history: [summary, ...history.slice(tailStart)], kind: 'summary' };
      },
    };
  },
};
