/**
 * `opencode` and `kilocode`: opencode's two mechanisms (shared/reference/policies.md §1; sources in
 * ./config.ts):
 * - prune (opt-in since sst/opencode 31e22f65): after every completed agent loop, replace old tool outputs beyond the newest 40k tokens with
 *   `[Old tool result content cleared]`, only when more than 20k is reclaimable, never inside the last two
 *   user turns, never for `skill`, stopping at the last compaction or an already pruned output;
 * - compaction: when a step's tokens reach `usable`, summarize everything before a tail of recent user turns
 *   (all that fit ≤ 15k tokens in opencode; the last two within 8k in Kilo) with the structured template,
 *   updating the previous summary (or, in `suffix` mode, by appending a summary prompt to the main request), and
 *   inject "Continue if you have next steps…"; a compaction that did not cut the tokens by 5% is stalled.
 *   When the request itself overflowed (onOverflow), the current user message is replayed after the
 *   summary instead (./continuation.ts).
 * Kilocode differs in when prune runs: on normal turns only when enabled, by default right after a
 * compaction ("compaction already invalidates cache") and when a request overflows (payload limit).
 */
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import { toolSet } from '../shared/tool-calls.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyDefinition, PolicyResult } from '../types.js';
import { MARKER_TEXT, opencodeParams, PRUNED, readOpencodeConfig, SUFFIX_OUTPUT_TOKENS, type OpencodeConfig, type Variant } from './config.js';
import { continuation } from './continuation.js';
import { stalled, usable } from './overflow.js';
import { applyPrune, planPrune, type PruneRules } from './prune.js';
import { summarize, summarizeSuffix } from './summary.js';
import { selectTail } from './tail.js';

class OpencodePolicy implements ContextPolicy {
  readonly id: string;
  private readonly cfg: OpencodeConfig;
  private readonly rules: PruneRules;
  private readonly markers = new WeakSet<Message>();
  private readonly summaries = new WeakSet<Message>();
  /** first message behind which prune never looks: the last compaction's tail start (or its summary) */
  private boundary: Message | undefined;
  private previousTokens: number | undefined;
  private counts = { prunes: 0, compactions: 0, stalls: 0, compactionFailures: 0 };

