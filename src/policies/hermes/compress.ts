/**
 * Hermes' `compress(messages, current_tokens)` (agent/context_compressor.py @ 8fa8aabb, CC:2978-3377):
 * too-few-messages no-op (a strike), prune pre-pass, head (system + decaying protect_first_n) aligned
 * forward past tool results, token-budget tail, iterative summary (only turns after the newest handoff
 * in the window), summary call or deterministic fallback or abort, assembly (role choice / merge),
 * orphan sanitising and historical-media stripping. Returns the new list and a conformance record
 * (built when first read on the too-few exit: too-few.ts).
 * Never mutates its input. There is no prune-only exit (the runway PR was not merged upstream).
 */
import { assembleHead, chooseSummaryRole, mergeIntoTail, summaryMessage } from './assemble.js';
import type { HermesCompressor } from './compressor.js';
import { estimateMessagesTokensRough, estimateMsgBudgetTokens } from './estimate.js';
import { buildStaticFallbackSummary } from './fallback-summary.js';
import { firstChangedIndex, keptCopy, type PyMsg } from './msg.js';
import { pruneOldToolResults } from './prune.js';
import { prunedIndices, prunePaths, type CompressRecord } from './record.js';
import { LazyCompressRecord } from './lazy-record.js';
import { sanitizeToolPairs, stripHistoricalMedia } from './sanitize.js';
import { generateSummary } from './summary-call.js';
import { TooFewMessagesOutcome } from './too-few.js';
import { findLatestContextSummary } from './summary-text.js';
import { alignBoundaryForward, tailCut } from './tail-cut.js';
import { compress416 } from './v0000416b/compress.js';

export interface CompressOutcome {
  messages: PyMsg[];
  record: CompressRecord;
}

/** `_protect_head_size`: the system message (if first) plus the decayed protect_first_n. */
export function protectHeadSize(c: HermesCompressor, msgs: readonly PyMsg[]): number {
  return (msgs.length && msgs[0]!.role === 'system' ? 1 : 0) + c.effectiveProtectFirstN();
}

function resetPerCall(c: HermesCompressor): void {
  c.lastSummaryDroppedCount = 0;
  c.lastSummaryFallbackUsed = false;
  c.lastSummaryError = null;
  c.lastCompressAborted = false;
  c.lastCompressionMadeProgress = false;
}

/** A compress() that returned without assembling, after the too-few exit: count a strike when upstream does. */
function finishEarly(c: HermesCompressor, input: readonly PyMsg[], out: PyMsg[], rec: LazyCompressRecord, strike: boolean): CompressOutcome {
  if (strike) {
    c.ineffectiveCount++;
    c.lastCompressionSavingsPct = 0;
  }
  rec.n_after = out.length;
  rec.first_changed_index = out === input ? null : firstChangedIndex(input, out);
  if (rec.first_changed_index === null) rec.paths.push('output_identical');
  rec.compression_count = c.compressionCount;
  rec.ineffective_compression_count = c.ineffectiveCount;
  rec.finish(c, out, out === input);
  return { messages: out, record: rec };
}

/** Which turns the summary covers: after the newest handoff found in [first non-system, end). */
function turnsToSummarize(c: HermesCompressor, msgs: readonly PyMsg[], start: number, end: number, rec: CompressRecord): readonly PyMsg[] {
  const found = findLatestContextSummary(msgs, msgs.length && msgs[0]!.role === 'system' ? 1 : 0, end);
  if (!found) {
    if (c.previousSummary) c.previousSummary = null; // stale state from another session
    return msgs.slice(start, end);
  }
  rec.paths.push('iterative_prior_summary_in_window');
  if (found.body && !c.previousSummary) c.previousSummary = found.body;
  return msgs.slice(Math.max(start, found.idx + 1), end);
}

