/**
 * The offline trajectory compressor: fit a finished ShareGPT trajectory into a token budget by
 * summarizing only as much of its middle as needed.
 *
 * Source: seed 002 (`002_1a111ab0b34283e5.txt`, "Trajectory-Level Compression", Hermes Agent
 * `trajectory_compressor.py` `compress_trajectory`), with `_find_protected_indices` and
 * `_extract_turn_content_for_summary` as NousResearch/hermes-agent has them at the seed's version:
 * 1. count each turn's tokens; a trajectory at or under the target is skipped;
 * 2. protect the first system, human, gpt and tool turns and the last N turns; the compressible
 *    region runs from after the last protected turn in the first half to the first protected turn
 *    in the second half;
 * 3. accumulate turns from the region's start until they cover (total − target) + summary target
 *    (the summary's own tokens are reserved); if the region never covers it, take all of it;
 * 4. replace those turns with one `human` turn holding the summary, append the notice to the
 *    system turn, keep every other turn verbatim, and recount.
 * Newer upstream versions also snap the region's ends off `tool` turns; the seed's algorithm does
 * not, and neither does this one.
 */
import type { TokenCounter } from '../core/tokens.js';
import { codePointLength, headCodePoints, tailCodePoints } from '../policies/shared/head-tail-trim.js';
import type { Summarizer } from '../summarizer/types.js';
import {
  FALLBACK_SUMMARY, SUMMARY_INPUT_HEAD_CHARS, SUMMARY_INPUT_MARKER, SUMMARY_INPUT_MAX_CHARS, SUMMARY_INPUT_TAIL_CHARS,
  SUMMARY_PREFIX, SUMMARY_PROMPT_OVERHEAD_TOKENS, type TrajectoryConfig,
} from './config.js';
import { emptyMetrics, type TrajectoryMetrics } from './metrics.js';

/** One ShareGPT turn. Other keys a record carries are kept as they are. */
export interface Turn {
  from: string;
  value: string;
  [key: string]: unknown;
}

export interface CompressorDeps {
  tokens: TokenCounter;
  summarizer: Summarizer;
}

export interface ProtectedRegion {
  protectedIndices: Set<number>;
  /** first compressible index */
  start: number;
  /** end (exclusive) of the compressible region */
  end: number;
}

export function findProtectedIndices(t: readonly Turn[], cfg: TrajectoryConfig): ProtectedRegion {
  const n = t.length;
  const first = new Map<string, number>();
  t.forEach((turn, i) => { if (!first.has(turn.from)) first.set(turn.from, i); });
  const protectedIndices = new Set<number>();
  const wants: [string, boolean][] = [
    ['system', cfg.protectFirstSystem], ['human', cfg.protectFirstHuman], ['gpt', cfg.protectFirstGpt], ['tool', cfg.protectFirstTool],
  ];
  for (const [role, on] of wants) if (on && first.has(role)) protectedIndices.add(first.get(role)!);
  for (let i = Math.max(0, n - cfg.protectLastNTurns); i < n; i++) protectedIndices.add(i);
  const half = Math.floor(n / 2);
  const head = [...protectedIndices].filter((i) => i < half);
  const tail = [...protectedIndices].filter((i) => i >= half);
  return { protectedIndices, start: head.length ? Math.max(...head) + 1 : 0, end: tail.length ? Math.min(...tail) : n };
}

/** The summarizer's input: `[Turn i - ROLE]:\nvalue` blocks, long values cut to head + tail. */
export function extractTurnContent(t: readonly Turn[], start: number, end: number): string {
  const parts: string[] = [];
  for (let i = start; i < end; i++) {
    let value = t[i]!.value;
    if (codePointLength(value) > SUMMARY_INPUT_MAX_CHARS) {
      value = headCodePoints(value, SUMMARY_INPUT_HEAD_CHARS) + SUMMARY_INPUT_MARKER + tailCodePoints(value, SUMMARY_INPUT_TAIL_CHARS);
    }
    parts.push(`[Turn ${i} - ${t[i]!.from.toUpperCase()}]:\n${value}`);
  }
  return parts.join('\n\n');
}

