/**
 * Codex's replacement history after a local compaction (openai/codex `codex-rs/core/src/compact.rs`,
 * `build_compacted_history_with_limit` and `collect_user_messages`, @ e06dd0e5): the real user messages
 * of the old history (earlier summaries excluded), chosen newest first while they fit a budget of 20,000
 * approximate tokens (the first that does not fit is truncated to what is left, and selection stops), in
 * their original order, then the summary as one user message: the summary prefix, a newline, the text.
 * Assistant messages, tool calls and results and reasoning are all dropped.
 */
import { contentText, type Message } from '../../core/messages.js';
import { trimHeadTail } from '../shared/head-tail-trim.js';
import { roughText } from '../shared/rough.js';

/**
 * Stands for Codex's `templates/compact/summary_prefix.md` (400 characters telling the model another
 * model produced the summary below); paraphrased, of similar length, so the prefix costs what it does.
 */
export const SUMMARY_PREFIX =
  'A previous model worked on this task and wrote the summary below of what it did and found. The results of ' +
  'the tools it used are still reflected in the workspace. Continue from this point instead of repeating ' +
  'work that is already done, and use the summary to guide your own reasoning about the next steps:';

/** Stands for `templates/compact/prompt.md` (450 characters asking for a handoff summary); paraphrased. */
export const COMPACT_PROMPT =
  'Context checkpoint: write a handoff summary so that another model can take over this task.\n\n' +
  'Cover the user goal, progress so far and decisions taken, constraints and preferences that matter, ' +
  'the remaining next steps, and any data or references needed to continue.\n\nKeep it short and structured.';

export const isSummaryMessage = (m: Message): boolean => m.role === 'user' && contentText(m).startsWith(`${SUMMARY_PREFIX}\n`);

/** Texts of the user messages that are not earlier summaries, oldest first. */
export function collectUserMessages(history: readonly Message[]): string[] {
  return history.filter((m) => m.role === 'user' && !isSummaryMessage(m)).map((m) => contentText(m));
}

/** Codex's `truncate_text` with a token budget: head and tail kept, a marker saying how much went. */
export function truncateToTokens(text: string, maxTokens: number): string {
  const keep = maxTokens * 4;
  return trimHeadTail(text, {
    thresholdChars: keep, headChars: Math.floor(keep / 2), tailChars: keep - Math.floor(keep / 2),
    marker: (omitted) => `…${Math.ceil(omitted / 4)} tokens truncated…`,
  }).text;
}

/** The user messages kept (newest first within `maxTokens`, approx chars/4), in their original order. */
export function selectUserMessages(userMessages: readonly string[], maxTokens: number): string[] {
  const selected: string[] = [];
  let remaining = maxTokens;
  for (let i = userMessages.length - 1; i >= 0 && remaining > 0; i--) {
    const m = userMessages[i]!;
    const t = roughText(m);
    if (t <= remaining) {
      selected.push(m);
      remaining -= t;
    } else {
      selected.push(truncateToTokens(m, remaining));
      break;
    }
  }
  return selected.reverse();
}

/** A message that is exactly `{ role: 'user', content: <its text> }` (no other field): it can stand for its kept text. */
const isPlainUserMessage = (m: Message): boolean => {
  if (m.role !== 'user' || typeof m.content !== 'string') return false;
  for (const k in m) if (k !== 'role' && k !== 'content') return false;
  return true;
};

export function buildCompactedHistory(history: readonly Message[], summaryText: string, maxUserTokens: number): Message[] {
  const kept = maxUserTokens > 0 ? selectUserMessages(collectUserMessages(history), maxUserTokens) : [];
  const summary = summaryText === '' ? '(no summary available)' : `${SUMMARY_PREFIX}\n${summaryText}`;
  // A kept text whose message in the old history is already `{ role: 'user', content: text }` keeps that
  // (frozen, immutable) object: an equal value, whose token count and hash the harness has memoized. A new
  // object per compaction made every compaction re-count and re-hash the kept messages (up to 20k tokens).
  const plain = new Map<string, Message>();
  for (const m of history) if (isPlainUserMessage(m)) plain.set(m.content as string, m);
  return [...kept.map((text): Message => plain.get(text) ?? { role: 'user', content: text }), { role: 'user', content: summary }];
}
