/**
 * Claude Code 2.1.112's answer to a context rejection (`cli.js` of `@anthropic-ai/claude-code@2.1.112`, the
 * last build published as readable JavaScript; 2.1.113 onward ship a native binary): when the API rejects
 * a request for its context (the context-hint controller's `onRequestError` on a 422/424, `handleHintReject`),
 * Claude Code
 * 1. latches thinking clearing for the session (`thinkingClearLatched`): earlier turns' thinking is no
 *    longer sent;
 * 2. clears the compactable tool results but the newest 5 (the keep-recent microcompact, placeholder
 *    `[Old tool result content cleared]`, keepRecent 5, floor 1);
 * 3. retries. Only if the retry is still rejected does the compaction path run.
 * The thinking of the turn in progress is kept (the API requires it back mid-tool-loop), so "clear thinking"
 * here is Anthropic's `clear_thinking` edit with keep = 1 turn (../anthropic/clear-thinking.ts).
 * Upstream gates the path behind a server flag (`tengu_hazel_osprey`, code default false), first-party
 * betas (`context-hint-2026-04-09`) and the main thread; the latch's effect on later requests is not
 * modelled beyond the rewrite made at the rejection.
 */
import type { Message } from '../../core/messages.js';
import { clearThinking } from '../anthropic/clear-thinking.js';
import type { ToolSet } from '../shared/tool-calls.js';
import { clearable, clearResults, compactableResults } from './compactable.js';

export interface RejectionClearing {
  history: Message[];
  thinkingCleared: number;
  resultsCleared: number;
  savedTokens: number;
}

/** The rewrite made on a context rejection; undefined when there is no thinking and no result to clear. */
export function clearOnRejection(history: readonly Message[], tools: ToolSet, keepRecent: number): RejectionClearing | undefined {
  const thinking = clearThinking(history, 1);
  const afterThinking = thinking.messages;
  const all = compactableResults(afterThinking, tools);
  const results = clearResults(afterThinking, clearable(afterThinking, all, Math.max(1, keepRecent)));
  if (thinking.cleared === 0 && !results) return undefined;
  return {
    history: results ? results.history : afterThinking.slice(),
    thinkingCleared: thinking.cleared,
    resultsCleared: results?.cleared ?? 0,
    savedTokens: results?.saved ?? 0,
  };
}
