/**
 * The checks around a view policy's `ViewResult.changedFrom` hint (request-tracker.ts): the hint clamped
 * and, in checked runs, verified by identity; and the patched request verified against a full rebuild.
 * Kept apart from the tracker because they are the checked path, not the per-step one.
 */
import { earliestChangedIndex } from '../core/diff.js';
import type { Message } from '../core/messages.js';
import type { TokenCounter } from '../core/tokens.js';
import type { PatchedRequest } from './patched-request.js';
import { PolicyFailure } from './policy-call.js';

/** Tokens of `msgs[from : to]`. */
export const sumTokens = (tokens: TokenCounter, msgs: readonly Message[], from = 0, to = msgs.length): number => {
  let n = 0;
  for (let i = from; i < to; i++) n += tokens.message(msgs[i]!);
  return n;
};

/** `changedFrom` clamped to both views (`prev` holds the system prompt first); checked runs verify it by identity. */
export function viewHintedFrom(changedFrom: number, msgs: readonly Message[], prev: PatchedRequest, checked: boolean): number {
  if (!(changedFrom >= 0)) throw new PolicyFailure('view', `ViewResult.changedFrom must be a non-negative number, got ${changedFrom}`);
  const from = Math.min(Math.floor(changedFrom), msgs.length, prev.req.length - 1);
  if (checked) {
    for (let i = 0; i < from; i++) {
      if (msgs[i] !== prev.req[i + 1]) {
        throw new PolicyFailure('view', `ViewResult.changedFrom is ${changedFrom} but message ${i} is not the one the previous view had there`);
      }
    }
  }
  return from;
}

/** Checked runs: the patched request `p`, its tokens and its cut against the sent request, recomputed whole. */
export function verifyPatchedView(p: PatchedRequest, system: Message, tokens: TokenCounter, sentBefore: readonly Message[], msgs: readonly Message[], diff: number): void {
  const full = earliestChangedIndex(sentBefore, p.req, sentBefore.length);
  const ok = p.req.length === msgs.length + 1 && p.req[0] === system && msgs.every((m, i) => p.req[i + 1] === m);
  if (!ok || full !== diff || sumTokens(tokens, p.req) !== p.tokens) {
    throw new Error(`patched view disagrees with a full rebuild (cut ${diff} vs ${full}, tokens ${p.tokens})`);
  }
}
