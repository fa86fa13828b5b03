/**
 * The closed loop (the default for generated workloads): when a step's request lacks something the step
 * needs (needs-meter.ts), the simulated agent fetches it again — a re-read, a re-run — before answering.
 *
 * After the request of a scripted step is sent and its needs checked, each unmet need whose source is a
 * tool result is re-fetched with the probability of how that source was removed — `placeholder` (content
 * replaced), `summary` (the message summarized or dropped away), `truncation` (content kept in part). If
 * any is, this request answers with the repeated calls (new ids) instead of the scripted response, their
 * results (the original content) follow, and the scripted step comes after them. More steps, more tokens,
 * and fresh copies that later steps find intact. A need held by a user message is never re-fetched: it is
 * measured, not repaired.
 *
 * Probabilities are parameters; their defaults and the evidence behind them are in docs/closed-loop.md.
 * Recorded traces stay open-loop: they already contain the agent's real reactions.
 */
import seedrandom from 'seedrandom';
import type { Message, ToolCall } from '../core/messages.js';
import { MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../core/tokens.js';
import type { ScriptStep } from '../workload/types.js';
import type { NeedCheck, NeedsMeter, RemovalKind } from './needs-meter.js';

export type { RemovalKind } from './needs-meter.js';

export interface ReactionSettings {
  /** P(re-fetch | the source was replaced by a placeholder) */
  pPlaceholder: number;
  /** P(re-fetch | the source was summarized away) */
  pSummary: number;
  /** P(re-fetch | the source was truncated) */
  pTruncation: number;
  /** simulated seconds the re-fetch takes */
  toolSeconds: number;
}

export const DEFAULT_REACTION: ReactionSettings = { pPlaceholder: 0.75, pSummary: 0.37, pTruncation: 0.3, toolSeconds: 1 };

export interface Reaction {
  /**
   * The step this request answers: `st` as scripted, or a re-fetch step when the agent fetches what it
   * lacks (the scripted step is then inserted after it in `script`, with the re-fetched results as its appends).
   */
  react(script: ScriptStep[], s: number, st: ScriptStep, checks: readonly NeedCheck[]): ScriptStep;
  telemetry(): Record<string, number>;
}

export function createReaction(meter: NeedsMeter, settings: ReactionSettings, seed: string, tokens: TokenCounter): Reaction {
  const counts: Record<string, number> = { reReads: 0, reactionSteps: 0, 'reReads.placeholder': 0, 'reReads.summary': 0, 'reReads.truncation': 0 };
  let serial = 0;
  const prob = (k: RemovalKind): number => (k === 'placeholder' ? settings.pPlaceholder : k === 'summary' ? settings.pSummary : settings.pTruncation);

  return {
    react(script, s, st, checks) {
      const redo: { source: string; call: ToolCall; result: Message }[] = [];
      for (const c of checks) {
        if (c.status === 'met' || !c.removal || redo.some((r) => r.source === c.need.source)) continue;
        const call = meter.look.calls.get(c.need.source);
        const result = meter.look.sources.get(c.need.source);
        if (!call || !result || result.role !== 'tool') continue;
        if (refetchDraw(seed, c.need) >= prob(c.removal)) continue;
        counts.reReads!++;
        counts[`reReads.${c.removal}`]!++;
        redo.push({ source: c.need.source, call, result });
      }
      if (!redo.length) return st;
      counts.reactionSteps!++;
      const calls: ToolCall[] = [];
      const results: Message[] = [];
      for (const r of redo) {
        const id = `refetch_${serial++}`;
        const call: ToolCall = { id, type: 'function', function: { name: r.call.function.name, arguments: r.call.function.arguments } };
        const result: Message = { ...r.result, tool_call_id: id };
        calls.push(call);
        results.push(result);
        meter.refetched(r.source, id);
      }
      const response: Message = { role: 'assistant', content: null, tool_calls: calls };
      // the scripted step follows the re-fetched results; its events already fired with this request
      const { events: _fired, ...rest } = st;
      script.splice(s + 1, 0, { ...rest, append: results, gapBefore: settings.toolSeconds });
      return { ...rest, response, outputTokens: tokens.message(response) - MESSAGE_OVERHEAD_TOKENS };
    },
    telemetry: () => Object.fromEntries(Object.entries(counts).map(([k, v]) => [`reaction.${k}`, v])),
  };
}

/**
 * The draw that decides whether a lost need is re-fetched: one per need, from the session seed alone, so
 * it is the same for every policy (common random numbers) and known before any runs — the offline
 * optimum charges exactly the needs every kind of removal would have re-fetched (src/optimum/need-charges.ts).
 */
export function refetchDraw(seed: string, need: { step: number; source: string }): number {
  return seedrandom.alea(`${seed}:refetch:${need.step}:${need.source}`)();
}

/** Whether a need is re-fetched whatever removed it: its draw is below every kind's probability. */
export function alwaysRefetched(settings: ReactionSettings, seed: string): (need: { step: number; source: string }) => boolean {
  const p = Math.min(settings.pPlaceholder, settings.pSummary, settings.pTruncation);
  return (need) => refetchDraw(seed, need) < p;
}
