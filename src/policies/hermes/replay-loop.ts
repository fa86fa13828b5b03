/**
 * The reference session loop the Hermes conformance replays were produced with
 * (shared/reference/hermes-compressor.md, "Conformance data"): per turn, append the turn's messages;
 * tokens = whole-list rough estimate + the system prompt's tokens (the system prompt is not in the
 * list, as on the agent path); once a compaction has happened, feed that count to the anti-thrash
 * verdict first; then, if `should_compress`, run up to 3 `compress()` passes, stopping when a pass
 * neither removes messages nor cuts tokens by more than 5% (turn_context.py
 * `_compression_made_progress`) or the threshold no longer holds. A pass that made progress is a
 * completed compaction (`record_completed_compaction`).
 */
import { compress } from './compress.js';
import type { HermesCompressor } from './compressor.js';
import { estimateMessagesTokensRough } from './estimate.js';
import type { PyMsg } from './msg.js';

export interface ReplayPass {
  turn: number;
  pass: number;
  tokens_before: number;
  tokens_after: number;
  first_changed_index: number | null;
  msgs_before: number;
  msgs_after: number;
  summary_turns: number | null;
  aux_calls: number;
  compression_count: number;
}

export interface ReplayTotals {
  turns: number;
  compression_events: number;
  compress_calls: number;
  events_per_100_turns: number;
  mean_turns_between_compressions: number | null;
  summary_aux_calls: number;
  final_messages: number;
  final_tokens: number;
  threshold_tokens: number;
  tail_token_budget: number;
  ineffective_compression_count: number;
}

export interface ReplayOutcome {
  events: ReplayPass[];
  totals: ReplayTotals;
  history: PyMsg[];
}

/** `_compression_made_progress`: fewer rows, or tokens down by more than 5%. */
export function compressionMadeProgress(origLen: number, newLen: number, origTokens: number, newTokens: number): boolean {
  return newLen < origLen || (origTokens > 0 && newTokens < origTokens * 0.95);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

export function runReplayLoop(c: HermesCompressor, turns: Iterable<readonly PyMsg[]>, systemPromptTokens: number): ReplayOutcome {
  let history: PyMsg[] = [];
  const events: ReplayPass[] = [];
  const progressTurns: number[] = [];
  let compacted = false;
  let turnNo = 0;
  const tokensOf = (msgs: readonly PyMsg[]) => estimateMessagesTokensRough(msgs) + systemPromptTokens;
  for (const appended of turns) {
    turnNo++;
    history = [...history, ...appended];
    let tokens = tokensOf(history);
    if (compacted) c.updateFromResponse(tokens);
    if (!c.shouldCompress(tokens)) continue;
    for (let pass = 1; pass <= 3; pass++) {
      const { messages, record } = compress(c, history, tokens);
      const after = tokensOf(messages);
      const progress = compressionMadeProgress(history.length, messages.length, tokens, after);
      events.push({
        turn: turnNo, pass, tokens_before: tokens, tokens_after: after, first_changed_index: record.first_changed_index,
        msgs_before: history.length, msgs_after: messages.length, summary_turns: record.summary_turns,
        aux_calls: record.summarizer_calls, compression_count: c.compressionCount,
      });
      history = messages;
      tokens = after;
      if (!progress) break;
      c.recordCompletedCompaction(c.lastSummaryFallbackUsed);
      compacted = true;
      progressTurns.push(turnNo);
      if (!c.shouldCompress(tokens)) break;
    }
  }
  const gaps = progressTurns.slice(1).map((t, i) => t - progressTurns[i]!);
  return {
    events,
    history,
    totals: {
      turns: turnNo,
      compression_events: progressTurns.length,
      compress_calls: events.length,
      events_per_100_turns: turnNo ? round2((progressTurns.length / turnNo) * 100) : 0,
      mean_turns_between_compressions: gaps.length ? round2(gaps.reduce((a, b) => a + b, 0) / gaps.length) : null,
      summary_aux_calls: events.reduce((s, e) => s + e.aux_calls, 0),
      final_messages: history.length,
      final_tokens: tokensOf(history),
      threshold_tokens: c.thresholdTokens,
      tail_token_budget: c.tailTokenBudget,
      ineffective_compression_count: c.ineffectiveCount,
    },
  };
}
