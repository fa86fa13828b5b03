/**
 * `two-phase`: seed 001's proposal for Hermes ("Two-Phase Context Management — Prune Tool Outputs Before
 * Full Compaction", inspired by Kilocode), as written in the seed (hermes-agent issue #513; PR #588).
 * When the context reaches 85% of the window (Hermes' threshold at the time):
 * 1. prune (no LLM call): the opencode walk with PRUNE_PROTECT 40k (scaled by the window when
 *    `adaptiveProtect`, phase 3) and PRUNE_MINIMUM 20k, never inside the last two user turns, never for
 *    clarify/memory/skill_view/todo; old outputs become `[Tool output pruned — was N chars]`;
 * 2. if still over the threshold: summarize the middle (Hermes then protected the first 3 and last 4
 *    messages) with the structured template (Goal · Standing Instructions · Key Discoveries ·
 *    Accomplished So Far · Relevant Files & Paths · Next Steps) into one `[CONTEXT SUMMARY]` message.
 * The context is measured as Hermes did: the last real prompt tokens plus chars/4 of what was appended
 * (chars/4 of everything after a rewrite); a context-length error (413) compresses regardless. The summary budget follows Hermes' rule
 * max(2000, min(20% of the summarized tokens, min(5% of the window, 10k))) (shared/reference/hermes-compressor.md §1, §4.6).
 */
import { contentText, type Message } from '../../core/messages.js';
import { alignCutBackward } from '../shared/boundaries.js';
import type { Usage } from '../../core/usage.js';
import { roughMessages } from '../shared/rough.js';
import { UsageMeter } from '../shared/usage-meter.js';
import { toolSet } from '../shared/tool-calls.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition, PolicyResult } from '../types.js';
import { adaptiveProtect } from './adaptive.js';
import { applyPrune, planPrune, type PruneRules } from './prune.js';

const PRUNED_PREFIX = '[Tool output pruned — was ';
export const SUMMARY_PREFIX = '[CONTEXT SUMMARY]: ';
/** Seed 001's COMPACTION_TEMPLATE, in outline (its instruction tokens are charged to the summary call). */
export const TWO_PHASE_TEMPLATE = [
  'Summarize the compressed conversation turns into a structured resumption context.',
  '## Goal', '## Standing Instructions', '## Key Discoveries', '## Accomplished So Far', '## Relevant Files & Paths', '## Next Steps',
].join('\n');

class TwoPhasePolicy implements ContextPolicy {
  readonly id = 'two-phase';
  private readonly summaries = new WeakSet<Message>();
  private readonly meter = new UsageMeter();
  private counts = { pruneOnly: 0, summaries: 0, summaryFailures: 0 };
  constructor(readonly params: Readonly<Record<string, unknown>>) {}

  private rules(ctx: PolicyContext): PruneRules {
    const p = this.params;
    return {
      skipTurns: 2,
      protect: p.adaptiveProtect ? adaptiveProtect(ctx.contextWindow) : (p.pruneProtectTokens as number),
      minimum: p.pruneMinimumTokens as number,
      protectedTools: toolSet(p.neverPruneTools as string),
      isPruned: (m) => typeof m.content === 'string' && m.content.startsWith(PRUNED_PREFIX),
      placeholder: (m) => `${PRUNED_PREFIX}${contentText(m).length} chars]`,
      isBoundary: (m) => this.summaries.has(m),
    };
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const threshold = Math.floor(ctx.contextWindow * (this.params.thresholdPercent as number));
    if (this.meter.estimate(history, ctx.systemTokens) < threshold) return undefined;
    return this.run(history, ctx, threshold);
  }

  afterStep(history: readonly Message[], usage: Usage): HookResult {
    this.meter.note(history, usage);
    return undefined;
  }

  /** Hermes compresses on a context-length error (HTTP 413) whatever its estimate said. */
  onOverflow(history: readonly Message[], ctx: PolicyContext): HookResult {
    return this.run(history, ctx, Math.floor(ctx.contextWindow * (this.params.thresholdPercent as number)));
  }

  private run(history: readonly Message[], ctx: PolicyContext, threshold: number): HookResult {
    const result = this.phases(history, ctx, threshold);
    if (!result || 'veto' in result) return result;
    this.meter.invalidate();
    return flagOverWindow(result, ctx);
  }

  private phases(history: readonly Message[], ctx: PolicyContext, threshold: number): HookResult {
    const rules = this.rules(ctx);
    const plan = planPrune(history, rules);
    const pruned = applyPrune(history, plan, rules);
    const h = pruned ?? history;
    if (pruned && ctx.systemTokens + roughMessages(h) < threshold) {
      this.counts.pruneOnly++;
      return { history: pruned, kind: 'prune', note: `prune-only: ${plan.indices.length} outputs (~${plan.pruned} tokens)` };
    }
    const compressed = this.compress(h, ctx);
    if (compressed) return compressed;
    return pruned ? { history: pruned, kind: 'prune', note: 'prune (summary not possible)' } : { veto: 'over threshold, nothing to prune or summarize' };
  }

