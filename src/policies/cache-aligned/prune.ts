/**
 * The prune `cache-aligned` proposes: every tool result but the newest `keep` replaced by a placeholder,
 * with what it would cost and save, so the policy can decide whether it pays back.
 */
import type { Message } from '../../core/messages.js';
import type { TokenCounter } from '../../core/tokens.js';
import { isCleared, replaceContents } from '../shared/tool-results.js';

export interface PrunePlan {
  history: Message[];
  /** tokens the prune removes from every later request */
  reclaimed: number;
  /** tokens from the first changed message to the end: re-written instead of read on the next request */
  rewrite: number;
  /** results cleared */
  cleared: number;
}

export function planPrune(history: readonly Message[], keep: number, placeholder: string, tokens: TokenCounter): PrunePlan | undefined {
  const results: number[] = [];
  for (let i = 0; i < history.length; i++) if (history[i]!.role === 'tool') results.push(i);
  const candidates = results.slice(0, Math.max(0, results.length - keep)).filter((i) => !isCleared(history[i]!, placeholder));
  if (candidates.length === 0) return undefined;
  const replacements = new Map(candidates.map((i) => [i, placeholder]));
  const next = replaceContents(history, replacements);
  let reclaimed = 0;
  for (const i of candidates) reclaimed += tokens.message(history[i]!) - tokens.message(next[i]!);
  let rewrite = 0;
  for (let i = candidates[0]!; i < next.length; i++) rewrite += tokens.message(next[i]!);
  return { history: next, reclaimed, rewrite, cleared: candidates.length };
}
