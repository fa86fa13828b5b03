/**
 * Hermes' `compress(messages, current_tokens)` at 0000416b (agent/context_compressor.py @
 * 0000416b34a3, dated between 2026-07-23 and 2026-08-16). The order of 8fa8aabb's (compress.ts),
 * with what changed:
 * - the head's `protect_first_n` also decays when a handoff sits just after it (a resumed session);
 * - the prune pre-pass has the pressure pass (prune.ts here); blank user echoes after the latest
 *   actionable user turn are removed before the boundaries are found (PR #69291);
 * - the tail cut (tail-cut.ts here); when it lands exactly on the latest user turn, it is pulled back
 *   to the assistant/tool "bridge" before it, so that turn cannot be merged into;
 * - on a first compaction the whole transcript is scanned for handoffs: every one found becomes the
 *   previous summary (joined), the summarised window skips standalone ones and unwraps merged ones,
 *   and an empty window is a no-op strike;
 * - the summary is grounded and checked for invented users (summary.ts), the fallback is
 *   0000416b's (fallback.ts), an abort rolls the previous summary back, and the assembly strips old
 *   handoffs (assemble.ts).
 * Never mutates its input.
 */
import type { HermesCompressor } from '../compressor.js';
import { LazyCompressRecord } from '../lazy-record.js';
import { firstChangedIndex, freshCopy, type PyMsg } from '../msg.js';
import { prunedIndices, prunePaths, type CompressRecord } from '../record.js';
import { sanitizeToolPairs, stripHistoricalMedia } from '../sanitize.js';
import { alignBoundaryBackward, alignBoundaryForward } from '../tail-cut.js';
import { assemble416 } from './assemble.js';
import { buildStaticFallbackSummary416 } from './fallback.js';
import {
  blankEchoIndicesAfter,
  findContextSummaries,
  HAS_USER_TURN_KEY,
  isContextSummaryMessage,
  lastAnchorUserIdx,
  NO_USER_TASK_SENTINEL,
  stripHandoffMessage,
  transcriptHasRealUser,
} from './handoff.js';
import { pruneOldToolResults416 } from './prune.js';
import { generateSummary416 } from './summary.js';
import { tailCut416 } from './tail-cut.js';

/** 0000416b's record: 8fa8aabb's fields and those the 0000416b conformance cases add. */
export interface CompressRecord416 extends CompressRecord {
  pressure_demoted_indices: number[];
  blank_echoes_removed: number;
  /** the provenance flag the summary message carries (null when none was inserted) */
  summary_has_user_turn: boolean | null;
}

export interface CompressOutcome416 {
  messages: PyMsg[];
  record: CompressRecord416;
}

/** `_RESTART_HANDOFF_PROBE_EXTRA_MESSAGES` */
const RESTART_PROBE_EXTRA = 4;

/** `_protect_head_size` at 0000416b: the decay also follows a handoff found just after the head (a resumed session). */
export function protectHeadSize416(c: HermesCompressor, msgs: readonly PyMsg[]): number {
  const system = msgs.length && msgs[0]!.role === 'system' ? 1 : 0;
  if (c.compressionCount >= 1 || c.previousSummary) return system;
  if (msgs.length && c.protectFirstN > 0) {
    const probeEnd = Math.min(msgs.length, system + c.protectFirstN + RESTART_PROBE_EXTRA);
    for (let i = system; i < probeEnd; i++) if (isContextSummaryMessage(msgs[i]!)) return system;
  }
  return system + c.protectFirstN;
}

function newRecord(c: HermesCompressor, input: readonly PyMsg[], tokens: number, headSize: number): LazyCompressRecord & CompressRecord416 {
  const rec = new LazyCompressRecord(c, input, tokens, headSize) as LazyCompressRecord & CompressRecord416;
  rec.params = { ...rec.params, min_tail_user_messages: c.minTailUserMessages } as CompressRecord['params'];
  Object.assign(rec, { pressure_demoted_indices: [], blank_echoes_removed: 0, summary_has_user_turn: null });
  return rec;
}