  private compress(h: readonly Message[], ctx: PolicyContext): HookResult {
    let head = Math.min(this.params.protectFirstN as number, h.length);
    while (head < h.length && h[head]!.role === 'tool') head++;
    const tailStart = alignCutBackward(h, h.length - (this.params.protectLastN as number));
    if (tailStart <= head) return undefined;
    const middle = h.slice(head, tailStart);
    const middleTokens = roughMessages(middle);
    const ceiling = Math.min(Math.floor(ctx.contextWindow * 0.05), 10_000);
    const res = ctx.summarizer.summarize({
      messages: middle, budgetTokens: Math.max(2_000, Math.min(Math.floor(middleTokens * 0.2), ceiling)),
      promptOverheadTokens: ctx.tokens.count(TWO_PHASE_TEMPLATE), budgetKind: 'target', purpose: 'summary',
    });
    if (!res.ok) {
      this.counts.summaryFailures++;
      return undefined;
    }
    const summary: Message = { role: 'user', content: SUMMARY_PREFIX + res.text };
    this.summaries.add(summary);
    this.counts.summaries++;
    return { history: [...h.slice(0, head), summary, ...h.slice(tailStart)], kind: 'summary', note: `summarized ${middle.length} messages` };
  }

  telemetry(): Record<string, number> {
    return { ...this.counts };
  }
}

/**
 * Marks a rewrite that still leaves the request above the window. The summary phase keeps the first
 * `protectFirstN` and last `protectLastN` messages verbatim (plus the tool results of a kept call), as
 * Hermes did, so when those alone exceed the window no rewrite of the middle can fit; the event says so
 * (`detail.overWindow`) instead of claiming a fit, and the next overflow retry or the step fails as upstream.
 */
function flagOverWindow(r: PolicyResult, ctx: PolicyContext): PolicyResult {
  const total = ctx.systemTokens + ctx.tokens.messages(r.history);
  if (total <= ctx.contextWindow) return r;
  return { ...r, note: `${r.note ?? r.kind}; still over the window (${total} > ${ctx.contextWindow} tokens)`, detail: { ...r.detail, overWindow: true, tokensAfter: total } };
}

export const twoPhasePolicy: PolicyDefinition = {
  id: 'two-phase',
  description: "Seed 001's proposal for Hermes: prune old tool outputs first (40k protected, adaptive to the window, >20k reclaimable), structured summary only if still over 85%.",
  source: 'seed 001 (NousResearch/hermes-agent issue #513 "Two-Phase Context Management", PR #588); opencode/Kilocode prune (shared/reference/policies.md §1a, §9)',
  version: 'seed-001',
  params: [
    { name: 'thresholdPercent', type: 'number', default: 0.85, min: 0.05, max: 1, description: 'compress when the context (last prompt tokens + chars/4 of new messages) reaches this fraction of the window (Hermes then: 85%)' },
    { name: 'pruneProtectTokens', type: 'integer', default: 40_000, min: 0, description: 'newest tool-output tokens never pruned when not adaptive (PRUNE_PROTECT_TOKENS)' },
    { name: 'adaptiveProtect', type: 'boolean', default: true, description: 'phase 3: protect 10k at 32K, 40k at 128K, 100k at 1M windows (interpolated)' },
    { name: 'pruneMinimumTokens', type: 'integer', default: 20_000, min: 0, description: 'prune only when more than this is reclaimable (PRUNE_MINIMUM_TOKENS)' },
    { name: 'neverPruneTools', type: 'string', default: 'clarify,memory,skill_view,todo', description: 'comma-separated tools never pruned (NEVER_PRUNE_TOOLS)' },
    { name: 'protectFirstN', type: 'integer', default: 3, min: 0, description: 'first messages kept by the summary phase (Hermes protect_first_n then)' },
    { name: 'protectLastN', type: 'integer', default: 4, min: 1, description: 'last messages kept by the summary phase (Hermes protect_last_n then)' },
  ],
  upstreamProperties: {
    'last-user-kept': 'The summary phase is Hermes\' compressor of the time, which seed 001 extends ("protect first 3 + last 4 turns, '
      + 'summarize middle"): it summarizes messages[3 : n−4] wherever the current request is, so a request followed by more than 4 '
      + 'messages of its own turn is summarized; the last-user-message anchor came later (shared/reference/hermes-compressor.md §4 '
      + 'step 4). Source: seed 001 ("Current Hermes Approach"); Hermes agent/context_compressor.py of the time (threshold 0.85, '
      + 'protect_first_n 3, protect_last_n 4).',
    'strict-alternation': 'Hermes then always inserted the summary as a user message ("[CONTEXT SUMMARY]: …") between the kept head '
      + 'and tail, whatever their roles, so it can follow or precede another user message; the role choice that avoids this came '
      + 'later (shared/reference/hermes-compressor.md §4 step 7). Source: seed 001 ("Produces a [CONTEXT SUMMARY] narrative blob"); '
      + 'Hermes agent/context_compressor.py of the time.',
  },
  create: (params) => new TwoPhasePolicy(params),
};
