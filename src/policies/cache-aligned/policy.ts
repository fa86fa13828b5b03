/**
 * `cache-aligned`: compactbench's own policy, built from what the records show breaks the cache.
 *
 * - Prunes wait for a cold cache. When the cache has expired anyway (a pause past the TTL) or the model
 *   switched, the whole prompt is re-written on the next request whatever the policy does, so clearing
 *   old tool outputs then costs nothing extra; it is done when it frees at least `pruneMinTokens`
 *   (batched, not one result at a time). claude-code#94177: 68% of cache-write tokens came from 36
 *   events, four mid-history prunes wrote ~3.0M tokens to free ~330k; it asks for prunes aligned with
 *   cold-cache moments and batched.
 * - A warm prune is accepted only if it pays back: its break-even (extra write now ÷ read saved per
 *   later step, src/metrics/break-even.ts, the figure events.csv reports) must be within the expected
 *   remaining steps, estimated as the steps so far (at least `minHorizonSteps`) — a session that has
 *   run N steps is, without other knowledge, about as likely to run N more — and before the next
 *   summary, which the prompt's growth per step so far points to (growth.ts): the summary wipes what
 *   the prune saved — `paybackMargin` times over, since what it clears may be fetched again at a
 *   price the break-even does not see. Otherwise the step records a veto (`break-even`). It is weighed whenever enough is
 *   dead, whatever the window (`pruneFraction` 0): on a 1M window pressure never comes, cost does.
 * - A cold moment is also when a summary is cheapest: past `coldSummaryFraction` of the window, the
 *   summary call reads the prompt the next request would re-write in full anyway (at the input price,
 *   not the write premium, and on the auxiliary model), and every later request is smaller.
 * - Summaries are taken while the cache is warm, right after a request at `summaryFraction` of the
 *   window: the summary request is sent as a fork of the main prompt, so its input is read from cache
 *   (the counterpoint in claude-code#94177); when the cache is cold the summary is billed in full.
 * - Only dead tool results are pruned (liveness.ts): a result stays while a step used it (or it arrived)
 *   within the reuse horizon learned from the session's past uses (the harness's use log: which results
 *   later steps used, and when — never what the steps to come will use). What is live is kept: pruning
 *   it would save tokens and cost a re-fetch.
 * - Before summarizing, a prune of the dead results is tried: when it takes the prompt back under
 *   `pruneTargetFraction` of the window it is done instead, so live content is not summarized away.
 * - A summary leaves user messages untouched (summary.ts): it is a message of its own, and the request
 *   and the newest other user messages within `summaryUserFraction` of the window follow it verbatim.
 * - Tool outputs are trimmed as they enter history (head and tail, insertion-trim.ts): new content, so
 *   the cut breaks no cache entry, and no later prune has to win that space back.
 * - An overflow is always summarized.
 */
import { getProfile } from '../../cache/profiles.js';
import { breakEvenSteps } from '../../metrics/break-even.js';
import { summarizeAllButTail } from '../threshold-summary.js';
import type { HookResult, PolicyContext, PolicyDefinition, ContextPolicy } from '../types.js';
import { INSERTION_TRIM_PARAMS, trimBudgetSatisfiable, trimToolMessage, type InsertionTrimConfig } from '../insertion-trim.js';
import { Liveness } from './liveness.js';
import { planFrom } from './prune.js';
import { PromptGrowth } from './growth.js';
import { summarizeKeepingUsers } from './summary.js';

export const CACHE_ALIGNED_PLACEHOLDER = '[Old tool output cleared to keep the context small; run the tool again if you need it.]';