export function compress(c: HermesCompressor, input: readonly PyMsg[], currentTokens?: number, focusTopic?: string): CompressOutcome {
  if (c.version === '0000416b') return compress416(c, input, currentTokens, focusTopic);
  resetPerCall(c);
  const n = input.length;
  const headSize = protectHeadSize(c, input);
  if (n <= headSize + 3 + 1) return new TooFewMessagesOutcome(c, input, currentTokens || c.lastPromptTokens, headSize);
  const rec = new LazyCompressRecord(c, input, currentTokens || c.lastPromptTokens, headSize);
  const callsBefore = c.summarizerCalls;
  const pruned = pruneOldToolResults(input, c.protectLastN, c.tailTokenBudget);
  const msgs = pruned.messages;
  Object.assign(rec, { pruned_count: pruned.prunedCount, pruned_indices: prunedIndices(pruned.detail), prune_detail: pruned.detail });
  const start = alignBoundaryForward(msgs, rec.head_size);
  if (start > rec.head_size) rec.paths.push('head_aligned_forward_past_tool');
  rec.paths.push(...prunePaths(pruned.detail));
  const tail = tailCut(msgs, start, c.tailTokenBudget, c.protectLastN);
  const end = tail.cut;
  rec.compress_start = start;
  rec.compress_end = end;
  rec.tail_messages = n - end;
  rec.tail_budget_tokens = msgs.slice(end).reduce((s, m) => s + estimateMsgBudgetTokens(m), 0);
  if (start >= end) {
    rec.paths.push('noop_empty_window');
    return finishEarly(c, input, msgs, rec, true);
  }
  const turns = turnsToSummarize(c, msgs, start, end, rec);
  rec.summary_turns = turns.length;
  let summary = generateSummary(c, c.backend, turns, c.now(), focusTopic);
  rec.summarizer_calls = c.summarizerCalls - callsBefore;
  if (!summary && (c.abortOnSummaryFailure || c.lastSummaryAuthFailure || c.lastSummaryNetworkFailure)) {
    c.lastCompressAborted = true;
    rec.aborted = true;
    rec.paths.push(...tailPaths(tail, rec, c), 'aborted');
    return finishEarly(c, input, msgs, rec, false);
  }
  const head = assembleHead(msgs, start);
  if (head.length && msgs[0]!.role === 'system' && head[0]!.content !== msgs[0]!.content) rec.paths.push('system_note_appended');
  if (!summary) {
    c.lastSummaryDroppedCount = end - start;
    c.lastSummaryFallbackUsed = true;
    rec.fallback_summary_used = true;
    summary = buildStaticFallbackSummary(turns, !!c.previousSummary, c.lastSummaryError);
  }
  const { role, merge } = chooseSummaryRole(msgs, start, end);
  const assembled: PyMsg[] = [...head];
  if (!merge) assembled.push(summaryMessage(role, summary));
  for (let i = end; i < n; i++) assembled.push(merge && i === end ? mergeIntoTail(msgs[i]!, summary) : keptCopy(msgs[i]!));
  c.compressionCount++;
  const san = sanitizeToolPairs(assembled);
  const out = stripHistoricalMedia(san.messages);
  const removedHead = head.filter((m) => m.role === 'tool' && san.orphanedIds.has(m.tool_call_id)).length;
  Object.assign(rec, {
    summary_role: role, summary_inserted: !merge, summary_merged_into_tail: merge, summary_index: start - removedHead,
    orphan_results_removed: san.orphanResults, orphan_tool_calls_stripped: san.orphanCalls,
  });
  rec.paths.push(merge ? 'summary_merged_into_tail' : `summary_as_${role}`);
  if (san.orphanResults) rec.paths.push('orphan_results_removed');
  if (san.orphanCalls) rec.paths.push('orphan_tool_calls_stripped');
  rec.paths.push(...tailPaths(tail, rec, c));
  if (rec.fallback_summary_used) rec.paths.push('summary_fallback_static');
  const kept = out.slice(); // the caller may change `out`; `msgs` is ours and stays as it is
  c.savingsWhenRead(() => {
    const preEstimate = estimateMessagesTokensRough(msgs);
    const newEstimate = estimateMessagesTokensRough(kept);
    return preEstimate > 0 ? ((preEstimate - newEstimate) / preEstimate) * 100 : 0;
  });
  c.lastCompressionMadeProgress = true;
  return finishEarly(c, input, out, rec, false);
}

function tailPaths(tail: { userPulled: boolean; assistantPulled: boolean }, rec: CompressRecord, c: HermesCompressor): string[] {
  const out: string[] = [];
  if (tail.userPulled) out.push('last_user_pulled_into_tail');
  if (tail.assistantPulled) out.push('last_assistant_pulled_into_tail');
  const soft = Math.trunc(c.tailTokenBudget * 1.5);
  out.push((rec.tail_budget_tokens ?? 0) > soft ? 'tail_exceeds_soft_ceiling(min_tail_floor)' : 'tail_by_token_budget');
  return out;
}
