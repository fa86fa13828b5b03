/**
 * Hermes' compressor inside compactbench's simulator, following Hermes' agent loop
 * (NousResearch/hermes-agent @ 8fa8aabb: agent/turn_context.py preflight, agent/conversation_loop.py
 * pre-API and post-response checks, agent/conversation_compression.py boundary):
 * - history excludes the system prompt (as on Hermes' agent path); its rough size is added to every
 *   request estimate;
 * - turn start: preflight on the rough request estimate, unless deferred to real usage; up to 3 passes,
 *   stopping on no progress (rows kept and tokens down ≤ 5%) or once under the threshold;
 * - after each step: the real prompt tokens feed `update_from_response` (the anti-thrash verdict); when
 *   the response called tools, the post-response check runs once their results are in history (the
 *   next step's `beforeStep`, where upstream runs it: after tool execution), then the pre-API re-check
 *   (at most 3 compactions per turn);
 * - a compaction the threshold asks for but a block refuses (cooldown, anti-thrash, fallback streak)
 *   is returned as a veto, as are aborted and no-op compactions;
 * - before every request (so after every compaction, the 413 path included) the history goes through
 *   the loop's role-alternation repair, and a compaction that leaves the request over the window is
 *   flagged (before-request.ts).
 */
import type { Message } from '../../core/messages.js';
import type { Usage } from '../../core/usage.js';
import type { ContextPolicy, HookResult, PolicyContext, PolicyResult } from '../types.js';
import { compactOnce, type CompactExtras } from './agent-path.js';
import { CleanPrefix, finishForRequest } from './before-request.js';
import { HermesCompressor, type CompressorVersion } from './compressor.js';
import { currentEstimator, type RoughEstimator } from './current/estimate.js';
import { ImageCostLearner } from './current/image-cost.js';
import { HermesOptionHooks, type HermesOptions } from './options/index.js';
import type { PyMsg } from './msg.js';
import type { HermesParams } from './params.js';
import { ruleChanged, type PruneAcceptance } from './prune-first.js';
import { compressionMadeProgress } from './replay-loop.js';
import { backendFromSummarizer } from './summarizer-backend.js';
import type { SummaryBackend } from './summary-call.js';
import { primeSummaryCounts } from './summary-tokens.js';
import { memoryFlush, todoSnapshot } from './seed004-extras.js';
import { TodoStore } from './todo-store.js';


type Trigger = 'preflight' | 'pre-api' | 'post-response' | 'overflow';

/**
 * Which upstream the policy runs: the compressor version, and whether the token estimators are the
 * version's own or today's (current/estimate.ts, with the per-image cost learned from usage).
 */
export interface HermesUpstream {
  version: CompressorVersion;
  currentEstimators: boolean;
}

export const UPSTREAM_8FA8AABB: HermesUpstream = { version: '8fa8aabb', currentEstimators: false };

export class HermesContextPolicy implements ContextPolicy {
  private c?: HermesCompressor;
  private model = '';
  private ctx!: PolicyContext;
  private attemptsThisTurn = 0;
  private pendingPostResponse = false;
  /** the agent's task list, fed by its `todo` calls (one TodoStore per AIAgent upstream) */
  private readonly todos = new TodoStore();
  /** the part of the history the pre-request repair already found clean */
  private readonly clean = new CleanPrefix();
  /** rough estimates of the growing history, kept as running sums (made with the compressor) */
  private rough!: { of(msgs: readonly PyMsg[]): number };
  /** today's estimators: the per-image cost learned from usage, and the text-only estimate it learns with */
  private readonly imageCost = new ImageCostLearner();
  private readonly textOnly = currentEstimator({ tokens: 0 });
  private systemRough?: { text: string; tokens: number };
  private readonly stats = { pruneOnly: 0, summaries: 0, fallbacks: 0, recovered: 0, lastMode: 'none', ruleEvaluated: 0, ruleChanged: 0 };
  /**
   * The anti-thrash or fallback-streak block, from the first step it refused a compaction the threshold
   * asked for: upstream clears it only on a real reading under the threshold, which a history that can
   * no longer be compacted never gives (a finding for Hermes' maintainers, docs/policies-hermes.md).
   */
  private stuck: { reason: string; since: number; vetoes: number } | undefined;

  constructor(
    readonly id: string,
    readonly params: Readonly<Record<string, unknown>>,
    private readonly p: HermesParams,
    private readonly acceptance?: PruneAcceptance,
    private readonly upstream: HermesUpstream = UPSTREAM_8FA8AABB,
    options: HermesOptions = {},
  ) {
    this.options = new HermesOptionHooks(options);
  }

