/**
 * opencode's prune (`SessionCompaction.prune`, compaction.ts; shared/reference/policies.md §1a), over an
 * OpenAI-format history where each tool part is a `tool` message. Walking newest to oldest:
 * - count user messages; nothing is examined until `skipTurns` (2) user turns have been seen, so the
 *   current and the previous user turn are never touched;
 * - stop at the boundary of the last compaction (opencode: the summary message) and at a result that is
 *   already pruned (earlier parts were handled by an earlier prune);
 * - skip protected tools (`skill`); add each result's chars/4 estimate to `total`; once `total` exceeds
 *   `protect` (40k), every older result is listed and its estimate added to `pruned`;
 * - commit only if `pruned > minimum` (20k): a cache-breaking edit must reclaim enough to be worth it.
 * Only the output text is replaced; the call, its name and inputs stay. Seed 001's two-phase proposal
 * reuses this walk with its own placeholder and protected tools.
 */
import type { Message } from '../../core/messages.js';
import { contentText } from '../../core/messages.js';
import { roughText } from '../shared/rough.js';
import { indexCalls, toolNameOf, type ToolSet } from '../shared/tool-calls.js';
import { replaceContents } from '../shared/tool-results.js';

export interface PruneRules {
  skipTurns: number;
  protect: number;
  minimum: number;
  protectedTools: ToolSet;
  /** true for a result an earlier prune already replaced */
  isPruned(msg: Message): boolean;
  /** the replacement text for a pruned result */
  placeholder(msg: Message): string;
  /** true for the message where the walk stops (the last compaction's boundary) */
  isBoundary?(msg: Message): boolean;
}

export interface PrunePlan {
  indices: number[];
  /** tokens (chars/4) of the listed outputs */
  pruned: number;
  /** tokens (chars/4) of every examined output */
  total: number;
}

export function planPrune(history: readonly Message[], rules: PruneRules): PrunePlan {
  const calls = indexCalls(history);
  const indices: number[] = [];
  let turns = 0;
  let total = 0;
  let pruned = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i]!;
    if (m.role === 'user') turns++;
    if (turns < rules.skipTurns) continue;
    if (rules.isBoundary?.(m)) break;
    if (m.role !== 'tool') continue;
    if (rules.protectedTools.has(toolNameOf(m, calls))) continue;
    if (rules.isPruned(m)) break;
    const estimate = roughText(contentText(m));
    total += estimate;
    if (total > rules.protect) {
      pruned += estimate;
      indices.push(i);
    }
  }
  return { indices, pruned, total };
}

/** The pruned history, or undefined when the plan does not reclaim more than the minimum. */
export function applyPrune(history: readonly Message[], plan: PrunePlan, rules: PruneRules): Message[] | undefined {
  if (!(plan.pruned > rules.minimum) || plan.indices.length === 0) return undefined;
  const repl = new Map<number, string>();
  for (const i of plan.indices) repl.set(i, rules.placeholder(history[i]!));
  return replaceContents(history, repl);
}
