/**
 * Generation-2 time-based microcompact (Claude Code v2.1.7x+, microCompact.ts `maybeTimeBasedMicrocompact`;
 * shared/reference/policies.md §2b): when at least `gapMinutes` (default 60 — the 1 h server cache TTL)
 * have passed since the last assistant message, the cached prefix is cold anyway, so clear all but the
 * newest `keepRecent` (default 5, floor 1) compactable tool results before re-sending it. When it fires it
 * short-circuits the other microcompact paths for that request.
 */
import type { Message } from '../../core/messages.js';
import type { ToolSet } from '../shared/tool-calls.js';
import { clearable, clearResults, compactableResults, type Clearing } from './compactable.js';

/** Minutes between the last assistant message and now, or undefined when there was none. */
export function gapMinutes(now: number, lastAssistantAt: number | undefined): number | undefined {
  return lastAssistantAt === undefined ? undefined : (now - lastAssistantAt) / 60;
}

export function timeBasedMicrocompact(history: readonly Message[], tools: ToolSet, gap: number | undefined,
  gapThresholdMinutes: number, keepRecent: number): Clearing | undefined {
  if (gap === undefined || !(gap >= gapThresholdMinutes)) return undefined;
  const all = compactableResults(history, tools);
  const targets = clearable(history, all, Math.max(1, keepRecent));
  const r = clearResults(history, targets);
  return r && r.saved > 0 ? r : undefined;
}
