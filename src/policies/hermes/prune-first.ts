/**
 * The prune-first phase of seed 003 (shared/seeds/003_f0b3a617f6b60d23.txt: teyrebaz33's commit
 * 119bad65 "prune old tool outputs before context compaction" and teknium1's a1a90f3f "require runway
 * before prune-only compaction"; Hermes PRs #1231/#1238, never merged upstream):
 * - between the fixed head (`protect_first_n`) and tail (`protect_last_n`), aligned to tool groups,
 *   walk tool outputs newest first; the newest ones are protected until their tokens reach an
 *   adaptive window (10K at <64K windows … 100K at ≥500K); older ones become
 *   "[Tool output pruned — was N chars]". Outputs of NEVER_PRUNE_TOOLS are never touched;
 * - the prune counts only if it saves at least max(5000, window/20) tokens;
 * - acceptance: `naive` takes prune-only as soon as it lands under the threshold; `runway` only at or
 *   below threshold − max(prune_minimum, runwayFraction × threshold), else the summary runs at once.
 *
 * Adaptation: a tool message without the legacy `name` field is identified by its call's function
 * name (the seed read only `name`, which generated workloads may omit).
 */
import { estimateMessagesTokensRough } from './estimate.js';
import { isDict, type PyMsg } from './msg.js';
import { hermesMemo } from './msg-memo.js';
import { pyRepr } from './pyrepr.js';
import { pyLen, thousands } from './pystr.js';
import { alignBoundaryBackward, alignBoundaryForward } from './tail-cut.js';

export const NEVER_PRUNE_TOOLS: ReadonlySet<string> = new Set(['clarify', 'memory', 'skill_view', 'todo', 'read_file']);

/** `_adaptive_prune_protect`: recent tool-output tokens kept verbatim, by window size. */
export function adaptivePruneProtect(contextLength: number): number {
  if (contextLength >= 500_000) return 100_000;
  if (contextLength >= 128_000) return 40_000;
  if (contextLength >= 64_000) return 20_000;
  return 10_000;
}

/** `_adaptive_prune_minimum`: a prune must reclaim at least this many tokens. */
export function adaptivePruneMinimum(contextLength: number): number {
  return Math.max(5_000, Math.floor(contextLength / 20));
}

export type PruneAcceptance = 'naive' | 'runway';

export interface PruneFirstOptions {
  contextLength: number;
  thresholdTokens: number;
  protectFirstN: number;
  protectLastN: number;
  acceptance: PruneAcceptance;
  /** share of the threshold the runway rule requires below it @default 0.15 */
  runwayFraction?: number;
  /** overrides the adaptive protection window (tokens) */
  pruneProtectTokens?: number;
  /** overrides the adaptive prune minimum (tokens) */
  pruneMinimumTokens?: number;
}

const pruneMinimum = (o: PruneFirstOptions): number => o.pruneMinimumTokens ?? adaptivePruneMinimum(o.contextLength);

/** The most a prune-only result may weigh to be accepted. */
export function pruneTargetTokens(o: PruneFirstOptions): number {
  if (o.acceptance === 'naive') return o.thresholdTokens - 1;
  const runway = Math.max(pruneMinimum(o), Math.trunc(o.thresholdTokens * (o.runwayFraction ?? 0.15)));
  return Math.max(0, o.thresholdTokens - runway);
}

function toolNameOf(m: PyMsg, calls: ReadonlyMap<unknown, unknown>): string {
  if (typeof m.name === 'string' && m.name) return m.name;
  const n = calls.get(m.tool_call_id);
  return typeof n === 'string' ? n : '';
}

function callNames(msgs: readonly PyMsg[]): Map<unknown, unknown> {
  const out = new Map<unknown, unknown>();
  for (const m of msgs) {
    if (m.role !== 'assistant' || !Array.isArray(m.tool_calls)) continue;
    for (const tc of m.tool_calls) if (isDict(tc) && isDict(tc.function)) out.set(tc.id, tc.function.name);
  }
  return out;
}

/** The output's length as the prune phase measures it (memoized per message: it is immutable). */
function outputLength(m: PyMsg): number {
  return pyLen(typeof m.content === 'string' ? m.content : m.content ? pyRepr(m.content) : '');
}

export interface ToolPruneResult {
  messages: PyMsg[];
  charsSaved: number;
  pruned: number[];
}

/** `_prune_tool_outputs(messages)`: placeholders for old middle outputs, or nothing if below the minimum. */
export function pruneToolOutputs(msgs: readonly PyMsg[], o: PruneFirstOptions): ToolPruneResult {
  const none = { messages: [...msgs], charsSaved: 0, pruned: [] };
  const n = msgs.length;
  if (o.protectFirstN >= n - o.protectLastN) return none;
  const start = alignBoundaryForward(msgs, o.protectFirstN);
  const end = alignBoundaryBackward(msgs, n - o.protectLastN);
  if (start >= end) return none;
  const out = [...msgs];
  const calls = callNames(msgs);
  const protect = o.pruneProtectTokens ?? adaptivePruneProtect(o.contextLength);
  const pruned: number[] = [];
  let saved = 0;
  let recent = 0;
  for (let i = end - 1; i >= start; i--) {
    const m = out[i]!;
    if (m.role !== 'tool' || NEVER_PRUNE_TOOLS.has(toolNameOf(m, calls))) continue;
    const memo = hermesMemo(m);
    const len = (memo.outputLen ??= outputLength(m));
    if (recent < protect) {
      recent += Math.max(1, Math.floor(len / 4));
      continue;
    }
    const replaced = (memo.outputPruned ??= { ...m, content: `[Tool output pruned — was ${thousands(len)} chars]` });
    out[i] = replaced;
    saved += Math.max(0, len - pyLen(replaced.content as string));
    pruned.push(i);
  }
  if (Math.floor(saved / 4) < pruneMinimum(o)) return none;
  return { messages: out, charsSaved: saved, pruned: pruned.reverse() };
}

export interface PruneDecision {
  /** the pruned list (equal to the input when nothing was pruned) */
  messages: PyMsg[];
  /** true when prune-only is accepted: no summary this time */
  accepted: boolean;
  /** rough tokens after the prune (messages plus `extraTokens`) */
  tokensAfter: number;
  charsSaved: number;
  /**
   * the naive rule (anywhere under the threshold) would have accepted this prune: with `runway`
   * acceptance, `ruleChanged` says the runway requirement is what turned it down
   */
  naiveAccepted: boolean;
}

/** Phase 1 and the acceptance rule; `extraTokens` adds the system prompt the trigger reading included. */
export function decidePruneFirst(msgs: readonly PyMsg[], o: PruneFirstOptions, extraTokens = 0): PruneDecision {
  const p = pruneToolOutputs(msgs, o);
  const tokensAfter = estimateMessagesTokensRough(p.messages) + extraTokens;
  const accepted = p.charsSaved > 0 && tokensAfter <= pruneTargetTokens(o);
  const naiveAccepted = p.charsSaved > 0 && tokensAfter <= pruneTargetTokens({ ...o, acceptance: 'naive' });
  return { messages: p.messages, accepted, tokensAfter, charsSaved: p.charsSaved, naiveAccepted };
}

/** The acceptance rule turned down a prune the naive rule would have taken (only `runway` can). */
export function ruleChanged(d: PruneDecision): boolean {
  return d.naiveAccepted && !d.accepted;
}
