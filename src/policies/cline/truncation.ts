/**
 * Cline's programmatic context management (cline/cline `src/core/context/context-management/`
 * @ a12c565c: `context-window-utils.ts`, `ContextManager.ts`), on OpenAI-format history.
 *
 * Cline works on Anthropic messages: user and assistant alternate, tool results travel inside the next
 * user message. Here an "API message" is an assistant message, or a user message together with the tool
 * results before it (a run of tool messages, optionally followed by the user's text). Ranges are computed
 * on API messages and mapped back to history indices.
 */
import { contentText, type Message } from '../../core/messages.js';
import { indexCalls, parseArgs } from '../shared/tool-calls.js';

/** `getContextWindowInfo`: the usable size for a window. */
export function maxAllowedSize(contextWindow: number): number {
  switch (contextWindow) {
    case 64_000: return contextWindow - 27_000;
    case 128_000: return contextWindow - 30_000;
    case 200_000: return contextWindow - 40_000;
    default: return Math.max(contextWindow - 40_000, contextWindow * 0.8);
  }
}

/** History index where each API message starts (user side: the first of its tool results or its text). */
export function apiMessageStarts(history: readonly Message[]): number[] {
  const starts: number[] = [];
  let prevSide: 'user' | 'assistant' | undefined;
  history.forEach((m, i) => {
    const side = m.role === 'assistant' ? 'assistant' : 'user';
    if (side !== prevSide || side === 'assistant') starts.push(i);
    prevSide = side;
  });
  return starts;
}

/**
 * `getNextTruncationRange` with nothing deleted yet: keep the first two API messages, remove half
 * (`floor(rest / 4) × 2`) or three quarters (`floor(rest × 3 / 4 / 2) × 2`) of the rest, ending on an
 * assistant message. Returns the API-message range [2, end] (inclusive), or undefined when empty.
 */
export function truncationRange(apiRoles: readonly ('user' | 'assistant')[], keep: 'half' | 'quarter'): [number, number] | undefined {
  const rest = apiRoles.length - 2;
  if (rest <= 0) return undefined;
  const remove = keep === 'half' ? Math.floor(rest / 4) * 2 : Math.floor((rest * 3) / 4 / 2) * 2;
  let end = 2 + remove - 1;
  if (end < 2) return undefined;
  if (apiRoles[end] !== 'assistant') end -= 1;
  return end >= 2 ? [2, end] : undefined;
}

/** Paraphrase of `formatResponse.duplicateFileReadNotice()`. */
export const DUPLICATE_READ_NOTICE =
  '[[NOTE] This file read was removed to save context window space. See the latest read of this file for its current content.]';
/** Paraphrase of `formatResponse.contextTruncationNotice()`, put on the first assistant message. */
export const TRUNCATION_NOTICE =
  '[NOTE] Part of the earlier conversation with the user was removed to keep the context window at a workable ' +
  'length. The first user task is kept for continuity; intermediate history was removed. Keep this in mind and ' +
  'focus on the most recent user request.';

const READ_TOOL = /^(read_file|read|view|cat|open_file)$/i;
const pathOf = (args: string): string | undefined => {
  const a = parseArgs(args);
  const p = a?.path ?? a?.file_path ?? a?.absolute_path ?? a?.filePath;
  return typeof p === 'string' ? p : undefined;
};

/**
 * `applyContextOptimizations`: every read of a file except the newest (from `from` on) becomes the
 * duplicate-read notice. Returns the new history and the share of characters saved among the messages
 * from `from` on (`calculateContextOptimizationMetrics`).
 */
export function dedupeFileReads(history: readonly Message[], from: number): { history: Message[]; savedFraction: number } {
  const calls = indexCalls(history);
  const byPath = new Map<string, number[]>();
  for (let i = from; i < history.length; i++) {
    const m = history[i]!;
    if (m.role !== 'tool') continue;
    const c = calls.get(m.tool_call_id ?? '');
    const p = c && READ_TOOL.test(c.name) ? pathOf(c.arguments) : undefined;
    if (p !== undefined && contentText(m) !== DUPLICATE_READ_NOTICE) byPath.set(p, [...(byPath.get(p) ?? []), i]);
  }
  const out = history.slice();
  let total = 0;
  let saved = 0;
  for (let i = from; i < history.length; i++) total += contentText(history[i]!).length;
  for (const idx of byPath.values()) {
    for (const i of idx.slice(0, -1)) {
      saved += contentText(out[i]!).length - DUPLICATE_READ_NOTICE.length;
      out[i] = { ...out[i]!, content: DUPLICATE_READ_NOTICE };
    }
  }
  return { history: out, savedFraction: total > 0 ? saved / total : 0 };
}
