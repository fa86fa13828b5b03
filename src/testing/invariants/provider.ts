/**
 * Invariants about what a provider accepts beyond message order: well-formed text, the reasoning it
 * needs sent back, and requests left over the window after the policy had its chance to act.
 */
import { illFormedText } from '../checks/unicode.js';
import { providerOf, THINKING_RULES, thinkingViolations } from '../checks/thinking.js';
import type { Observation, Transition } from '../observation.js';
import { requestFinding, timeline, transitionFinding, type Invariant, type InvariantOptions } from '../invariant.js';
import { aimsForWindow, changed, flaggedOverWindow, TEXT_PRESERVING_KINDS } from './content.js';

export const wellFormedText: Invariant = {
  name: 'well-formed-text',
  description: 'Every string a policy returns (history, view, summaries, tool arguments, reasoning) and every request is well-formed Unicode: no lone surrogate, as String.slice leaves when it cuts an emoji in half.',
  check(obs) {
    for (const e of timeline(obs)) {
      const msgs = e.type === 'transition' ? e.t.output : e.r.messages;
      if (!msgs) continue;
      for (let i = 0; i < msgs.length; i++) {
        const bad = illFormedText(msgs[i]!);
        if (!bad) continue;
        const what = `message ${i} has a lone surrogate in ${bad.field || 'its content'} at index ${bad.index}: ${bad.around}`;
        return e.type === 'transition'
          ? transitionFinding('well-formed-text', e.t, `${e.t.phase} (kind ${e.t.kind}) returned text that is not well-formed Unicode: ${what}`)
          : requestFinding('well-formed-text', e.r, `the request at step ${e.r.step} is not well-formed Unicode: ${what}`);
      }
    }
    return null;
  },
};

export const thinkingKept: Invariant = {
  name: 'thinking-kept',
  description: "Every request keeps the reasoning its provider requires, unchanged, whatever the event's kind (strip-thinking and clear-thinking included): Anthropic, the assistant turn whose tool results the request answers; DeepSeek, every assistant message that called tools; Gemini, the current turn's calls. OpenAI chat completions has no such rule.",
  check(obs) {
    if (!obs.produced) return null;
    for (const r of obs.requests) {
      const provider = providerOf(r.model);
      const rule = THINKING_RULES[provider];
      const v = thinkingViolations(r.messages, provider, obs.produced)[0];
      if (v) return requestFinding('thinking-kept', r, `the request at step ${r.step} to ${r.model} (${provider}) would be rejected: ${v.detail}. Rule: ${rule.source}`);
    }
    return null;
  },
};

/**
 * Whether the policy takes on fitting the window in this run: it has an overflow path, or one of its
 * rewrites aims for the window (a summary, a drop). Policies that only clean up (prune, clear, strip,
 * ...) and have no overflow path do not promise to fit, like the `none` baseline.
 */
function managesWindow(obs: Observation, kinds: readonly string[]): boolean {
  if (obs.hooks?.includes('onOverflow')) return true;
  return obs.transitions.some((t) => t.phase !== 'view' && changed(t) && aimsForWindow(t, kinds));
}

export const overflowFlagged: Invariant = {
  name: 'overflow-flagged',
  description: "A request that exceeds the context window (system prompt included) after the policy's onOverflow ran for it, or after a switch to a model with a smaller window, is flagged by an event (detail.overWindow = true, a note saying it is still over the window, or a veto). Judged for policies that take on the window: an onOverflow hook, or a summary-type rewrite in the run (clean-up-only policies and `none` promise no fit).",
  check(obs, opts: InvariantOptions = {}) {
    if (!managesWindow(obs, opts.claims?.textPreservingKinds ?? TEXT_PRESERVING_KINDS)) return null;
    let since: Transition[] = [];
    let lastRewrite: Transition | undefined;
    let largest = 0;
    for (const e of timeline(obs)) {
      if (e.type === 'transition') {
        since.push(e.t);
        if (changed(e.t)) lastRewrite = e.t;
        continue;
      }
      const r = e.r;
      const switched = largest > r.contextWindow;
      largest = Math.max(largest, r.contextWindow);
      const overflowRan = since.some((t) => t.phase === 'overflow');
      const flagged = since.some((t) => flaggedOverWindow(t) || t.veto !== undefined) || (lastRewrite !== undefined && flaggedOverWindow(lastRewrite));
      since = [];
      if (!(overflowRan || switched) || flagged) continue;
      const total = obs.tokens.messages(r.messages);
      if (total <= r.contextWindow) continue;
      const why = overflowRan ? 'after onOverflow ran' : `after a switch to a ${r.contextWindow}-token window`;
      return requestFinding('overflow-flagged', r, `the request at step ${r.step} went out with ${total} tokens (system prompt included) for a ${r.contextWindow}-token window ${why}, and no event flagged it`);
    }
    return null;
  },
};
