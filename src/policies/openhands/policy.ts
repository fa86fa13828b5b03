/**
 * `openhands`: OpenHands' `LLMSummarizingCondenser` (OpenHands/software-agent-sdk
 * `openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py` @ 0d2b16d9), the default
 * condenser of the OpenHands agent.
 *
 * The condenser counts events, not tokens: the system prompt event, each user message, each tool call
 * (an assistant message with k parallel calls is k action events), each tool result. When the view holds
 * more than `max_size` (120) events — or, when `max_tokens` is set, more tokens — it keeps the first
 * `keep_first` (4) events and the newest `max_size / 2 − keep_first − 1` (55), and replaces the events in
 * between by one summary at offset `keep_first`. A previous summary sits in the forgotten range and is
 * handed to the summarizer as `previous_summary`, so summaries roll. Here the system prompt is the first
 * event (it is not part of the history), and the tail is moved back so no tool result loses its call.
 */
import type { Message } from '../../core/messages.js';
import { alignCutBackward } from '../shared/boundaries.js';
import { HistoryTokens } from '../shared/history-tokens.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition } from '../types.js';

/** Events each history message stands for (the system prompt event is counted separately). */
export const eventsOf = (m: Message): number => (m.role === 'assistant' && m.tool_calls?.length ? m.tool_calls.length : 1);

/** History index holding event number `e` (0-based, counting history events only). */
function messageAtEvent(history: readonly Message[], e: number): number {
  let seen = 0;
  for (let i = 0; i < history.length; i++) {
    seen += eventsOf(history[i]!);
    if (seen > e) return i;
  }
  return history.length;
}

/**
 * The history's event count, kept as a running sum: the harness appends to the same array between
 * rewrites, so a step counts only the appended messages (a new array is counted whole, once per rewrite).
 */
export class EventCount {
  private ref: readonly Message[] | undefined;
  private counted = 0;
  private last: Message | undefined;
  private total = 0;

  of(history: readonly Message[]): number {
    if (history !== this.ref || history.length < this.counted || (this.counted > 0 && history[this.counted - 1] !== this.last)) {
      this.ref = history;
      this.counted = 0;
      this.total = 0;
    }
    for (; this.counted < history.length; this.counted++) this.total += eventsOf(history[this.counted]!);
    this.last = history[this.counted - 1];
    return this.total;
  }
}

interface OpenHandsConfig {
  maxSize: number;
  keepFirst: number;
  maxTokens: number;
  summaryTokens: number;
}

class OpenHandsPolicy implements ContextPolicy {
  readonly id = 'openhands';
  private readonly summaries = new WeakSet<Message>();
  private readonly events = new EventCount();
  private readonly tokens = new HistoryTokens();

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: OpenHandsConfig,
  ) {}

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const events = 1 + this.events.of(history);
    const overTokens = this.cfg.maxTokens > 0 && ctx.systemTokens + this.tokens.of(history, ctx.tokens) > this.cfg.maxTokens;
    if (events <= this.cfg.maxSize && !overTokens) return undefined;
    const fromTail = Math.floor(this.cfg.maxSize / 2) - this.cfg.keepFirst - 1;
    // head: the system event plus keep_first − 1 history events; tail: the newest `fromTail` events
    // the results of a call kept in the head stay with it
    let headEnd = messageAtEvent(history, this.cfg.keepFirst - 1);
    while (headEnd < history.length && history[headEnd]!.role === 'tool') headEnd++;
    const tailStart = alignCutBackward(history, messageAtEvent(history, events - 1 - fromTail));
    if (tailStart <= headEnd) return { veto: 'nothing-to-forget' };
    const forgotten = history.slice(headEnd, tailStart);
    const previous = forgotten.find((m) => this.summaries.has(m));
    const res = ctx.summarizer.summarize({
      messages: forgotten.filter((m) => m !== previous), budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary',
      ...(previous ? { previousSummary: typeof previous.content === 'string' ? previous.content : '' } : {}),
    });
    if (!res.ok) return { veto: `summary-failed:${res.kind}` };
    const summary: Message = { role: 'user', content: res.text };
    this.summaries.add(summary);
    const next = [...history.slice(0, headEnd), summary, ...history.slice(tailStart)];
    const over = ctx.systemTokens + ctx.tokens.messages(next) > ctx.contextWindow;
    return { history: next, kind: 'summary', detail: { events, forgottenMessages: forgotten.length, ...(over ? { overWindow: true } : {}) } };
  }
}

export const openhandsPolicy: PolicyDefinition = {
  id: 'openhands',
  description: 'OpenHands LLMSummarizingCondenser: above 120 events, keep the first 4 and the newest 55, summarize the rest into one rolling summary at offset 4.',
  source: 'OpenHands/software-agent-sdk openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py @ 0d2b16d93b2efe4822de5f085b5edf91cb059249',
  version: '0d2b16d9',
  params: [
    { name: 'maxSize', type: 'integer', default: 120, min: 4, description: 'condense when the view holds more events than this (max_size)' },
    { name: 'keepFirst', type: 'integer', default: 4, min: 1, description: 'events kept from the start, the system prompt included (keep_first)' },
    { name: 'maxTokens', type: 'integer', default: 0, min: 0, description: 'also condense above this many tokens (max_tokens; 0 = None)' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'summary output budget (compactbench assumption; upstream sets none)' },
  ],
  create(params) {
    const cfg: OpenHandsConfig = {
      maxSize: params.maxSize as number, keepFirst: params.keepFirst as number,
      maxTokens: params.maxTokens as number, summaryTokens: params.summaryTokens as number,
    };
    if (Math.floor(cfg.maxSize / 2) - cfg.keepFirst - 1 <= 0) throw new Error('keepFirst must be less than maxSize / 2 − 1 (upstream validator)');
    return new OpenHandsPolicy(params, cfg);
  },
};
