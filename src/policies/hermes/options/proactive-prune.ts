/**
 * Proactive tool-result pruning (agent/context_compressor.py `prune_tool_results_only` @ 0000416b34a3;
 * PR #70254, wired into the loop as the branch taken when full compression does not fire): the prune
 * pre-pass alone, no LLM call, on its own low trigger (`compression.proactive_prune_tokens`; 0, off,
 * upstream by default). The recent tail is protected by message count (`protect_last_n`), never by the
 * tail token budget; only tool outputs over `proactive_prune_min_result_chars` (8,000) are summarised
 * (dedup and argument truncation keep their own floors); and the prune is committed only when it
 * reclaims at least `proactive_prune_min_reclaim_tokens` (4,096), measured on the pruned list, because
 * every commit rewrites what the provider has cached from the first rewritten message on.
 */
import type { HermesCompressor } from '../compressor.js';
import type { PyMsg } from '../msg.js';
import { protectHeadSize416 } from '../v0000416b/compress.js';
import { pruneOldToolResults416 } from '../v0000416b/prune.js';

export interface ProactivePruneOptions {
  triggerTokens: number;
  minResultChars: number;
  minReclaimTokens: number;
}

export interface ProactivePruneOutcome {
  messages: PyMsg[];
  pruned: number;
  reclaimed: number;
}

export class ProactivePrune {
  /**
   * Request tokens at the last attempt: the next one waits until the history has grown by the reclaim
   * gate. Why: a rejected attempt stays rejected until enough new output can age out of the protected
   * tail, and re-running the O(history) prune on every request in between changes nothing (upstream
   * later added its own re-arm runway, PR #101922; this port's gate is the simpler one).
   */
  private lastAttempt = -Infinity;

  constructor(readonly opts: ProactivePruneOptions) {}

  /** `prune_tool_results_only(messages, current_tokens)`: the pruned list, or undefined (no commit). */
  run(c: HermesCompressor, msgs: readonly PyMsg[], currentTokens: number): ProactivePruneOutcome | undefined {
    const o = this.opts;
    if (o.triggerTokens <= 0 || currentTokens < o.triggerTokens) return undefined;
    if (msgs.length <= c.protectLastN + protectHeadSize416(c, msgs) + 1) return undefined;
    if (currentTokens < this.lastAttempt + Math.max(1, o.minReclaimTokens)) return undefined;
    this.lastAttempt = currentTokens;
    const r = pruneOldToolResults416(msgs, c.protectLastN, undefined, Math.max(200, o.minResultChars || 8000), c.rough.budget);
    if (!r.prunedCount) return undefined;
    let reclaimed = 0;
    for (let i = 0; i < msgs.length; i++) if (r.messages[i] !== msgs[i]) reclaimed += c.rough.budget(msgs[i]!) - c.rough.budget(r.messages[i]!);
    if (o.minReclaimTokens > 0 && reclaimed < o.minReclaimTokens) return undefined;
    return { messages: r.messages, pruned: r.prunedCount, reclaimed };
  }
}
