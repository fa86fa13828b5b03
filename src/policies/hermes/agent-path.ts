/**
 * One compaction on Hermes' agent path (agent/conversation_compression.py `compress_context`
 * @ 8fa8aabb): refuse while blocked (cooldown / anti-thrash / fallback streak), run `compress`, keep
 * the history on an abort or a no-op, append a user turn if none survived, then mark the boundary
 * (last_prompt_tokens = -1, await real usage, arm the anti-thrash verdict).
 *
 * Options: seed 003's prune-first phase (prune-only may skip the summary), and seed 004's extras — a
 * memory-flush auxiliary call before compaction and a todo snapshot appended after it (off by default).
 */
import { compress } from './compress.js';
import type { HermesCompressor } from './compressor.js';
import { freshCopy, type PyMsg } from './msg.js';
import { decidePruneFirst, type PruneDecision, type PruneFirstOptions } from './prune-first.js';
import type { CompressRecord } from './record.js';
import { sanitizeToolPairs } from './sanitize.js';

export const NO_USER_TURN_MARKER =
  'Continue from the compressed conversation context above. This marker exists because the compacted transcript contained no preserved user turn.';

export interface CompactExtras {
  /** rough tokens of the system prompt (not in history), added to every estimate */
  systemTokens: number;
  pruneFirst?: PruneFirstOptions;
  /** told of every prune-first decision (for the policy's telemetry: how often its acceptance rule bound) */
  onPruneDecision?: (d: PruneDecision) => void;
  /** seed 004: an auxiliary call that lets the model save memories before context is lost */
  memoryFlush?: (history: readonly PyMsg[]) => void;
  /** seed 004: the pending task list appended as a user message after compaction */
  todoSnapshot?: () => string | undefined;
}

export type CompactOutcome =
  | {
      changed: true;
      messages: PyMsg[];
      mode: 'summary' | 'prune';
      fallback: boolean;
      tokensBefore: number;
      tokensAfter: number;
      record?: CompressRecord;
    }
  | { changed: false; veto: string };

/** `_ensure_compressed_has_user_turn`: strict chat templates need at least one user message. */
export function ensureUserTurn(original: readonly PyMsg[], compressed: PyMsg[]): void {
  if (compressed.some((m) => m.role === 'user')) return;
  for (let i = original.length - 1; i >= 0; i--) {
    if (original[i]!.role === 'user') {
      compressed.push(freshCopy(original[i]!));
      return;
    }
  }
  compressed.push({ role: 'user', content: NO_USER_TURN_MARKER });
}

function runCompress(c: HermesCompressor, history: readonly PyMsg[], approxTokens: number, x: CompactExtras) {
  if (x.pruneFirst) {
    const d = decidePruneFirst(history, x.pruneFirst, x.systemTokens);
    x.onPruneDecision?.(d);
    if (d.accepted) {
      c.compressionCount++;
      c.lastCompressionMadeProgress = true;
      c.lastSummaryFallbackUsed = false;
      return { messages: sanitizeToolPairs(d.messages).messages, mode: 'prune' as const };
    }
    if (d.charsSaved > 0) {
      // Seed 003 went on to summarise the pruned list; a summary no-op still keeps the prune.
      const out = compress(c, d.messages, approxTokens);
      if (c.lastCompressAborted) return undefined;
      return { messages: out.messages, mode: out.messages === d.messages ? ('prune' as const) : ('summary' as const), record: out.record };
    }
  }
  const out = compress(c, history, approxTokens);
  if (c.lastCompressAborted || out.messages === history) return undefined;
  return { messages: out.messages, mode: 'summary' as const, record: out.record };
}

export function compactOnce(c: HermesCompressor, history: readonly PyMsg[], approxTokens: number, x: CompactExtras): CompactOutcome {
  const blocked = c.blockReason();
  if (blocked) return { changed: false, veto: blocked };
  const tokensBefore = c.rough.messages(history) + x.systemTokens;
  x.memoryFlush?.(history);
  const done = runCompress(c, history, approxTokens, x);
  if (!done) return { changed: false, veto: c.lastCompressAborted ? 'summary-aborted' : 'noop' };
  const messages = [...done.messages];
  const todo = x.todoSnapshot?.();
  if (todo) messages.push({ role: 'user', content: todo });
  ensureUserTurn(history, messages);
  const tokensAfter = c.rough.messages(messages) + x.systemTokens;
  c.markCompactionBoundary(tokensAfter);
  return {
    changed: true,
    messages,
    mode: done.mode,
    fallback: done.mode === 'summary' && c.lastSummaryFallbackUsed,
    tokensBefore,
    tokensAfter,
    record: done.record,
  };
}
