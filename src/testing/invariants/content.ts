/**
 * Content invariants: what a policy must keep (system prompt, the newest user message, text it
 * claims to keep), the role order providers accept, and the window it compacts for.
 */
import type { Message } from '../../core/messages.js';
import { alternationViolations, anthropicOrderViolations, openaiOrderViolations, type OrderViolation } from '../checks/provider-order.js';
import { containsText, firstLostText, keepsMessageText } from '../checks/text.js';
import type { Transition } from '../observation.js';
import {
  outputs, requestFinding, timeline, transitionFinding, type Finding, type Invariant, type InvariantOptions,
} from '../invariant.js';

/**
 * Event kinds that drop reasoning. They keep user and assistant text, but they are not lossless: what
 * they drop is what providers require back mid-tool-loop, so `thinking-kept` judges every request they
 * shape (as it judges every request), and they are not listed among the lossless kinds below.
 */
export const REASONING_DROPPING_KINDS: readonly string[] = ['clear-thinking', 'strip-thinking', 'strip', 'microcompact'];

/** Event kinds that, by their name, only touch tool outputs or call arguments, never text. */
export const TOOL_OUTPUT_KINDS: readonly string[] = ['prune', 'clear', 'clear-tool-uses', 'mask', 'microcompact', 'dedup', 'trim', 'strip', 'strip-tools'];

/**
 * Event kinds that claim to keep every user and assistant text (`claimed-text-kept` holds them to it,
 * and `within-window` does not expect them to fit): the tool-output kinds and the reasoning-dropping
 * ones. Keeping text is all the claim says: dropping reasoning is judged by `thinking-kept`.
 */
export const TEXT_PRESERVING_KINDS: readonly string[] = [...new Set([...TOOL_OUTPUT_KINDS, ...REASONING_DROPPING_KINDS])];

const excerpt = (m: Message): string => {
  const s = JSON.stringify(m.content);
  return s.length > 80 ? `${s.slice(0, 80)}…` : s;
};

export const systemKept: Invariant = {
  name: 'system-kept',
  description: 'Every request starts with the system prompt, unchanged; and when a hook is given a history that starts with a system message, what it returns starts with a system message that keeps its text.',
  check(obs) {
    for (const e of timeline(obs)) {
      if (e.type === 'request') {
        const first = e.r.messages[0];
        if (!first || first.role !== 'system' || !containsText(first, obs.system)) {
          return requestFinding('system-kept', e.r, `the request at step ${e.r.step} does not start with the system prompt`);
        }
      } else if (e.t.output && e.t.input[0]?.role === 'system') {
        const first = e.t.output[0];
        if (!first || first.role !== 'system' || !containsText(first, e.t.input[0])) {
          return transitionFinding('system-kept', e.t, `${e.t.phase} dropped or rewrote the system message at the head of its input`);
        }
      }
    }
    return null;
  },
};

export const lastUserKept: Invariant = {
  name: 'last-user-kept',
  description: "Every request contains the newest user message of the conversation (as it entered history; its text may gain a prefix such as a merged summary). Compacting a finished turn's user message away between turns is allowed: the next request carries a newer one.",
  check(obs) {
    const entries = timeline(obs);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (e.type !== 'request') continue;
      const u = e.r.lastUser;
      if (!u || keepsMessageText(e.r.messages, u)) continue;
      // blame the newest hook call that was given the message and returned a history without it
      for (let j = i - 1; j >= 0; j--) {
        const x = entries[j]!;
        if (x.type === 'transition' && x.t.output && keepsMessageText(x.t.input, u) && !keepsMessageText(x.t.output, u)) {
          return transitionFinding('last-user-kept', x.t,
            `${x.t.phase} (kind ${x.t.kind}) dropped the newest user message ${excerpt(u)}, and the request at step ${e.r.step} went out without it`);
        }
      }
      return requestFinding('last-user-kept', e.r, `the request at step ${e.r.step} lacks the newest user message ${excerpt(u)}`);
    }
    return null;
  },
};

