/**
 * Whether user and assistant text survived a rewrite. "Survived" means contained, not identical: a
 * policy may prepend a summary to a kept message (Hermes merges its summary into the first tail
 * message), but every text part of the original must still be there, in a message of the same role.
 */
import { contentText, type Message } from '../../core/messages.js';

/** The non-empty text parts of a message (string content is one part). */
export function textParts(m: Message): string[] {
  const c = m.content;
  if (c == null) return [];
  if (typeof c === 'string') return c ? [c] : [];
  return c.flatMap((p) => (p.type === 'text' && p.text ? [p.text] : []));
}

/** `candidate` has `target`'s role and contains every text part of it. */
export function containsText(candidate: Message, target: Message): boolean {
  if (candidate === target) return true;
  if (candidate.role !== target.role) return false;
  const text = contentText(candidate);
  return textParts(target).every((t) => text.includes(t));
}

/** Some message of `msgs` keeps `target`'s text. */
export function keepsMessageText(msgs: readonly Message[], target: Message): boolean {
  return msgs.includes(target) || msgs.some((m) => containsText(m, target));
}

/**
 * Index in `before` of the first message of one of `roles`, with text, whose text is not kept in
 * `after` in order (-1 when all are kept). Greedy matching is exact here: matching a message as
 * early as possible never prevents a later one from matching.
 */
export function firstLostText(before: readonly Message[], after: readonly Message[], roles: readonly Message['role'][]): number {
  let j = 0;
  for (let i = 0; i < before.length; i++) {
    const m = before[i]!;
    if (!roles.includes(m.role) || textParts(m).length === 0) continue;
    while (j < after.length && !containsText(after[j]!, m)) j++;
    if (j === after.length) return i;
    // j stays: two originals merged into one kept message both count as kept
  }
  return -1;
}
