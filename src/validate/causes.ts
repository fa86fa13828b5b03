/**
 * The likely cause of a call where the modelled cache split disagrees with the recorded one.
 *
 * Checked in order, from what the transcript records around the call:
 * - `warm-start`: the first call of a file read more than the model expects: the provider's cache was
 *   already warm from an earlier session or the parent conversation (a subagent or compaction agent forks
 *   its parent's prefix). The replay warms the longest message prefix that fits the recorded read
 *   (replay.ts); when the warm prefix ends inside the unlogged system block, nothing fits.
 * - `compaction`: a recorded compaction point lies between the previous call and this one.
 * - `model-switch`: the call used a different model than the previous one (caches are per model).
 * - `ttl-expiry`: the time since the previous request is at least the cache TTL.
 * - prefix caches only: `best-effort-miss` when one side read nothing (the provider, or the model's
 *   hit-probability draw, missed the whole prefix), else `granularity` (the provider's hit covers a
 *   different share of the matching prefix: coarser hit units, or an evicted suffix).
 * - `uncached-tail`: the recorded request left part of its prompt uncached after its last breakpoint
 *   (Claude Code's mark was not on the last block, e.g. after some parallel tool results), or the
 *   previous one did and this one re-reads only what that one cached. The model marks the last message,
 *   so it counts the tail as written and reads it back on the next call.
 * - `re-render`: the recorded read stops short of the previous request while nothing the transcript
 *   records changed: the client re-rendered earlier history for this request (in the shared Claude Code
 *   sessions, requests answering a background-task `<task-notification>` read only the system block,
 *   and the next request reads the old prefix again); `interrupt` when the request follows a recorded
 *   user interrupt or rejected tool call.
 * - `partial-hit`, `prompt-mismatch`, `expected-value` (OpenAI/Codex replay only, see openai-replay.ts): the
 *   request read an older, shorter prefix; the recorded prompt shrank below what the replayed history
 *   holds; the request read its whole prefix while the expected-value model priced the miss chance.
 * - `unexplained`: none of the above.
 */
import { contentText } from '../core/messages.js';
import type { ImportedTrace } from '../workload/import/types.js';
import type { CallCheck } from './replay.js';

export type Cause =
  | 'warm-start' | 'compaction' | 'model-switch' | 'ttl-expiry' | 'best-effort-miss' | 'granularity'
  | 'uncached-tail' | 'interrupt' | 're-render' | 'partial-hit' | 'prompt-mismatch' | 'expected-value' | 'unexplained';
export const CAUSES: readonly Cause[] = [
  'warm-start', 'compaction', 'model-switch', 'ttl-expiry', 'best-effort-miss', 'granularity',
  'uncached-tail', 'interrupt', 're-render', 'partial-hit', 'prompt-mismatch', 'expected-value', 'unexplained',
];

export interface CauseContext {
  trace: ImportedTrace;
  ttlSeconds: number;
  prevModel: string | undefined;
  tolerance: number;
  /** automatic prefix cache (OpenAI, Gemini implicit, DeepSeek) rather than Anthropic breakpoints */
  prefixCache: boolean;
}

const INTERRUPT = /^\[Request interrupted by user|The user doesn't want to proceed with this tool use/;

export function classify(row: CallCheck, prev: CallCheck | undefined, ctx: CauseContext): Cause {
  if (!prev) return row.recorded.cacheRead > row.modelled.cacheRead ? 'warm-start' : 'unexplained';
  const { messages, meta } = ctx.trace;
  if (meta.compactions.some((p) => p.beforeMsgIndex > prev.msgIndex && p.beforeMsgIndex < row.msgIndex)) return 'compaction';
  if (ctx.prevModel !== undefined && ctx.prevModel !== row.model) return 'model-switch';
  if (row.time - prev.time >= ctx.ttlSeconds) return 'ttl-expiry';
  if (ctx.prefixCache) return row.recorded.cacheRead === 0 || row.modelled.cacheRead === 0 ? 'best-effort-miss' : 'granularity';
  if (uncachedTail(row, ctx.tolerance) || (uncachedTail(prev, ctx.tolerance) && readsWhatPrevCached(row, prev, ctx.tolerance))) return 'uncached-tail';
  if (row.recorded.cacheRead < row.modelled.cacheRead) {
    for (let i = prev.msgIndex + 1; i < row.msgIndex; i++) {
      const m = messages[i]!;
      if ((m.role === 'user' || m.role === 'tool') && INTERRUPT.test(contentText(m))) return 'interrupt';
    }
    return 're-render';
  }
  return 'unexplained';
}

/** The recorded request left more than `tolerance` of its prompt uncached after its last breakpoint. */
function uncachedTail(c: CallCheck, tolerance: number): boolean {
  return c.prompt - c.recorded.cacheRead - c.recorded.cacheWrite > tolerance * c.prompt;
}

/** The recorded read is what the previous call read and wrote (its uncached tail was not cached). */
function readsWhatPrevCached(c: CallCheck, prev: CallCheck, tolerance: number): boolean {
  return Math.abs(c.recorded.cacheRead - (prev.recorded.cacheRead + prev.recorded.cacheWrite)) <= tolerance * c.prompt;
}
