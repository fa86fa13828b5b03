/** The summarizer contract policies call. The harness supplies a deterministic mock and counts every call. */
import type { Message } from '../core/messages.js';

export interface SummaryRequest {
  /** the turns the policy would send to its summary model */
  messages: readonly Message[];
  /** the previous summary body, for iterative updates */
  previousSummary?: string;
  /** the policy's own output budget for this summary, in tokens (its budget rule, before the fidelity factor) */
  budgetTokens: number;
  /**
   * what the budget is: a `target` the policy's prompt asks for (Hermes: "about N tokens"; output ≈ N ×
   * fidelity), or only a `cap` (`max_tokens`, as Claude Code sets; output drawn from the length model
   * fitted on real summaries, src/summarizer/length-model.ts, truncated at N)
   */
  budgetKind: 'target' | 'cap';
  /** input tokens the policy's prompt would carry; defaults to the exact count of `messages` (+ previous summary) */
  inputTokens?: number;
  /** the prompt template's own tokens (instructions), added to the input */
  promptOverheadTokens?: number;
  /** a focus topic (manual /compress <topic>) */
  focus?: string;
  /** what the call is for: 'summary' (default), 'memory-flush', ... — recorded per auxiliary call */
  purpose?: string;
  /** the call reuses the main prompt's cache (Claude Code's compaction fork): its input is read from cache */
  reusesMainCache?: boolean;
}

export type SummaryResult =
  | { ok: true; text: string; inputTokens: number; outputTokens: number }
  | { ok: false; error: string; kind: 'provider' | 'network' | 'auth' | 'json' | 'empty' };

export interface Summarizer {
  summarize(req: SummaryRequest): SummaryResult;
}

/** One auxiliary LLM call, as the harness records it. */
export interface AuxCall {
  purpose: string;
  ok: boolean;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  /** dollars, or null when the auxiliary model is unpriced */
  cost: number | null;
  latency: number;
}