export const cacheAlignedPolicy: PolicyDefinition = {
  id: 'cache-aligned',
  description: 'Prunes dead tool outputs when the cache is cold anyway (or when a warm prune pays back before the next summary); summarizes while the cache is warm or once it expired anyway, leaving user messages untouched.',
  source: 'compactbench (issue 17): claude-code#94177 (prune cache writes, cold-moment alignment); JetBrains "The Complexity Trap" (arXiv 2508.21433); src/metrics/break-even.ts',
  version: 'compactbench-0.4',
  params: [
    { name: 'summaryFraction', type: 'number', default: 0.5, min: 0.1, max: 1, description: 'summarize after a request whose prompt reached this × window' },
    { name: 'pruneFraction', type: 'number', default: 0, min: 0, max: 1, description: 'consider a warm prune once the prompt reached this × window (0: whenever enough is dead; the payback decides)' },
    { name: 'pruneTargetFraction', type: 'number', default: 0.3, min: 0, max: 1, description: 'a prune instead of a summary must take the prompt under this × window' },
    { name: 'keepToolResults', type: 'integer', default: 3, min: 0, max: 1000, description: 'newest tool results never pruned' },
    { name: 'pruneMinTokens', type: 'integer', default: 8000, min: 0, description: 'a prune must free at least this many tokens (batching)' },
    { name: 'cacheTtlSeconds', type: 'number', default: 300, min: 1, description: "the provider cache's TTL the agent assumes (Anthropic's default 5 minutes)" },
    { name: 'minHorizonSteps', type: 'integer', default: 20, min: 1, description: 'smallest expected number of remaining steps' },
    { name: 'tailFraction', type: 'number', default: 0.1, min: 0, max: 0.9, description: 'recent tail kept verbatim by a summary, as a fraction of the window' },
    { name: 'summaryTokens', type: 'integer', default: 2000, min: 1, description: 'summary length the prompt asks for (tokens)' },
    { name: 'reuseQuantile', type: 'number', default: 0.9, min: 0, max: 1, description: 'a result is live while its last use (or arrival) is within this quantile of the past reuse gaps' },
    { name: 'reusePriorSteps', type: 'integer', default: 30, min: 0, description: 'reuse horizon (steps) before enough uses were seen' },
    { name: 'reuseMinSamples', type: 'integer', default: 20, min: 1, description: 'uses seen before the horizon is learned from them' },
    { name: 'paybackMargin', type: 'number', default: 3, min: 1, description: 'a warm prune must pay back this many times over within the horizon (what it clears may be fetched again)' },
    { name: 'paybackToSummary', type: 'boolean', default: true, description: 'a warm prune must pay back before the summary the prompt growth so far points to (not only within the steps so far)' },
    { name: 'coldSummaryFraction', type: 'number', default: 0.3, min: 0, max: 1, description: 'at a cold moment, summarize once the prompt reached this × window (the summary reads what the next request would re-write anyway)' },
    { name: 'summaryUserFraction', type: 'number', default: 0.05, min: 0, max: 1, description: 'a summary keeps the newest user messages verbatim after it, up to this × window tokens' },
    // the insertion trim at Hermes PR #85479's sizes (insertion-trim.ts)
    ...INSERTION_TRIM_PARAMS,
  ],
  create(params): ContextPolicy {
    const p = {
      summaryFraction: params.summaryFraction as number, pruneFraction: params.pruneFraction as number,
      keep: params.keepToolResults as number, pruneMin: params.pruneMinTokens as number, ttl: params.cacheTtlSeconds as number,
      minHorizon: params.minHorizonSteps as number, tailFraction: params.tailFraction as number, summaryTokens: params.summaryTokens as number,
      pruneTarget: params.pruneTargetFraction as number, toSummary: params.paybackToSummary as boolean, margin: params.paybackMargin as number, coldSummary: params.coldSummaryFraction as number, userFraction: params.summaryUserFraction as number,
    };
    const growth = new PromptGrowth();
    let lastRequestAt: number | undefined;
    let lastModel: string | undefined;
    let coldPrunes = 0, warmPrunes = 0, warmSummaries = 0, coldSummaries = 0, prunesForSummary = 0;
    let recheckAt = 0;
    const live = new Liveness({
      quantile: params.reuseQuantile as number, priorSteps: params.reusePriorSteps as number, minSamples: params.reuseMinSamples as number, keep: p.keep,
    }, CACHE_ALIGNED_PLACEHOLDER);

    const cold = (ctx: PolicyContext): boolean =>
      lastRequestAt === undefined || ctx.now - lastRequestAt > p.ttl || (lastModel !== undefined && ctx.model !== lastModel);

    const trim: InsertionTrimConfig = { thresholdChars: params.trimThresholdChars as number, headChars: params.trimHeadChars as number, tailChars: params.trimTailChars as number };
    const trimming = trimBudgetSatisfiable(trim);
    let trimmed = 0;

    const summarize = (history: Parameters<NonNullable<ContextPolicy['afterStep']>>[0], ctx: PolicyContext, warm: boolean): HookResult => {
      const opts = { tailTokens: p.tailFraction * ctx.contextWindow, summaryTokens: p.summaryTokens, reusesMainCache: warm };
      const r = p.userFraction > 0
        ? summarizeKeepingUsers(history, ctx, { ...opts, userTokens: p.userFraction * ctx.contextWindow })
        : summarizeAllButTail(history, ctx, opts);
      if (!('veto' in r)) { if (warm) warmSummaries++; else coldSummaries++; }
      return r;
    };

    return {
      id: 'cache-aligned',
      params,
      onAppend(msg) {
        if (!trimming) return msg;
        const r = trimToolMessage(msg, trim);
        if (r.omittedChars) trimmed++;
        return r.message;
      },
      beforeStep(history, ctx): HookResult {
        live.note(history, ctx.step);
        const isCold = cold(ctx);
        const prompt = ctx.lastUsage?.promptTokens ?? 0;
        // planning weighs every old result: only at a cold moment, or under pressure once a wait is over
        if (!isCold && (prompt < p.pruneFraction * ctx.contextWindow || ctx.step < recheckAt)) return undefined;
        const found = live.dead(history, ctx.step, ctx.uses, ctx.tokens);
        if (isCold && prompt >= p.coldSummary * ctx.contextWindow && (!found || prompt - found.reclaimed > p.pruneTarget * ctx.contextWindow)) {
          const r = summarize(history, ctx, false);
          if (r && !('veto' in r)) { growth.rewritten(); return r; }
        }
        if (!found || found.reclaimed < p.pruneMin) {
          if (!isCold) recheckAt = ctx.step + 5; // results die one step at a time: look again a few steps on
          return undefined;
        }
        const plan = planFrom(history, found, CACHE_ALIGNED_PLACEHOLDER, ctx.tokens);
        if (isCold) {
          coldPrunes++;
          growth.rewritten();
          return { history: plan.history, kind: 'prune', note: 'cold cache', detail: { cleared: plan.cleared, cold: true } };
        }
        const profile = getProfile(ctx.model);
        const steps = profile ? breakEvenSteps(profile, plan.rewrite, plan.reclaimed) : null;
        const horizon = Math.min(Math.max(p.minHorizon, ctx.step), p.toSummary ? growth.stepsUntil(p.summaryFraction * ctx.contextWindow, prompt) : Infinity);
        if (steps === null || steps * p.margin > horizon) {
          // the horizon grows by one step per step: look again when it could have caught up (at most 10 steps on)
          recheckAt = ctx.step + Math.max(1, Math.min(10, Math.ceil((steps ?? Infinity) * p.margin - horizon)));
          return { veto: 'break-even' };
        }
        warmPrunes++;
        growth.rewritten();
        return { history: plan.history, kind: 'prune', note: 'pays back', detail: { cleared: plan.cleared, breakEvenSteps: Math.round(steps * 10) / 10, horizon } };
      },
      afterStep(history, usage, ctx) {
        lastRequestAt = ctx.now;
        lastModel = ctx.model;
        live.note(history, ctx.step);
        growth.observe(usage.promptTokens);
        if (usage.promptTokens < p.summaryFraction * ctx.contextWindow) return undefined;
        growth.rewritten();
        // clearing what is dead may be enough: then live content is not summarized away
        const found = live.dead(history, ctx.step, ctx.uses, ctx.tokens);
        if (found && usage.promptTokens - found.reclaimed < p.pruneTarget * ctx.contextWindow) {
          prunesForSummary++;
          const plan = planFrom(history, found, CACHE_ALIGNED_PLACEHOLDER, ctx.tokens);
          return { history: plan.history, kind: 'prune', note: 'instead of a summary', detail: { cleared: plan.cleared } };
        }
        return summarize(history, ctx, true);
      },
      onOverflow(history, ctx) {
        growth.rewritten();
        return summarize(history, ctx, !cold(ctx));
      },
      telemetry: () => ({ coldPrunes, warmPrunes, warmSummaries, coldSummaries, prunesForSummary, trimMessages: trimmed }),
    };
  },
};
