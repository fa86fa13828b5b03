/**
 * Background compression (agent/async_context_compression.py @ 3772aacc705c, `compression.background`;
 * read from source). Off upstream by default, and in shadow mode when enabled (candidates are made and
 * validated, never applied); this variant applies them (`enabled: true, shadow_only: false`), with
 * upstream's other defaults:
 * - between turns, once the request reaches the prepare gate, the history (cut so that no tool group
 *   is split, at least 12 messages) is frozen and compressed on a worker: the summary call is paid
 *   then, on a copy of the compressor's state;
 * - at a later turn start, once the request reaches the apply gate (or the synchronous trigger would
 *   fire), a candidate whose frozen prefix is still the start of the history, at most 12 turns old and
 *   with no tool call open, is applied: the compacted prefix plus everything appended since, verbatim;
 * - a new candidate replaces a ready one only after 20,000 more tokens.
 * Gates (`resolve_effective_gate_tokens`): 0.65 and 0.82 of the window, lowered to 0.80 and 0.96 of the
 * synchronous trigger when they would not fire before it, so prepare < apply < sync.
 * A late apply costs twice in cache: the prefix is rewritten as by any compaction, and what the session
 * appended between prepare and apply is kept verbatim, so the compacted request is larger than a
 * synchronous compaction at the same moment would leave. The worker is modelled as done by the next turn.
 */
import type { HermesCompressor } from '../compressor.js';
import { compress } from '../compress.js';
import type { PyMsg } from '../msg.js';

export const BACKGROUND_DEFAULTS = {
  prepareThreshold: 0.65,
  applyThreshold: 0.82,
  minDeltaTokens: 20_000,
  minFrozenMessages: 12,
  maxCandidateAgeTurns: 12,
} as const;

const PREPARE_FRACTION_OF_SYNC = 0.8;
const APPLY_FRACTION_OF_SYNC = 0.96;

/** The compressor state a preparation may change (restored to the live compressor only on apply). */
const STATE_KEYS = [
  'compressionCount', 'previousSummary', 'summaryHasUserTurn', 'cooldownUntil', 'lastSummaryError', 'lastSummaryAuthFailure',
  'lastSummaryNetworkFailure', 'lastSummaryFallbackUsed', 'lastSummaryDroppedCount', 'lastCompressAborted', 'lastCompressionMadeProgress',
  'ineffectiveCount', 'summarizerCalls',
] as const satisfies readonly (keyof HermesCompressor)[];

interface Candidate {
  prefix: readonly PyMsg[];
  prepared: readonly PyMsg[];
  sourceTokens: number;
  turn: number;
  state: Partial<Record<(typeof STATE_KEYS)[number], unknown>>;
}

/** `resolve_effective_gate_tokens`: [prepare, apply] tokens. */
export function backgroundGates(contextLength: number, syncTokens: number): [number, number] {
  let prepare = BACKGROUND_DEFAULTS.prepareThreshold * contextLength;
  let apply = BACKGROUND_DEFAULTS.applyThreshold * contextLength;
  if (syncTokens > 0) {
    apply = Math.min(apply, syncTokens * APPLY_FRACTION_OF_SYNC);
    prepare = Math.min(prepare, syncTokens * PREPARE_FRACTION_OF_SYNC);
  }
  if (prepare >= apply) prepare = apply * (PREPARE_FRACTION_OF_SYNC / APPLY_FRACTION_OF_SYNC);
  return [prepare, apply];
}

/** `align_prefix_boundary`: the largest cut ≤ n that leaves no call without its results. */
function alignPrefix(msgs: readonly PyMsg[], n: number): number {
  let b = Math.min(n, msgs.length);
  const calls = (m: PyMsg): boolean => Array.isArray(m.tool_calls) && m.tool_calls.length > 0;
  while (b > 0 && b < msgs.length && (calls(msgs[b - 1]!) || msgs[b]!.role === 'tool')) b--;
  return b;
}

/** `has_open_tool_call`. */
function hasOpenToolCall(msgs: readonly PyMsg[]): boolean {
  const pending = new Set<unknown>();
  for (const m of msgs) {
    if (m.role === 'assistant' && Array.isArray(m.tool_calls)) for (const tc of m.tool_calls) if (tc && (tc as { id?: unknown }).id) pending.add((tc as { id?: unknown }).id);
    if (m.role === 'tool') pending.delete(m.tool_call_id);
  }
  return pending.size > 0;
}

export interface AppliedCandidate {
  messages: PyMsg[];
  preparedAtTurn: number;
  /** messages appended between preparation and apply, kept verbatim */
  suffix: number;
}

export class BackgroundCompression {
  private candidate?: Candidate;
  prepared = 0;
  applied = 0;
  discarded = 0;

  /** Between turns: apply a ready, valid candidate when the gate (or the synchronous trigger) says so. */
  maybeApply(c: HermesCompressor, history: readonly PyMsg[], tokens: number, turn: number): AppliedCandidate | undefined {
    const k = this.candidate;
    if (!k || k.turn >= turn) return undefined;
    const [, applyGate] = backgroundGates(c.t.contextLength, c.thresholdTokens);
    if (tokens < applyGate && !c.shouldCompress(tokens)) return undefined;
    if (hasOpenToolCall(history)) return undefined; // temporal: the candidate waits
    const valid = turn - k.turn <= BACKGROUND_DEFAULTS.maxCandidateAgeTurns && k.prefix.length <= history.length && k.prefix.every((m, i) => history[i] === m);
    this.candidate = undefined;
    if (!valid) {
      this.discarded++;
      return undefined;
    }
    Object.assign(c, k.state);
    this.applied++;
    return { messages: [...k.prepared, ...history.slice(k.prefix.length)], preparedAtTurn: k.turn, suffix: history.length - k.prefix.length };
  }

  /** Between turns: freeze the history and compress it on a copy of the compressor, once past the prepare gate. */
  maybePrepare(c: HermesCompressor, history: readonly PyMsg[], tokens: number, turn: number): void {
    const k = this.candidate;
    if (k && !(k.prefix.length <= history.length && history[0] === k.prefix[0] && history[k.prefix.length - 1] === k.prefix[k.prefix.length - 1])) {
      this.candidate = undefined; // a synchronous compaction rewrote the history: the candidate can never apply
      this.discarded++;
    }
    const [prepareGate] = backgroundGates(c.t.contextLength, c.thresholdTokens);
    if (tokens < prepareGate) return;
    if (this.candidate && tokens - this.candidate.sourceTokens < BACKGROUND_DEFAULTS.minDeltaTokens) return;
    if (hasOpenToolCall(history)) return;
    const boundary = alignPrefix(history, history.length);
    if (boundary < Math.max(1, BACKGROUND_DEFAULTS.minFrozenMessages)) return;
    const prefix = history.slice(0, boundary);
    const fork: HermesCompressor = Object.assign(Object.create(Object.getPrototypeOf(c) as object) as HermesCompressor, c);
    const out = compress(fork, prefix, tokens);
    c.summarizerCalls = fork.summarizerCalls; // the call was made (and paid) whether or not it is applied
    this.prepared++;
    if (!fork.lastCompressionMadeProgress) return;
    const state: Candidate['state'] = {};
    for (const key of STATE_KEYS) state[key] = fork[key];
    this.candidate = { prefix, prepared: out.messages, sourceTokens: tokens, turn, state };
  }
}
