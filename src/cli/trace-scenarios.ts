/**
 * `run --trace FILE`: each recorded transcript becomes a one-seed scenario replayed exactly like a
 * synthetic session. The model and window come from what the trace recorded; a recorded model that is
 * not in the price table is replayed unpriced (never priced as another model); a trace that recorded
 * no model uses the Claude Sonnet 200k default. Recorded timestamps drive the clock through the
 * importer's workload conversion.
 *
 * The replay sends what the client sent: when the trace does not log its system block, the block is
 * sized from the recorded usage (validate/unlogged.ts) and sent as a placeholder of that size; thinking
 * billed larger than logged is sized the same way. Recorded output tokens are the provider's count; the
 * workload holds o200k counts, so they are divided by the token scale here (the harness multiplies back).
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { getProfile } from '../cache/profiles.js';
import { tokenScaleFor, type ScaleParams } from '../cache/token-scale.js';
import { createTokenCounter, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../core/tokens.js';
import type { Message } from '../core/messages.js';
import { profileFor } from '../sim/setup.js';
import type { RunScenario } from '../sim/run.js';
import { recordedBill } from '../validate/recorded-bill.js';
import { sizeUnlogged } from '../validate/unlogged.js';
import { importSessions } from '../workload/import/collect.js';
import { traceToWorkload, type ImportedTrace } from '../workload/import/index.js';
import type { Workload } from '../workload/types.js';

export const DEFAULT_TRACE_MODEL = 'claude-sonnet-4.5';

export function traceRunScenario(file: string, trace: ImportedTrace, label = basename(file)): RunScenario {
  const recorded = trace.meta.model;
  const known = recorded ? getProfile(recorded) : undefined;
  const model = known ? known.id : recorded ? `unpriced:${recorded}` : DEFAULT_TRACE_MODEL;
  const profile = profileFor(model);
  const hash = createHash('sha256').update(JSON.stringify(trace.messages)).digest('hex').slice(0, 12);
  return {
    name: `trace:${label}`,
    hash,
    settings: {
      breakpoints: profile.provider === 'anthropic' ? 'auto' : 'none',
      summarizer: { fidelity: 1, failureRate: 0, failAt: [] },
    },
    // a step per message at most: enough to size the worker pool
    expectedSteps: trace.messages.length,
    recorded: recordedBill(trace) ?? null,
    makeWorkload: (_seed, tokens) => replayWorkload(trace, tokens, tokenScaleFor(profile), model, windowOf(trace, profile.contextWindow)),
  };
}

/**
 * Claude Code runs every model in a 200k window unless the model id opts into 1M (`[1m]` suffix);
 * its recorded sessions compact at ~167k (200k − 20k − 13k) even on models the API serves with 1M.
 */
export const CLAUDE_CODE_DEFAULT_WINDOW = 200_000;

function windowOf(trace: ImportedTrace, modelWindow: number): number {
  if (trace.meta.format !== 'claude-code' || /\[1m\]/i.test(trace.meta.model ?? '')) return modelWindow;
  return Math.min(modelWindow, CLAUDE_CODE_DEFAULT_WINDOW);
}

/** Placeholder text of about `tokens` o200k tokens by chars/4 (agents' rough estimates see its size too). */
function placeholder(tokens: number): string {
  const head = `[system prompt, tool schemas and injected context: not logged; ${tokens} tokens sized from the recorded usage]`;
  return head + ' ...'.repeat(Math.max(0, tokens - Math.ceil(head.length / 4)));
}

/**
 * The trace as a workload, with the unlogged parts sized in o200k units (`prime` registers the counts,
 * so nothing large is tokenized). Messages whose size changes are copied (the counter memoizes per object).
 */
export function replayWorkload(trace: ImportedTrace, tokens: TokenCounter, ts: ScaleParams, model: string, contextWindow: number): Workload {
  const { scale } = ts;
  // sized with a fresh exact counter: `tokens` may already hold this trace's primed sizes
  const exact = createTokenCounter();
  const sizes = sizeUnlogged(trace, exact, ts);
  let t = trace;
  let systemPrompt: string | undefined;
  if (sizes) {
    const base = Math.max(1, Math.round((sizes.systemTokens - ts.perMessage) / scale) - MESSAGE_OVERHEAD_TOKENS);
    systemPrompt = placeholder(base);
    tokens.prime(systemPrompt, base);
    const messages = trace.messages.map((m, i): Message => {
      const extra = sizes.reasoningExtra.get(i);
      if (extra === undefined || !m.reasoning) return m;
      tokens.prime(m.reasoning, Math.max(0, exact.count(m.reasoning) + Math.round(extra / scale)));
      return { ...m };
    });
    t = { ...trace, messages };
  }
  const w = traceToWorkload(t, { contextWindow, maxOutputTokens: 32_000, model, tokens, ...(systemPrompt ? { systemPrompt } : {}) });
  if (scale !== 1) {
    for (const st of w.steps) if (st.recorded?.outputTokens !== undefined) st.outputTokens = Math.round(st.recorded.outputTokens / scale);
  }
  return { ...w, meta: { ...w.meta, tokenScale: scale, perMessageTokens: ts.perMessage, ...(sizes ? { unloggedSystemTokens: sizes.systemTokens, thinkingSized: sizes.reasoningExtra.size } : {}) } };
}

/**
 * One scenario per session in the given files, directories and globs (workload/import/collect.ts): a
 * multi-conversation file (OpenHands output.jsonl, ShareGPT) given without `#N` gives one scenario per
 * conversation, named `trace:<file>#<n>`; a subagent recorded inside a Claude Code session is a scenario
 * of its own, `trace:<file>>agent-<id>`, priced on its own prompt.
 */
export async function traceScenarios(paths: readonly string[]): Promise<RunScenario[]> {
  const sessions = await importSessions(paths);
  return sessions.map((s) => traceRunScenario(s.file, s.trace, s.label));
}
