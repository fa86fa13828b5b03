/**
 * The earliest changed index: where the prompt cache is cut.
 *
 * Messages are compared by identity first (the common case: untouched messages are the same
 * objects), then structurally, so a policy that copies a message without changing it does not
 * count as an edit.
 */
import type { Message } from './messages.js';

/** True when two messages would serialize to the same request bytes. */
export function sameMessage(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (a.role !== b.role || a.tool_call_id !== b.tool_call_id || a.name !== b.name) return false;
  if (a.reasoning !== b.reasoning || a.reasoning_content !== b.reasoning_content) return false;
  // calls present on one side only, or in other numbers, never serialize alike (a stripped turn): no JSON needed
  if ((a.tool_calls ? a.tool_calls.length : -1) !== (b.tool_calls ? b.tool_calls.length : -1)) return false;
  if (typeof a.content === 'string' || a.content == null || typeof b.content === 'string' || b.content == null) {
    if (a.content !== b.content) return false;
  } else if (JSON.stringify(a.content) !== JSON.stringify(b.content)) return false;
  if (JSON.stringify(a.tool_calls ?? null) !== JSON.stringify(b.tool_calls ?? null)) return false;
  return JSON.stringify(a.reasoning_details ?? null) === JSON.stringify(b.reasoning_details ?? null);
}

/**
 * Index of the first message of `after` that differs from `before`. When `after` only appends to
 * `before`, that is `before.length`; when the lists are equal, it is their common length.
 * If `after` is a strict prefix of `before` (messages dropped at the end), it is `after.length`.
 * `beforeLength` limits the comparison to the first elements of `before` (the part that was sent).
 */
export function earliestChangedIndex(
  before: readonly Message[],
  after: readonly Message[],
  beforeLength = before.length,
): number {
  const n = Math.min(beforeLength, before.length, after.length);
  for (let i = 0; i < n; i++) {
    if (!sameMessage(before[i]!, after[i]!)) return i;
  }
  return n;
}
