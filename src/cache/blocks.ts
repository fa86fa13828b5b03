/**
 * Content blocks per message, the unit of Anthropic's 20-block cache lookback.
 *
 * An approximation of how an OpenAI-format message maps to Anthropic content blocks:
 * - assistant: one text block if it has text (one per part for array content), one thinking block if it
 *   carries reasoning (`reasoning`, `reasoning_content` or `reasoning_details`), and one `tool_use` block
 *   per tool call; at least 1;
 * - tool result: 1 (`tool_result`; Anthropic groups parallel results into one user message, but each is
 *   still its own block, so the count is the same);
 * - user and system: the number of content parts, or 1 for string content.
 * Not modelled: a thinking block's separate signature, multiple system blocks, and tool definitions (they
 * precede the system prompt's breakpoint, so they never lie between a breakpoint and an entry).
 */
import type { Message } from '../core/messages.js';

export function contentBlocks(msg: Message): number {
  if (msg.role === 'tool') return 1;
  const c = msg.content;
  const parts = Array.isArray(c) ? c.length : 0;
  if (msg.role !== 'assistant') return Math.max(1, parts);
  let n = typeof c === 'string' ? (c.length > 0 ? 1 : 0) : parts;
  if (msg.reasoning || msg.reasoning_content || (msg.reasoning_details && msg.reasoning_details.length)) n++;
  n += msg.tool_calls?.length ?? 0;
  return Math.max(1, n);
}