  constructor(variant: Variant, readonly params: Readonly<Record<string, unknown>>) {
    this.id = variant;
    this.cfg = readOpencodeConfig(variant, params);
    this.rules = {
      skipTurns: 2, protect: this.cfg.pruneProtectTokens, minimum: this.cfg.pruneMinimumTokens,
      protectedTools: toolSet(this.cfg.pruneProtectedTools),
      isPruned: (m) => m.content === PRUNED,
      placeholder: () => PRUNED,
      isBoundary: (m) => m === this.boundary || this.summaries.has(m),
    };
  }

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (!this.cfg.auto || !ctx.lastUsage) return undefined;
    const count = ctx.lastUsage.promptTokens + ctx.lastUsage.outputTokens;
    if (count < this.usable(ctx)) {
      this.previousTokens = undefined;
      return undefined;
    }
    if (stalled(this.previousTokens, count, this.cfg.stallThreshold)) {
      this.counts.stalls++;
      return { veto: `auto-compaction stalled: ${count} tokens after compacting at ${this.previousTokens}` };
    }
    const r = this.compact(history, ctx, 'threshold', `overflow at ${count} tokens (usable ${this.usable(ctx)})`);
    if (r && !('veto' in r)) this.previousTokens = count;
    return r;
  }

  afterStep(history: readonly Message[], _usage: Usage): HookResult {
    const last = history[history.length - 1];
    const loopDone = last?.role === 'assistant' && !last.tool_calls?.length;
    if (!loopDone || !this.cfg.prune) return undefined;
    return this.prune(history, 'normal');
  }

  onOverflow(history: readonly Message[], ctx: PolicyContext): HookResult {
    if (this.cfg.pruneOnPayloadLimit) {
      const p = this.prune(history, 'payload-limit');
      if (p) return p;
    }
    // with compaction.auto === false a context-overflow error is surfaced, not compacted
    return this.cfg.auto ? this.compact(history, ctx, 'overflow', 'request exceeded the context window') : undefined;
  }

  telemetry(): Record<string, number> {
    return { ...this.counts };
  }

  private usable(ctx: PolicyContext): number {
    return usable(ctx.contextWindow, ctx.maxOutputTokens, this.cfg.declaresInputLimit ? ctx.contextWindow : 0, this.cfg.reservedTokens,
      this.cfg.reserveWithoutInputLimit);
  }

  /** What the suffix request may hold: usable with the output reserve of a 4,096-token summary (fitsSuffix). */
  private suffixUsable(ctx: PolicyContext): number {
    const out = Math.min(SUFFIX_OUTPUT_TOKENS, ctx.maxOutputTokens);
    return usable(ctx.contextWindow, out, this.cfg.declaresInputLimit ? ctx.contextWindow : 0, this.cfg.reservedTokens,
      this.cfg.reserveWithoutInputLimit);
  }

  private prune(history: readonly Message[], reason: string): PolicyResult | undefined {
    const plan = planPrune(history, this.rules);
    const out = applyPrune(history, plan, this.rules);
    if (!out) return undefined;
    this.counts.prunes++;
    return { history: out, kind: 'prune', note: `${reason}: ${plan.indices.length} outputs (~${plan.pruned} tokens)`, detail: { reason, outputs: plan.indices.length, prunedTokens: plan.pruned } };
  }

  private compact(history: readonly Message[], ctx: PolicyContext, trigger: 'threshold' | 'overflow', note: string): HookResult {
    const prior = history.find((m) => this.summaries.has(m));
    const previousSummary = prior ? String(prior.content ?? '') : undefined;
    const isMarker = (m: Message): boolean => this.markers.has(m);
    const visible = history.filter((m) => !this.summaries.has(m) && !isMarker(m));
    const next = continuation(visible, trigger, ctx.turnStart, this.cfg.autoContinue, isMarker);
    const budget = this.cfg.preserveRecentTokens
      || Math.min(this.cfg.preserveRecentMaxTokens, Math.max(2_000, Math.floor(this.usable(ctx) * 0.25)));
    const tailStart = selectTail(next.messages, this.cfg.tailTurns, budget, isMarker);
    const head = next.messages.slice(0, tailStart);
    if (head.length === 0) return { veto: 'nothing to compact before the kept tail' };
    const suffix = this.cfg.compactionMode === 'suffix' ? summarizeSuffix(history, ctx, this.suffixUsable(ctx)) : undefined;
    // a suffix attempt that fails (provider error, empty summary) is retried as a prepend request upstream
    const res = suffix?.ok ? suffix : summarize(head, previousSummary, ctx, this.cfg.toolOutputMaxChars, this.cfg.summaryMaxTokens);
    if (!res.ok) {
      this.counts.compactionFailures++;
      return { veto: `compaction failed: ${res.error}` };
    }
    const marker: Message = { role: 'user', content: MARKER_TEXT };
    const summary: Message = { role: 'assistant', content: res.text };
    const tail = next.messages.slice(tailStart);
    this.markers.add(marker);
    this.summaries.add(summary);
    this.boundary = tail[0] ?? summary;
    this.counts.compactions++;
    const out: Message[] = [marker, summary, ...tail, ...next.after];
    // Kilo: the cache is already broken here, so stale outputs are collapsed in the same rewrite
    const post = this.cfg.pruneAfterCompaction ? this.prune(out, 'post-compaction') : undefined;
    return {
      history: post?.history ?? out, kind: 'summary', note,
      detail: { headMessages: head.length, tailMessages: tail.length, continuation: next.mode, postCompactionPrune: !!post,
        mode: suffix?.ok ? 'suffix' : 'prepend' },
    };
  }
}

