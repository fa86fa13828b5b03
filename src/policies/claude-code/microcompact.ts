/**
 * Generation-1 microcompact (Claude Code v1.0.68 … ~v2.1.6x, the "legacy" path; shared/reference/
 * policies.md §2a): before every request, with no LLM call, clear all but the newest 3 compactable tool
 * results — but only when (a) compactable results exceed 40k tokens, (b) the context is above the
 * warning threshold, and (c) clearing saves at least 20k tokens. The gates make it rare and large, so it
 * breaks the prompt cache seldom.
 */
import type { Message } from '../../core/messages.js';
import type { ToolSet } from '../shared/tool-calls.js';
import { clearable, clearResults, compactableResults, type Clearing } from './compactable.js';

export interface LegacyGates {
  keepRecent: number;
  minCompactableTokens: number;
  minSavings: number;
  /** context tokens now and the warning threshold they must reach */
  contextTokens: number;
  warningThreshold: number;
}

export function legacyMicrocompact(history: readonly Message[], tools: ToolSet, g: LegacyGates): Clearing | undefined {
  if (g.contextTokens < g.warningThreshold) return undefined;
  const all = compactableResults(history, tools);
  let total = 0;
  for (const c of all) total += c.tokens;
  if (total <= g.minCompactableTokens) return undefined;
  const targets = clearable(history, all, g.keepRecent);
  let saving = 0;
  for (const t of targets) saving += t.tokens;
  if (saving < g.minSavings) return undefined;
  return clearResults(history, targets);
}
