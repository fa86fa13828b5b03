/**
 * Connects Hermes' summary call to compactbench's Summarizer contract: the turns go as `messages`,
 * upstream's budget rule as `budgetTokens`, and the input is charged as upstream would send it
 * (the serialized, truncated turns plus the previous summary, plus the prompt template), counted piece
 * by piece (serialize-turns.ts `serializedSummaryTokens`).
 */
import type { Message } from '../../core/messages.js';
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../../core/tokens.js';
import type { PyMsg } from './msg.js';
import type { Summarizer } from '../../summarizer/types.js';
import { serializedSummaryTokens, SUMMARY_PROMPT_OVERHEAD_TOKENS } from './serialize-turns.js';
import type { SummaryBackend } from './summary-call.js';

export interface BackendOptions {
  /** when given, input tokens are counted on upstream's serialized prompt; otherwise the harness default */
  tokens?: TokenCounter;
}

/**
 * The tokens of a message's string content, from the simulator's memoized per-message count when the
 * message holds nothing else that count includes (then it is exactly count(content) + the framing).
 */
function contentTokens(tokens: TokenCounter, m: PyMsg): number | undefined {
  if (typeof m.content !== 'string' || m.tool_calls || m.reasoning || m.reasoning_content || m.reasoning_details) return undefined;
  return tokens.message(m as unknown as Message) - MESSAGE_OVERHEAD_TOKENS;
}

export function backendFromSummarizer(summarizer: Summarizer, opts: BackendOptions = {}): SummaryBackend {
  return {
    summarize(req) {
      const tokens = opts.tokens;
      const inputTokens = tokens
        ? serializedSummaryTokens(req.turns, (t) => tokens.count(t), (m) => contentTokens(tokens, m), tokens) +
          (req.previousSummary ? tokens.count(req.previousSummary) : 0)
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
