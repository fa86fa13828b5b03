/**
 * Upper bounds on every size a scenario file (or a CLI flag) can ask for. Without them a typo such as
 * `sessionSteps: 1e7` or `resultTokens: 1e9` passes validation and then runs for minutes at gigabytes of
 * memory, or ends in V8's "Invalid string length". Each bound says why it is where it is; all sit well
 * above every shipped scenario, so they only ever stop input no real session has.
 */
export const LIMITS = {
  /** model calls per session: 30,000-step sessions are the longest studied (issue 13.12); 100,000 keeps a session's records near 1 GB */
  sessionSteps: 100_000,
  /** model calls per user turn: a turn cannot be longer than a session */
  stepsPerTurn: 100_000,
  /** tokens of one generated text (message, tool result, arguments, reasoning, system prompt): more than the largest context window of any profile (1,047,576) could never be sent */
  textTokens: 1_048_576,
  /** a model's context window: the largest real windows are 1-2 M tokens; 10 M leaves room for what-if scenarios */
  contextWindow: 10_000_000,
  /** extra parallel tool calls in one response: OpenAI caps a request at 128 tools, and agents issue a handful */
  parallelExtra: 128,
  /** tools in a scenario: OpenAI's limit on tool definitions per request */
  tools: 128,
  /** seeds of one scenario (or --seeds): each seed is a full session per policy; 10,000 is days of compute */
  seeds: 10_000,
  /** scheduled events or scripted summarizer failures: one per step of the longest session at most */
  listItems: 100_000,
  /** points of a fitted quantile table: calibrate writes about 20 */
  quantilePoints: 1_000,
  /**
   * generated tokens in one session (all messages together): about 8 bytes of string each in memory,
   * so 100 M tokens is under 1 GB; the 30,000-step studies generate about 60 M
   */
  sessionTokens: 100_000_000,
  /**
   * tokens one recorded model call reports in any usage field, and in its whole prompt: a call cannot
   * send or return more than a context window holds, so a count past contextWindow is a corrupted log
   * (and past it, sized placeholders would no longer fit in a JavaScript string)
   */
  recordedCallTokens: 10_000_000,
} as const;

export const MAX_SEEDS = LIMITS.seeds;

/** Thrown when a session would generate more than LIMITS.sessionTokens tokens. */
export class WorkloadLimitError extends Error {
  override name = 'InputError';
}