  /** the options switched on (background, native compaction, proactive prune) */
  private readonly options: HermesOptionHooks;

  beforeStep(history: readonly Message[], ctx: PolicyContext): HookResult {
    const c = this.sync(ctx);
    return finishForRequest(history, this.checks(c, history as unknown as readonly PyMsg[], ctx.turnStart), ctx, this.clean);
  }

  /** The compaction checks Hermes runs before a request: turn-start preflight, post-response, pre-API. */
  private checks(c: HermesCompressor, msgs: readonly PyMsg[], turnStart: boolean): HookResult {
    if (turnStart) {
      this.attemptsThisTurn = 0;
      this.pendingPostResponse = false;
      return this.preflight(c, msgs);
    }
    if (this.pendingPostResponse) {
      this.pendingPostResponse = false;
      const post = this.postResponse(c, msgs);
      if (post) return post;
    }
    return this.preApi(c, msgs);
  }

  afterStep(history: readonly Message[], usage: Usage, ctx: PolicyContext): HookResult {
    const c = this.sync(ctx);
    c.updateFromResponse(usage.promptTokens);
    // the request this response answered: the history before the reply just appended
    const msgs = history as unknown as readonly PyMsg[];
    const requestLength = history.length - (history[history.length - 1]?.role === 'assistant' ? 1 : 0);
    if (this.upstream.currentEstimators) this.imageCost.observe(msgs, requestLength, usage.promptTokens, (m) => this.textOnly.messages(m));
    this.options.answered(msgs, requestLength, ctx.model);
    if (this.stuck && !c.blockReason()) this.stuck = undefined; // a reading under the threshold cleared it
    const last = history[history.length - 1];
    this.todos.observe(last as unknown as PyMsg | undefined);
    this.pendingPostResponse = !!last && last.role === 'assistant' && !!last.tool_calls?.length;
    return undefined;
  }

  onOverflow(history: readonly Message[], ctx: PolicyContext): HookResult {
    const c = this.sync(ctx);
    const msgs = history as unknown as readonly PyMsg[];
    // the 413 handler retries from the loop top, where the repair runs again
    return finishForRequest(history, this.compact(c, msgs, this.requestTokens(msgs), 'overflow'), ctx, this.clean);
  }

  telemetry(): Record<string, string | number | boolean> {
    const n = this.stats.pruneOnly + this.stats.summaries;
    return {
      prune_only_count: this.stats.pruneOnly,
      summary_count: this.stats.summaries,
      fallback_summary_count: this.stats.fallbacks,
      mean_recovered_tokens: n ? Math.round(this.stats.recovered / n) : 0,
      last_compression_mode: this.stats.lastMode,
      // at session end: automatic compaction blocked for good ('anti-thrash' / 'fallback-streak'), since which step
      stuck: this.stuck?.reason ?? 'no',
      stuck_since_step: this.stuck?.since ?? -1,
      stuck_vetoes: this.stuck?.vetoes ?? 0,
      ...this.options.telemetry(),
      // the runway acceptance rule: prunes it judged (one that saved something) and those it turned down
      // that the naive rule would have taken; report/rule-telemetry.ts reads every `rule_<name>_*` pair
      ...(this.acceptance === 'runway' ? { rule_runway_evaluated: this.stats.ruleEvaluated, rule_runway_changed: this.stats.ruleChanged } : {}),
    };
  }

  /** The compressor for the current model (created on first use, re-derived on a model switch). */
  private sync(ctx: PolicyContext): HermesCompressor {
    this.ctx = ctx;
    const maxTokens = this.p.reserveOutputTokens ? ctx.maxOutputTokens : null;
    if (!this.c) {
      // Resolve the summarizer per call: it belongs to the context the hook was given.
      const aux: SummaryBackend = {
        summarize: (req) => backendFromSummarizer(this.ctx.summarizer, { tokens: this.ctx.tokens }).summarize(req),
      };
      const backend = this.options.backend(aux, () => this.ctx.summarizer);
      this.c = new HermesCompressor(
        {
          context_length: ctx.contextWindow,
          threshold_percent: this.p.thresholdPercent,
          protect_first_n: this.p.protectFirstN,
          protect_last_n: this.p.protectLastN,
          summary_target_ratio: this.p.summaryTargetRatio,
          max_tokens: maxTokens,
          abort_on_summary_failure: this.p.abortOnSummaryFailure,
          antiThrash: this.p.antiThrash,
          tail_mode: this.p.tailMode,
          version: this.upstream.version,
          ...(this.upstream.currentEstimators ? { estimator: currentEstimator(this.imageCost) satisfies RoughEstimator } : {}),
        },
        backend,
        () => this.ctx.now,
      );
      this.rough = this.c.rough.running();
    } else if (this.c.t.contextLength !== ctx.contextWindow || this.model !== ctx.model) {
      this.c.updateModel(ctx.contextWindow, maxTokens); // upstream `update_model` on any model switch
    }
    this.model = ctx.model;
    return this.c;
  }