/**
 * Why not 001aa6cc: the previous port cited anomalyco/opencode compaction.ts @ 001aa6cc6a21, whose file has
 * a SessionCompactionPolicy service, a prompt-too-long retry ladder (PTL_KEEP_RECENT_TURNS) and Claude-Code
 * style post-compact budgets that no sst/opencode compaction.ts has (neither the v1 file @ fd78ec63 nor
 * 31e22f65): it is a commit of a fork, reachable through the shared fork network. The default now cites
 * sst/opencode itself; `opencode@001aa6cc` keeps the previous port's defaults.
 */
const SOURCE = 'sst/opencode packages/opencode/src/session/{compaction.ts, overflow.ts} and packages/core/src/session/compaction-suffix.ts '
  + '@ 31e22f65a23c498639b8cef24b90e6ae193cdcb6; Kilo-Org/kilocode packages/opencode/src/session/compaction.ts '
  + '@ 02bc3f2126348148b50e49c581641c9123eeb05c; shared/reference/policies.md §1';

/** Invariants upstream opencode/Kilo does not hold, by design (see docs/policies-other.md). */
const UPSTREAM_PROPERTIES: Readonly<Record<string, string>> = {
  'last-user-kept': 'A threshold compaction (a finished step reached `usable`) does not replay the prompt: the kept tail is the last '
    + 'tail_turns user turns within preserve_recent_tokens (≤ 8k), and a current turn larger than that is split (splitTurn keeps only '
    + 'its newest messages) or summarized whole, so the request survives only in the summary, followed by the synthetic "Continue…". '
    + 'The prompt is replayed only after a provider overflow, and only when an earlier user message exists (replay/hasContent). '
    + 'Source: Kilo-Org/kilocode packages/opencode/src/session/compaction.ts @ 02bc3f21 (select, splitTurn, processCompaction); '
    + 'anomalyco/opencode compaction.ts @ 001aa6cc; shared/reference/policies.md §1b–1c.',
  'strict-alternation': 'When the kept tail splits a turn, it starts at an assistant message (splitTurn starts after the turn\'s user '
    + 'message), right after the summary, which is an assistant message too: the model-visible context [marker, summary, tail…] '
    + '(filterCompacted) then has two assistant messages in a row. Source: Kilo-Org/kilocode packages/opencode/src/session/compaction.ts '
    + '@ 02bc3f21 (splitTurn); shared/reference/policies.md §1c.',
};

export const opencodePolicy: PolicyDefinition = {
  id: 'opencode',
  description: 'opencode: structured-summary compaction at usable = context − max output − 20k reserve, keeping the recent turns that fit 15k tokens; prune (40k protected, >20k reclaimable) and suffix mode opt-in.',
  source: SOURCE,
  version: '31e22f65',
  versions: {
    '001aa6cc': {
      description: 'the previous port (anomalyco/opencode compaction.ts @ 001aa6cc, a fork commit; overflow.ts @ 08f74b9b): prune after every '
        + 'loop unless disabled, usable = declared input limit − reserve, a tail of the last 2 turns within 8k',
      defaults: { prune: true, declaresInputLimit: true, reserveWithoutInputLimit: false, tailTurns: 2, preserveRecentMaxTokens: 8_000 },
    },
  },
  params: opencodeParams('opencode'),
  upstreamProperties: UPSTREAM_PROPERTIES,
  create: (params) => new OpencodePolicy('opencode', params),
};

export const kilocodePolicy: PolicyDefinition = {
  id: 'kilocode',
  description: 'Kilocode (opencode fork): same compaction, but prune runs by default only right after a compaction or on a payload overflow, when the cache is broken anyway.',
  source: SOURCE,
  version: '02bc3f21',
  params: opencodeParams('kilocode'),
  upstreamProperties: UPSTREAM_PROPERTIES,
  create: (params) => new OpencodePolicy('kilocode', params),
};
