/**
 * A request view that also says what the provider's prompt cache keys on.
 *
 * Why: seed 000 (NousResearch/hermes-agent issue #525, pointing to #526 for the server-side approach) says
 * Anthropic's context editing "preserves prompt cache (edits applied after cache lookup)", which contradicts
 * Anthropic's documentation (shared/reference/policies.md §3a). (The claim was earlier attributed to Hermes
 * PR #1147; issue 11 reports that PR is about OAuth tokens, not context editing; the seed is the source.) To let users see what is at
 * stake, a server-side policy can model that claim by returning `cacheAs`: the messages the cache lookup
 * would see (the unedited history, position for position), while `messages` is what is counted and billed.
 *
 * Harness contract (`ViewResult.cacheAs`, src/policies/types.ts): when `cacheAs` is present it has
 * the same length as `messages`; the harness diffs `[system, ...cacheAs]` (not the view) against the
 * previous request's keys to find `changedFrom`, and the cache model hashes `cacheAs[i]` for prefix
 * matching while taking token counts from `messages[i]`.
 */
import type { Message } from '../../core/messages.js';
import type { ViewResult } from '../types.js';

export type CacheKeyedView = ViewResult;

/** How a server-side edit interacts with the prompt cache. */
export const CACHE_SEMANTICS = ['documented', 'after-lookup'] as const;
export type CacheSemantics = (typeof CACHE_SEMANTICS)[number];

/**
 * The view to return: the history itself when nothing changed, else the labelled view (keyed for
 * `after-lookup`), with the policy's `changedFrom` hint (ViewResult.changedFrom) when it has one.
 */
export function serverView(history: readonly Message[], messages: readonly Message[], kind: string,
  semantics: CacheSemantics, note?: string, changedFrom?: number): readonly Message[] | CacheKeyedView {
  if (messages === history) return history;
  const v: CacheKeyedView = { messages, kind, ...(note ? { note } : {}), ...(changedFrom !== undefined ? { changedFrom } : {}) };
  if (semantics === 'after-lookup' && messages.length === history.length) v.cacheAs = history;
  return v;
}