/** Close the record of a call returning `out` (a strike when upstream counts one). */
function finish(c: HermesCompressor, input: readonly PyMsg[], out: PyMsg[], rec: LazyCompressRecord & CompressRecord416, strike: boolean): CompressOutcome416 {
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

interface Window {
  turns: PyMsg[];
  summaryIndices: Set<number>;
  tailStart: number;
}

/** The turns to summarise and the handoffs found (`compress`'s summary scan), updating the rolling summary state. */
function summaryWindow(c: HermesCompressor, msgs: readonly PyMsg[], start: number, end: number, rec: CompressRecord): Window {
  const searchStart = msgs.length && msgs[0]!.role === 'system' ? 1 : 0;
  const searchEnd = c.compressionCount < 1 && !c.previousSummary ? msgs.length : Math.min(msgs.length, end);
  const hits = findContextSummaries(msgs, searchStart, searchEnd);
  const realUser = transcriptHasRealUser(msgs);
  if (!hits.length) {
    if (c.previousSummary) c.previousSummary = null; // stale state from another session
    c.summaryHasUserTurn = realUser;
    return { turns: msgs.slice(start, end), summaryIndices: new Set(), tailStart: end };
  }
  rec.paths.push('iterative_prior_summary_in_window');
  const [idx, body] = hits[hits.length - 1]!;
  if (!c.previousSummary) {
    const bodies = hits.map(([, b]) => b).filter((b) => b);
    if (bodies.length) c.previousSummary = bodies.join('\n\n');
  }
  const provenance = msgs[idx]![HAS_USER_TURN_KEY];
  if (realUser) c.summaryHasUserTurn = true;
  else if (typeof provenance === 'boolean') c.summaryHasUserTurn = provenance;
  else if (c.summaryHasUserTurn === null) c.summaryHasUserTurn = !(body && body.includes(NO_USER_TASK_SENTINEL));
  const summaryIndices = new Set(hits.map(([i]) => i));
  const pre: PyMsg[] = [];
  for (let i = start; i < idx; i++) {
    const row = summaryIndices.has(i) ? stripHandoffMessage(freshCopy(msgs[i]!)) : msgs[i]!;
    if (row) pre.push(row);
  }
  const newest = stripHandoffMessage(freshCopy(msgs[idx]!));
  const turns = [...pre, ...(newest ? [newest] : []), ...msgs.slice(idx + 1, end)];
  return { turns, summaryIndices, tailStart: idx >= end ? idx + 1 : end };
}

export function compress416(c: HermesCompressor, input: readonly PyMsg[], currentTokens?: number, focusTopic?: string): CompressOutcome416 {
  c.lastSummaryDroppedCount = 0;
  c.lastSummaryFallbackUsed = false;
  c.lastSummaryError = null;
  c.lastCompressAborted = false;
  c.lastCompressionMadeProgress = false;
  const headSize = protectHeadSize416(c, input);
  const rec = newRecord(c, input, currentTokens || c.lastPromptTokens, headSize);
  if (input.length <= headSize + 3 + 1) {
    rec.paths.push('noop_too_few_messages');
    return finish(c, input, input as PyMsg[], rec, true);
  }
  const callsBefore = c.summarizerCalls;
  const pruned = pruneOldToolResults416(input, c.protectLastN, c.tailTokenBudget, 200, c.rough.budget);
  let msgs = pruned.messages;
  Object.assign(rec, {
    pruned_count: pruned.prunedCount, pruned_indices: prunedIndices(pruned.detail), prune_detail: pruned.detail,
    pressure_demoted_indices: pruned.pressureDemoted,
  });
  rec.paths.push(...prunePaths(pruned.detail));
  if (pruned.pressureDemoted.length) rec.paths.push('prune_pressure_pass_in_protected_tail');
  const echoes = blankEchoIndicesAfter(msgs, lastAnchorUserIdx(msgs, 0));
  if (echoes.size) {
    msgs = msgs.filter((_, i) => !echoes.has(i));
    rec.blank_echoes_removed = echoes.size;
    rec.paths.push('blank_echoes_removed');
  }
  const latestUser = lastAnchorUserIdx(msgs, 0);
  const start = alignBoundaryForward(msgs, protectHeadSize416(c, msgs));
  if (start > headSize) rec.paths.push('head_aligned_forward_past_tool');
  const tail = tailCut416(msgs, start, c.tailTokenBudget, c.protectLastN, c.minTailUserMessages, c.rough.budget);
  let end = tail.cut;
  if (end === latestUser) {
    // keep the latest user turn out of a merge: summarise up to the assistant/tool bridge before it
    let bridge = latestUser - 1;
    if (bridge >= 0 && msgs[bridge]!.role === 'tool') bridge = alignBoundaryBackward(msgs, latestUser);
    else if (bridge < 0 || msgs[bridge]!.role !== 'assistant') bridge = -1;
    if (bridge > start) {
      end = bridge;
      rec.paths.push('tail_bridge_before_latest_user');
    }
  }
  Object.assign(rec, { compress_start: start, compress_end: end, tail_messages: msgs.length - end, tail_budget_tokens: msgs.slice(end).reduce((t, m) => t + c.rough.budget(m), 0) });
  if (start >= end) {
    rec.paths.push('noop_empty_window');
    return finish(c, input, msgs, rec, true);
  }
  const previousBefore = c.previousSummary;
  const w = summaryWindow(c, msgs, start, end, rec);
  if (!w.turns.length) {
    rec.paths.push('noop_empty_post_handoff_window');
    return finish(c, input, msgs, rec, true);
  }
  rec.summary_turns = w.turns.length;
  let summary = generateSummary416(c, w.turns, c.now(), focusTopic);
  rec.summarizer_calls = c.summarizerCalls - callsBefore;
  if (!summary && (c.abortOnSummaryFailure || c.lastSummaryAuthFailure || c.lastSummaryNetworkFailure)) {
    c.lastCompressAborted = true;
    c.previousSummary = previousBefore;
    rec.aborted = true;
    rec.paths.push('aborted');
    return finish(c, input, msgs, rec, false);
  }
  if (!summary) {
    c.lastSummaryDroppedCount = end - start;
    c.lastSummaryFallbackUsed = true;
    rec.fallback_summary_used = true;
    rec.paths.push('summary_fallback_static');
    summary = buildStaticFallbackSummary416(w.turns, c.previousSummary, c.lastSummaryError);
  }
  const hasUserTurn = !!c.summaryHasUserTurn;
  const a = assemble416({ msgs, start, end, tailStart: w.tailStart, summaryIndices: w.summaryIndices, summary, hasUserTurn });
  c.compressionCount++;
  const san = sanitizeToolPairs(a.messages);
  const out = stripHistoricalMedia(san.messages);
  const removedHead = a.messages.slice(0, a.headLength).filter((m) => m.role === 'tool' && san.orphanedIds.has(m.tool_call_id)).length;
  // a summary prepended to the first tail message (forced user-leading) opens that message, as an inserted one would
  const mergedAfter = a.merge && !a.prepended;
  Object.assign(rec, {
    summary_role: a.role, summary_inserted: !mergedAfter, summary_merged_into_tail: mergedAfter, summary_index: a.headLength - removedHead,
    summary_has_user_turn: hasUserTurn, orphan_results_removed: san.orphanResults, orphan_tool_calls_stripped: san.orphanCalls,
  });
  rec.paths.push(a.prepended ? 'summary_prepended_to_first_tail_message' : a.merge ? 'summary_merged_into_tail' : `summary_as_${a.role}`);
  const kept = out.slice();
  c.savingsWhenRead(() => {
    const pre = c.rough.messages(msgs);
    return pre > 0 ? ((pre - c.rough.messages(kept)) / pre) * 100 : 0;
  });
  c.lastCompressionMadeProgress = true;
  return finish(c, input, out, rec, false);
}
