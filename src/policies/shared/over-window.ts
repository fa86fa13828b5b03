/**
 * Reporting when a policy knowingly lets a request go out over the context window (docs/writing-a-policy.md,
 * the `within-window` and `overflow-flagged` invariants). Metadata only: nothing here changes a history.
 * - a rewrite whose result, with the system prompt, is still over the window gets `detail.overWindow`;
 * - a hook that did nothing although the request is over the window (its upstream trigger did not fire,
 *   e.g. right after a switch to a model with a smaller window) returns the veto `over-window`, so the
 *   report counts it instead of the request going out silently.
 * Every step of these policies asks this, so the history's tokens are a running sum (history-tokens.ts),
 * one per token counter (a session's counter; sessions in a thread run one after another): O(appended)
 * per step, and a rewritten history costs identity checks, not token look-ups, for what it kept.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import type { HookResult, PolicyContext } from '../types.js';
import { HistoryTokens } from './history-tokens.js';

export const OVER_WINDOW_VETO = 'over-window';

/** The request built from `history` (system prompt included) exceeds the window, by the simulator's counter. */
export function overWindow(history: readonly Message[], ctx: PolicyContext): boolean {
  return ctx.systemTokens + sums(ctx.tokens).of(history, ctx.tokens) > ctx.contextWindow;
}

const running = new WeakMap<TokenCounter, HistoryTokens>();

function sums(tokens: TokenCounter): HistoryTokens {
  let s = running.get(tokens);
  if (!s) running.set(tokens, (s = new HistoryTokens()));
  return s;
}

/** The exact tokens of `history` (without the system prompt): the running sum `overWindow` keeps. */
export function historyTotal(history: readonly Message[], ctx: PolicyContext): number {
  return sums(ctx.tokens).of(history, ctx.tokens);
}

/** The same test for a policy's result, which the harness copies: counted without becoming the running sum's array. */
function resultOverWindow(history: readonly Message[], ctx: PolicyContext): boolean {
  return ctx.systemTokens + sums(ctx.tokens).peek(history, ctx.tokens) > ctx.contextWindow;
}

/**
 * `r` as reported: a rewrite left over the window is flagged; no action over the window becomes a veto.
 * `resultTokens`, when the policy knows it, is the exact total of `r.history` (`historyTotal`'s count):
 * then nothing is counted, and the running sum continues from it on the next step.
 */
export function flagOverWindow(history: readonly Message[], r: HookResult, ctx: PolicyContext, resultTokens?: number): HookResult {
  if (r === undefined) return overWindow(history, ctx) ? { veto: OVER_WINDOW_VETO } : undefined;
  if ('veto' in r || r.detail?.overWindow === true) return r;
  if (resultTokens !== undefined) sums(ctx.tokens).expect(r.history, resultTokens);
  const over = resultTokens !== undefined ? ctx.systemTokens + resultTokens > ctx.contextWindow : resultOverWindow(r.history, ctx);
  if (!over) return r;
  return { ...r, detail: { ...r.detail, overWindow: true } };
}
