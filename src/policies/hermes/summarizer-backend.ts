/**
 * Connects Hermes' summary call to compactbench's Summarizer contract: the turns go as `messages`,
 * upstream's budget rule as `budgetTokens`, and the input is charged as upstream would send it
 * (the serialized, truncated turns plus the previous summary, plus the prompt template).
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { Summarizer } from '../../summarizer/types.js';
import { serializeForSummary, SUMMARY_PROMPT_OVERHEAD_TOKENS } from './serialize-turns.js';
import type { SummaryBackend } from './summary-call.js';

export interface BackendOptions {
  /** when given, input tokens are counted on upstream's serialized prompt; otherwise the harness default */
  tokens?: TokenCounter;
}

export function backendFromSummarizer(summarizer: Summarizer, opts: BackendOptions = {}): SummaryBackend {
  return {
    summarize(req) {
      const inputTokens = opts.tokens
        ? opts.tokens.count(serializeForSummary(req.turns)) + (req.previousSummary ? opts.tokens.count(req.previousSummary) : 0)
        : undefined;
      const res = summarizer.summarize({
        messages: req.turns as unknown as readonly Message[],
        previousSummary: req.previousSummary,
        budgetTokens: req.budgetTokens,
        budgetKind: 'target',
        focus: req.focusTopic,
        purpose: 'summary',
        ...(inputTokens !== undefined ? { inputTokens, promptOverheadTokens: SUMMARY_PROMPT_OVERHEAD_TOKENS } : {}),
      });
      return res.ok ? { ok: true, text: res.text } : { ok: false, error: res.error, kind: res.kind };
    },
  };
}