export const claimedTextKept: Invariant = {
  name: 'claimed-text-kept',
  description: 'User and assistant text survives, in order, every event whose kind claims to touch only tool outputs or reasoning (prune, clear, mask, ...), and every event when the policy claims so for all its rewrites.',
  check(obs, opts: InvariantOptions = {}) {
    const claims = opts.claims ?? {};
    const kinds = claims.textPreservingKinds ?? TEXT_PRESERVING_KINDS;
    for (const t of outputs(obs)) {
      const roles: Message['role'][] = kinds.includes(t.kind ?? '') ? ['user', 'assistant'] : [];
      if (claims.userText && !roles.includes('user')) roles.push('user');
      if (claims.assistantText && !roles.includes('assistant')) roles.push('assistant');
      if (!roles.length) continue;
      const lost = firstLostText(t.input, t.output, roles);
      if (lost >= 0) {
        const m = t.input[lost]!;
        return transitionFinding('claimed-text-kept', t, `${t.phase} (kind ${t.kind}) lost the text of ${m.role} message ${lost} of its input: ${excerpt(m)}`);
      }
    }
    return null;
  },
};

function orderInvariant(name: string, provider: string, rules: (r: readonly Message[]) => OrderViolation[], description: string): Invariant {
  return {
    name,
    description,
    check(obs) {
      for (const r of obs.requests) {
        const v = rules(r.messages)[0];
        if (v) return requestFinding(name, r, `the request at step ${r.step} breaks ${provider}'s rule "${v.rule}": ${v.detail}`);
      }
      return null;
    },
  };
}

export const openaiOrder = orderInvariant('openai-message-order', 'OpenAI', openaiOrderViolations,
  'In every request, tool messages directly follow the assistant message whose calls they answer, and every call is answered before any other message (OpenAI chat completions).');

export const anthropicOrder = orderInvariant('anthropic-turn-order', 'Anthropic', anthropicOrderViolations,
  'In every request mapped to Anthropic turns (system hoisted, same-side messages as one turn): the first turn is user, each tool_use is answered in the next turn, and tool results come first in their turn.');

export const strictAlternation = orderInvariant('strict-alternation', 'strict alternation', alternationViolations,
  'No request has two user or two assistant messages in a row (tool results and the user text after them are one user turn): what Bedrock Converse and open-model chat templates require; the Anthropic API and SDK adapters merge such turns instead.');

/** Whether the policy said it knowingly left the request above the window. */
export function flaggedOverWindow(t: Transition): boolean {
  const d = t.detail ?? {};
  return d.overWindow === true || d.overflow === true || /over(flow| (the )?window)|does not fit|still (over|exceeds)/i.test(t.note ?? '');
}

/** The hook returned something other than what it was given (same messages in the same order is no change). */
export function changed(t: Transition): boolean {
  const out = t.output;
  if (!out) return false;
  return out.length !== t.input.length || out.some((m, i) => m !== t.input[i]);
}

/**
 * Whether a rewrite aims at fitting the window: an overflow-path result, or an event that summarizes or
 * drops content. Partial clean-ups (kinds in TEXT_PRESERVING_KINDS: prune, clear, mask, strip, ...)
 * reclaim what they can and do not promise to fit, so alone they are not judged.
 */
export function aimsForWindow(t: Transition, kinds: readonly string[] = TEXT_PRESERVING_KINDS): boolean {
  return t.phase === 'overflow' || !kinds.includes(t.kind ?? '');
}

export const withinWindow: Invariant = {
  name: 'within-window',
  description: 'When a summary-type or overflow compaction precedes a request, the history it leaves (after any later rewrite before that request) fits the context window with the system prompt, unless an event flags it (detail.overWindow = true, or a note saying it is still over the window).',
  check(obs, opts: InvariantOptions = {}) {
    const kinds = opts.claims?.textPreservingKinds ?? TEXT_PRESERVING_KINDS;
    const systemTokens = obs.tokens.message(obs.system);
    let group: Transition[] = [];
    const judge = (): Finding | null => {
      const last = group[group.length - 1];
      const aimed = group.some((t) => aimsForWindow(t, kinds));
      const flagged = group.some(flaggedOverWindow);
      group = [];
      if (!last || !aimed || flagged) return null;
      const total = systemTokens + obs.tokens.messages(last.output!);
      if (total <= last.contextWindow) return null;
      return transitionFinding('within-window', last,
        `${last.phase} (kind ${last.kind}) left ${total} tokens (system prompt included) for a ${last.contextWindow}-token window and did not flag it`);
    };
    for (const e of timeline(obs)) {
      if (e.type === 'transition') {
        if (changed(e.t)) group.push(e.t); // the last rewrite before a request decides what is sent
        continue;
      }
      const f = judge();
      if (f) return f;
    }
    return judge();
  },
};

export type { Finding };
