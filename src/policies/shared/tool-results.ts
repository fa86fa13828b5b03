/**
 * Replacing the content of old tool results with a placeholder — the common move of microcompact,
 * prune and tool-result clearing. The call stays (so no orphan is created) and every other field of
 * the result is kept; only `content` changes.
 */
import { contentText, type Message } from '../../core/messages.js';

/** A copy of `msg` whose content is `content` (all other fields kept). */
export function withContent(msg: Message, content: string): Message {
  return { ...msg, content };
}

/**
 * A new history in which the messages at the given indices have their content replaced. Unchanged
 * messages are the same objects, so the harness's diff stays cheap and exact.
 */
export function replaceContents(history: readonly Message[], replacements: ReadonlyMap<number, string>): Message[] {
  return history.map((m, i) => {
    const c = replacements.get(i);
    return c === undefined ? m : withContent(m, c);
  });
}

/** Characters of a message's text content (what chars/4 estimators count for a tool result). */
export function contentChars(msg: Pick<Message, 'content'>): number {
  return contentText(msg).length;
}

/** True when the result's content is exactly `placeholder` (it was cleared before). */
export function isCleared(msg: Message, placeholder: string): boolean {
  return typeof msg.content === 'string' && msg.content === placeholder;
}
