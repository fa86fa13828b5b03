/**
 * Claude Code's compactable tool results: results of COMPACTABLE_TOOLS calls, in the order their calls
 * appear (microCompact.ts `collectCompactableToolIds`), and the clearing both microcompact generations
 * share: keep the newest `keep`, replace the older ones' content with the placeholder.
 */
import type { Message } from '../../core/messages.js';
import { roughText } from '../shared/rough.js';
import type { ToolSet } from '../shared/tool-calls.js';
import { isCleared, replaceContents } from '../shared/tool-results.js';
import { contentText } from '../../core/messages.js';
import { CLEARED } from './config.js';

export interface Compactable {
  id: string;
  /** index of the tool result in history (-1 when the call has no result yet) */
  resultIndex: number;
  /** chars/4 of the result's content, as Claude Code's calculateToolResultTokens counts it */
  tokens: number;
}

export function compactableResults(history: readonly Message[], tools: ToolSet): Compactable[] {
  const resultAt = new Map<string, number>();
  history.forEach((m, i) => {
    if (m.role === 'tool' && m.tool_call_id !== undefined && !resultAt.has(m.tool_call_id)) resultAt.set(m.tool_call_id, i);
  });
  const out: Compactable[] = [];
  for (const m of history) {
    if (m.role !== 'assistant') continue;
    for (const tc of m.tool_calls ?? []) {
      if (!tools.has(tc.function.name)) continue;
      const idx = resultAt.get(tc.id) ?? -1;
      out.push({ id: tc.id, resultIndex: idx, tokens: idx < 0 ? 0 : roughText(contentText(history[idx]!)) });
    }
  }
  return out;
}

export interface Clearing {
  history: Message[];
  /** results whose content was replaced */
  cleared: number;
  /** chars/4 tokens removed (before the placeholder) */
  saved: number;
}

/** The results older than the newest `keep` that are not cleared yet. */
export function clearable(history: readonly Message[], all: readonly Compactable[], keep: number): Compactable[] {
  const older = keep > 0 ? all.slice(0, Math.max(0, all.length - keep)) : all;
  return older.filter((c) => c.resultIndex >= 0 && !isCleared(history[c.resultIndex]!, CLEARED));
}

/** Replaces the given results with the placeholder; undefined when there is nothing to clear. */
export function clearResults(history: readonly Message[], targets: readonly Compactable[]): Clearing | undefined {
  if (targets.length === 0) return undefined;
  const repl = new Map<number, string>();
  let saved = 0;
  for (const t of targets) {
    repl.set(t.resultIndex, CLEARED);
    saved += t.tokens;
  }
  return { history: replaceContents(history, repl), cleared: targets.length, saved };
}
