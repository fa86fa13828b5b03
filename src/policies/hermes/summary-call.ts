/**
 * The summary LLM call and its failure handling, from Hermes `_generate_summary`
 * (agent/context_compressor.py @ 8fa8aabb):
 * - during an active failure cooldown it returns nothing at once (no call);
 * - the output budget is prompt guidance only: max(2000, min(20% of the turns' rough tokens, cap));
 * - a good answer has think blocks stripped, is redacted, stored as the previous summary for the next
 *   iterative update, and returned with the handoff prefix;
 * - a failure sets a cooldown: 600 s when no provider is configured, 30 s for JSON / stream-closed
 *   errors, 60 s otherwise; auth and network failures are flagged so `compress` aborts.
 * The summary model is the main model here (no separate auxiliary model to fall back from).
 */
import { estimateMessagesTokensRough } from './estimate.js';
import type { PyMsg } from './msg.js';
import { pyLen, pyRstrip, pySlice, pyStrip } from './pystr.js';
import { redactSensitiveText } from './redact.js';
import { withSummaryPrefix } from './summary-text.js';

const MIN_SUMMARY_TOKENS = 2000;
const SUMMARY_RATIO = 0.2;
export const NO_PROVIDER_COOLDOWN_S = 600;

export interface SummaryBackendRequest {
  turns: readonly PyMsg[];
  previousSummary?: string;
  budgetTokens: number;
  focusTopic?: string;
}

export type SummaryFailureKind = 'provider' | 'network' | 'auth' | 'json' | 'empty';

export type SummaryBackendResult = { ok: true; text: string } | { ok: false; error: string; kind: SummaryFailureKind };

/** Where summaries come from: the conformance stub, or the harness summarizer in the policy. */
export interface SummaryBackend {
  summarize(req: SummaryBackendRequest): SummaryBackendResult;
}

/** The compressor state this call reads and writes. */
export interface SummaryState {
  maxSummaryTokens: number;
  previousSummary: string | null;
  cooldownUntil: number;
  lastSummaryError: string | null;
  lastSummaryAuthFailure: boolean;
  lastSummaryNetworkFailure: boolean;
  summarizerCalls: number;
}

/** `_compute_summary_budget`. */
export function summaryBudget(turns: readonly PyMsg[], maxSummaryTokens: number): number {
  const budget = Math.trunc(estimateMessagesTokensRough(turns) * SUMMARY_RATIO);
  return Math.max(MIN_SUMMARY_TOKENS, Math.min(budget, maxSummaryTokens));
}

const THINK_BLOCKS = ['think', 'thinking', 'reasoning', 'REASONING_SCRATCHPAD', 'thought'].map(
  (t) => new RegExp(`<${t}>[\\s\\S]*?</${t}>`, 'gi'),
);

/** The closed-pair part of upstream's `strip_think_blocks`. */
export function stripThinkBlocks(s: string): string {
  if (!s.includes('<')) return s; // every block starts with "<": five scans of a long summary spared
  return THINK_BLOCKS.reduce((acc, re) => acc.replace(re, ''), s);
}

function cooldownFor(kind: SummaryFailureKind): number {
  return kind === 'json' || kind === 'network' ? 30 : 60;
}

function failureText(error: string): string {
  let t = pyStrip(error) || 'Error';
  if (pyLen(t) > 220) t = pyRstrip(pySlice(t, 0, 217)) + '...';
  return t;
}

/** A failed call: set the cooldown and the flags `compress` reads; always null. */
export function recordFailure(st: SummaryState, kind: SummaryFailureKind, error: string, now: number): null {
  if (error.toLowerCase().includes('no llm provider configured')) {
    st.cooldownUntil = now + NO_PROVIDER_COOLDOWN_S;
    st.lastSummaryError = 'no auxiliary LLM provider configured';
    return null;
  }
  if (kind === 'auth') st.lastSummaryAuthFailure = true;
  if (kind === 'network') st.lastSummaryNetworkFailure = true;
  st.cooldownUntil = now + cooldownFor(kind);
  st.lastSummaryError = failureText(error);
  return null;
}

/** `_generate_summary(turns, focus_topic)`: the prefixed summary, or null on failure / cooldown. */
export function generateSummary(
  st: SummaryState,
  backend: SummaryBackend,
  turns: readonly PyMsg[],
  now: number,
  focusTopic?: string,
): string | null {
  if (now < st.cooldownUntil) return null;
  st.summarizerCalls++;
  const res = backend.summarize({
    turns,
    previousSummary: st.previousSummary || undefined,
    budgetTokens: summaryBudget(turns, st.maxSummaryTokens),
    focusTopic,
  });
  if (!res.ok) return recordFailure(st, res.kind, res.error, now);
  if (!pyStrip(res.text)) return recordFailure(st, 'empty', '(provider=auto)', now);
  let content = res.text;
  const stripped = pyStrip(stripThinkBlocks(content));
  if (stripped) content = stripped;
  const summary = redactSensitiveText(pyStrip(content));
  st.previousSummary = summary;
  st.cooldownUntil = 0;
  st.lastSummaryError = null;
  st.lastSummaryAuthFailure = false;
  st.lastSummaryNetworkFailure = false;
  return withSummaryPrefix(summary);
}