  private systemTokens(): number {
    const text = this.ctx.systemPrompt;
    if (!text) return this.ctx.systemTokens;
    if (this.systemRough?.text !== text) this.systemRough = { text, tokens: this.c!.rough.text(text) };
    return this.systemRough.tokens;
  }

  /** `estimate_request_tokens_rough`: system prompt (with tool schemas) plus the messages. */
  private requestTokens(msgs: readonly PyMsg[]): number {
    return this.systemTokens() + this.rough.of(msgs);
  }

  private preflight(c: HermesCompressor, msgs: readonly PyMsg[]): HookResult {
    const micro = this.options.microCompact(c, msgs, this.ctx.summarizer);
    if (!micro) return this.turnStart(c, msgs);
    const after = this.turnStart(c, micro.messages);
    if (after && 'history' in after) return after;
    const detail = { trigger: 'micro-compaction', outcome: micro.outcome };
    return { history: micro.messages as unknown as Message[], kind: 'summary', note: `hermes micro-compaction (${micro.outcome})`, detail };
  }

  private turnStart(c: HermesCompressor, msgs: readonly PyMsg[]): HookResult {
    const applied = this.options.applyCandidate(c, msgs, this.requestTokens(msgs), this.ctx.userTurn);
    if (applied) return this.commit(c, msgs, applied.messages, 'summary', 'background-apply', { preparedAtTurn: applied.preparedAtTurn, suffixKept: applied.suffix });
    const out = this.syncPreflight(c, msgs);
    if (!out || !('history' in out)) this.options.prepareCandidate(c, msgs, this.requestTokens(msgs), this.ctx.userTurn);
    return out;
  }

  private syncPreflight(c: HermesCompressor, msgs: readonly PyMsg[]): HookResult {
    const gate = msgs.length > c.protectFirstN + c.protectLastN + 1 || this.rough.of(msgs) >= c.thresholdTokens;
    if (!gate) return undefined;
    let tokens = this.requestTokens(msgs);
    const deferred = c.shouldDeferPreflight(tokens);
    if (!deferred && c.lastPromptTokens >= 0 && tokens > c.lastPromptTokens) c.lastPromptTokens = tokens;
    if (deferred) return undefined;
    if (!c.shouldCompress(tokens)) return this.vetoIfBlocked(c, tokens) ?? this.proactivePrune(c, msgs, tokens);
    const tokensBefore = tokens;
    let current = msgs;
    let last: PolicyResult | undefined;
    let passes = 0;
    for (let pass = 0; pass < 3; pass++) {
      const r = this.compact(c, current, tokens, 'preflight');
      if (!r || !('history' in r)) return last ?? r;
      passes++;
      const after = this.requestTokens(r.history as unknown as PyMsg[]);
      const progress = compressionMadeProgress(current.length, r.history.length, tokens, after);
      current = r.history as unknown as PyMsg[];
      last = { ...r, detail: { ...r.detail, passes, tokensBefore } };
      tokens = after;
      if (!progress || !c.shouldCompress(tokens)) break;
    }
    return last;
  }

  private postResponse(c: HermesCompressor, msgs: readonly PyMsg[]): HookResult {
    const last = c.lastPromptTokens;
    const tokens = last > 0 ? last : last === -1 ? 0 : this.requestTokens(msgs);
    if (!c.shouldCompress(tokens)) return this.vetoIfBlocked(c, tokens);
    return this.compact(c, msgs, c.lastPromptTokens, 'post-response');
  }

  private preApi(c: HermesCompressor, msgs: readonly PyMsg[]): HookResult {
    const tokens = this.requestTokens(msgs);
    if (this.attemptsThisTurn >= 3 || msgs.length <= 1 || c.shouldDeferPreflight(tokens)) return undefined;
    if (!c.shouldCompress(tokens)) {
      const out = this.vetoIfBlocked(c, tokens) ?? this.proactivePrune(c, msgs, tokens);
      // upstream prepares a background candidate between turns and after a completed tool round
      if (!out) this.options.prepareCandidate(c, msgs, tokens, this.ctx.userTurn);
      return out;
    }
    this.attemptsThisTurn++;
    return this.compact(c, msgs, tokens, 'pre-api');
  }

