/**
 * `complexity-trap-hybrid`: the hybrid of "The Complexity Trap" (Lindenbauer et al., JetBrains Research /
 * TUM, arXiv 2508.21433, NeurIPS 2025 DL4Code workshop), a research baseline on SWE-agent:
 * - observation masking on every request: all but the newest M = 10 tool outputs read as
 *   "Old environment output: (K lines omitted)" (SWE-agent's LastNObservations, see ../swe-agent);
 * - LLM summary every N = 43 turns (agent steps): everything but the newest W = 10 turns is replaced by one
 *   summary, which the next summary updates.
 * Parameters as given in issue 16 (N = 43, M = W = 10); the paper's own configuration was not re-read for
 * this port. Turns are agent steps (assistant messages); the first user message (the task) is kept.
 */
import type { Message } from '../../core/messages.js';
import { alignCutBackward } from '../shared/boundaries.js';
import { LastNObservationsView } from '../swe-agent/last-n-view.js';
import { elidedText } from '../swe-agent/policy.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition, ViewResult } from '../types.js';

interface HybridConfig {
  everyTurns: number;
  keepTurns: number;
  maskKeep: number;
  summaryTokens: number;
}

class HybridPolicy implements ContextPolicy {
  readonly id = 'complexity-trap-hybrid';
  private readonly summaries = new WeakSet<Message>();
  private readonly masked = new WeakMap<Message, Message>();
  private turnsSinceSummary = 0;
  /** SWE-agent's LastNObservations (n = M, polling 1), kept incrementally; a summary starts it over */
  private readonly lastN: LastNObservationsView;

  constructor(
    readonly params: Readonly<Record<string, unknown>>,
    private readonly cfg: HybridConfig,
  ) {
    this.lastN = new LastNObservationsView(cfg.maskKeep, 1, (m) => {
      let x = this.masked.get(m);
      if (!x) this.masked.set(m, (x = { ...m, content: elidedText(m) }));
      return x;
    });
  }

  afterStep(): HookResult {
    this.turnsSinceSummary++;
    return undefined;
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (this.turnsSinceSummary < this.cfg.everyTurns) return undefined;
    const assistants = history.map((m, i) => (m.role === 'assistant' ? i : -1)).filter((i) => i >= 0);
    if (assistants.length <= this.cfg.keepTurns) return undefined;
    const first = history.findIndex((m) => m.role === 'user');
    const cut = alignCutBackward(history, assistants[assistants.length - this.cfg.keepTurns]!);
    if (cut <= first + 1) return undefined;
    const head = history.slice(first + 1, cut);
    const previous = head.find((m) => this.summaries.has(m));
    const res = ctx.summarizer.summarize({
      messages: head.filter((m) => m !== previous), budgetTokens: this.cfg.summaryTokens, budgetKind: 'target', purpose: 'summary',
      ...(previous && typeof previous.content === 'string' ? { previousSummary: previous.content } : {}),
    });
    if (!res.ok) return { veto: `summary-failed:${res.kind}` };
    this.turnsSinceSummary = 0;
    const summary: Message = { role: 'user', content: res.text };
    this.summaries.add(summary);
    const tail = history.slice(cut);
    // task, an acknowledgement (a compactbench choice, so roles alternate), the summary, the kept turns
    const next: Message[] = [...history.slice(0, first + 1), { role: 'assistant', content: 'Understood.' }, summary, ...tail];
    return { history: next, kind: 'summary', detail: { summarizedMessages: head.length } };
  }

  view(history: readonly Message[]): readonly Message[] | ViewResult {
    return this.lastN.view(history);
  }
}

export const complexityTrapHybridPolicy: PolicyDefinition = {
  id: 'complexity-trap-hybrid',
  description: 'Research baseline (arXiv 2508.21433): mask all but the last 10 tool outputs; every 43 turns summarize all but the last 10 turns.',
  source: 'Lindenbauer et al., "The Complexity Trap", arXiv 2508.21433 (JetBrains-Research/the-complexity-trap); parameters N=43, M=W=10 from issue 16',
  version: 'arXiv-2508.21433v3',
  params: [
    { name: 'everyTurns', type: 'integer', default: 43, min: 1, description: 'N: summarize every this many turns' },
    { name: 'keepTurns', type: 'integer', default: 10, min: 1, description: 'W: newest turns kept verbatim by a summary' },
    { name: 'maskKeep', type: 'integer', default: 10, min: 1, description: 'M: newest tool outputs left unmasked' },
    { name: 'summaryTokens', type: 'integer', default: 2_000, min: 1, description: 'summary output budget (compactbench assumption)' },
  ],
  create(params) {
    return new HybridPolicy(params, {
      everyTurns: params.everyTurns as number, keepTurns: params.keepTurns as number,
      maskKeep: params.maskKeep as number, summaryTokens: params.summaryTokens as number,
    });
  },
};