/** Summary text with the `[CONTEXT SUMMARY]:` prefix exactly once. */
export function ensureSummaryPrefix(text: string): string {
  const s = text.trim();
  if (s.startsWith(SUMMARY_PREFIX)) return s;
  return s ? `${SUMMARY_PREFIX} ${s}` : SUMMARY_PREFIX;
}

/** Up to `maxRetries` summary calls; the static fallback after the last failure (upstream's path). */
function generateSummary(content: string, m: TrajectoryMetrics, cfg: TrajectoryConfig, deps: CompressorDeps): string {
  for (let attempt = 0; attempt < cfg.maxRetries; attempt++) {
    m.summarization_api_calls++;
    const r = deps.summarizer.summarize({
      messages: [{ role: 'user', content }],
      inputTokens: deps.tokens.count(content),
      promptOverheadTokens: SUMMARY_PROMPT_OVERHEAD_TOKENS,
      budgetTokens: cfg.summaryTargetTokens,
      budgetKind: 'target',
      purpose: 'trajectory-summary',
    });
    if (r.ok) return ensureSummaryPrefix(r.text);
    m.summarization_errors++;
  }
  return FALLBACK_SUMMARY;
}

const sumRange = (xs: readonly number[], from: number, to: number): number => {
  let s = 0;
  for (let i = from; i < to; i++) s += xs[i]!;
  return s;
};

export interface CompressedTrajectory {
  trajectory: Turn[];
  metrics: TrajectoryMetrics;
}

export function compressTrajectory(t: readonly Turn[], cfg: TrajectoryConfig, deps: CompressorDeps): CompressedTrajectory {
  const m = emptyMetrics();
  m.original_turns = t.length;
  const turnTokens = t.map((turn) => deps.tokens.count(turn.value));
  const total = sumRange(turnTokens, 0, t.length);
  m.original_tokens = total;
  const unchanged = (): CompressedTrajectory => {
    m.compressed_tokens = total;
    m.compressed_turns = t.length;
    return { trajectory: [...t], metrics: m };
  };
  if (total <= cfg.targetMaxTokens) {
    m.skipped_under_target = true;
    return unchanged();
  }
  const { start, end } = findProtectedIndices(t, cfg);
  if (start >= end) {
    m.still_over_limit = true; // nothing compressible and over the target
    return unchanged();
  }
  const targetToCompress = total - cfg.targetMaxTokens + cfg.summaryTargetTokens;
  let accumulated = 0;
  let until = start;
  for (let i = start; i < end; i++) {
    accumulated += turnTokens[i]!;
    until = i + 1;
    if (accumulated >= targetToCompress) break;
  }
  if (accumulated < targetToCompress && until < end) until = end; // (upstream's guard; the loop already reached end)
  m.turns_compressed_start_idx = start;
  m.turns_compressed_end_idx = until;
  m.turns_in_compressed_region = until - start;

  const summary = generateSummary(extractTurnContent(t, start, until), m, cfg, deps);
  const out: Turn[] = t.slice(0, start).map((turn) =>
    turn.from === 'system' && cfg.addSummaryNotice ? { ...turn, value: turn.value + cfg.summaryNoticeText } : { ...turn });
  out.push({ from: 'human', value: summary });
  for (let i = until; i < t.length; i++) out.push({ ...t[i]! });

  m.compressed_turns = out.length;
  m.compressed_tokens = out.reduce((s, turn) => s + deps.tokens.count(turn.value), 0);
  m.turns_removed = m.original_turns - m.compressed_turns;
  m.tokens_saved = m.original_tokens - m.compressed_tokens;
  m.compression_ratio = m.compressed_tokens / Math.max(m.original_tokens, 1);
  m.was_compressed = true;
  m.still_over_limit = m.compressed_tokens > cfg.targetMaxTokens;
  return { trajectory: out, metrics: m };
}