  private vetoIfBlocked(c: HermesCompressor, tokens: number): HookResult {
    const reason = tokens >= c.thresholdTokens ? c.blockReason() : undefined;
    if (reason) this.noteBlocked(reason);
    return reason ? { veto: reason } : undefined;
  }

  private noteBlocked(reason: string): void {
    if (reason === 'summary-failure-cooldown') return; // a cooldown ends by itself
    if (this.stuck?.reason !== reason) this.stuck = { reason, since: this.ctx.step, vetoes: 0 };
    this.stuck.vetoes++;
  }

  private extras(): CompactExtras {
    const x: CompactExtras = { systemTokens: this.systemTokens() };
    if (this.acceptance) {
      x.pruneFirst = {
        contextLength: this.c!.t.contextLength,
        thresholdTokens: this.c!.thresholdTokens,
        protectFirstN: this.p.protectFirstN,
        protectLastN: this.p.protectLastN,
        acceptance: this.acceptance,
        runwayFraction: this.p.runwayFraction,
        ...(this.p.pruneProtectTokens > 0 ? { pruneProtectTokens: this.p.pruneProtectTokens } : {}),
        ...(this.p.pruneMinimumTokens > 0 ? { pruneMinimumTokens: this.p.pruneMinimumTokens } : {}),
      };
      x.onPruneDecision = (d) => {
        if (d.charsSaved <= 0) return;
        this.stats.ruleEvaluated++;
        if (ruleChanged(d)) this.stats.ruleChanged++;
      };
    }
    if (this.p.memoryFlush) x.memoryFlush = (h) => memoryFlush(this.ctx, this.p, h);
    if (this.p.todoSnapshot) x.todoSnapshot = () => todoSnapshot(this.ctx, this.p, this.todos);
    return x;
  }

  /** The proactive prune, when full compression does not fire (the loop's `elif`). */
  private proactivePrune(c: HermesCompressor, msgs: readonly PyMsg[], tokens: number): HookResult {
    const out = this.options.proactivePrune(c, msgs, tokens);
    return out && { history: out.messages as unknown as Message[], kind: 'prune', note: 'hermes proactive prune', detail: { pruned: out.pruned, reclaimedTokens: out.reclaimed } };
  }

  /** A background candidate applied: the boundary bookkeeping of any compaction. */
  private commit(c: HermesCompressor, before: readonly PyMsg[], after: PyMsg[], kind: string, trigger: string, extra: Record<string, number>): HookResult {
    const tokensAfter = c.rough.messages(after) + this.systemTokens();
    const tokensBefore = c.rough.messages(before) + this.systemTokens();
    c.markCompactionBoundary(tokensAfter);
    primeSummaryCounts(this.ctx.tokens, after);
    this.stats.summaries++;
    this.stats.recovered += tokensBefore - tokensAfter;
    this.stats.lastMode = kind;
    const detail = { trigger, tokensBefore, tokensAfter, fallback: c.lastSummaryFallbackUsed, compressionCount: c.compressionCount, ...extra };
    return { history: after as unknown as Message[], kind, note: `hermes ${trigger}`, detail };
  }

  private compact(c: HermesCompressor, msgs: readonly PyMsg[], approxTokens: number, trigger: Trigger): HookResult {
    this.options.beforeCompaction(msgs);
    const out = compactOnce(c, msgs, approxTokens, this.extras());
    if (!out.changed) {
      if (out.veto === 'anti-thrash' || out.veto === 'fallback-streak') this.noteBlocked(out.veto);
      return { veto: out.veto };
    }
    primeSummaryCounts(this.ctx.tokens, out.messages);
    this.stats.lastMode = out.mode;
    this.stats.recovered += out.tokensBefore - out.tokensAfter;
    if (out.mode === 'prune') this.stats.pruneOnly++;
    else this.stats.summaries++;
    if (out.fallback) this.stats.fallbacks++;
    const detail: Record<string, string | number | boolean> = {
      trigger,
      tokensBefore: out.tokensBefore,
      tokensAfter: out.tokensAfter,
      fallback: out.fallback,
      compressionCount: c.compressionCount,
    };
    if (out.record?.summary_turns != null) detail.summaryTurns = out.record.summary_turns;
    return { history: out.messages as unknown as Message[], kind: out.mode, note: `hermes ${trigger}`, detail };
  }
}
