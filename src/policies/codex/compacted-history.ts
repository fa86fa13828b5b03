/**
 * Codex's replacement history after a local compaction (openai/codex `codex-rs/core/src/compact.rs`,
 * `build_compacted_history_with_limit` and `collect_user_messages`, @ e06dd0e5): the real user messages
 * of the old history (earlier summaries excluded), chosen newest first while they fit a budget of 20,000
 * approximate tokens (the first that does not fit is truncated to what is left, and selection stops), in
 * their original order, then the summary as one user message: the summary prefix, a newline, the text.
 * Assistant messages, tool calls and results and reasoning are all dropped.
 */
import { contentText, type Message } from '../../core/messages.js';
import { MESSAGE_OVERHEAD_TOKENS, messageWithCount, splitsBetween, type TokenCounter } from '../../core/tokens.js';
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

/** What every summary message starts with (the prefix, then the text on the next line). */
const SUMMARY_LINE = `${SUMMARY_PREFIX}\n`;
const NO_SUMMARY = '(no summary available)';

export const isSummaryMessage = (m: Message): boolean => m.role === 'user' && contentText(m).startsWith(SUMMARY_LINE);

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
  return selectKept(userMessages, maxTokens, (text) => text, (text) => text);
}

/**
 * Codex's selection over `items` (oldest first), walked from the newest: each whose text fits what is
 * left of the budget is kept (`keep`), the first that does not is truncated to it (`truncated`) and ends
 * the walk; `textOf` returns undefined for an item that is not a candidate. Returned in original order.
 */
function selectKept<T, R>(
  items: readonly T[], maxTokens: number, textOf: (item: T) => string | undefined,
  keep: (text: string, item: T) => R, truncated: (text: string) => R = keep as (text: string) => R,
): R[] {
  const selected: R[] = [];
  let remaining = maxTokens;
  for (let i = items.length - 1; i >= 0 && remaining > 0; i--) {
    const text = textOf(items[i]!);
    if (text === undefined) continue;
    const t = roughText(text);
    if (t <= remaining) {
      selected.push(keep(text, items[i]!));
      remaining -= t;
    } else {
      selected.push(truncated(truncateToTokens(text, remaining)));
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

/** The text of a real user message (not an earlier summary), or undefined for any other message. */
const userText = (m: Message): string | undefined => {
  if (m.role !== 'user') return undefined;
  const text = contentText(m);
  return text.startsWith(SUMMARY_LINE) ? undefined : text;
};

/**
 * The summary as a user message. With the counter, its count is known without tokenizing it: the prefix
 * line's (memoized) plus the summary's own (the mock summarizer primes it), when the split cannot cross
 * the junction (core/tokens.ts `splitsBetween`; the prefix ends in ":\n"); otherwise it is counted whole.
 */
export function summaryMessage(summaryText: string, tokens?: TokenCounter): Message {
  const content = summaryText === '' ? NO_SUMMARY : `${SUMMARY_LINE}${summaryText}`;
  if (!tokens) return { role: 'user', content };
  const n = summaryText !== '' && splitsBetween(SUMMARY_LINE, summaryText)
    ? tokens.count(SUMMARY_LINE) + tokens.count(summaryText)
    : tokens.count(content);
  return messageWithCount('user', content, n);
}

/**
 * The kept user messages, then the summary. Walked from the end of the history, message by message: a
 * kept message that is already `{ role: 'user', content: text }` is kept as that (frozen, immutable)
 * object, an equal value whose token count and hash the harness has memoized (a new object per
 * compaction made every compaction re-count and re-hash the kept messages, up to 20k tokens); others
 * become such a message.
 */
export function buildCompactedHistory(history: readonly Message[], summaryText: string, maxUserTokens: number): Message[] {
  const kept = selectKept(history, maxUserTokens, userText,
    (text, m): Message => (isPlainUserMessage(m) ? m : { role: 'user', content: text }),
    (text): Message => ({ role: 'user', content: text }));
  kept.push(summaryMessage(summaryText));
  return kept;
}

/**
 * What a compaction leaves for the next one: its result and, per kept user message (all but the last
 * message), its chars/4 estimate and exact tokens, with the counter they were counted with.
 */
export interface KeptCounts {
  result: readonly Message[];
  rough: readonly number[];
  tokens: readonly number[];
  counter: TokenCounter;
}

/** The result of `compactedHistory`: the new history, its exact and chars/4 totals, and what the next compaction reuses. */
export interface Compacted {
  history: Message[];
  tokens: number;
  rough: number;
  kept: KeptCounts;
}

/**
 * `buildCompactedHistory` with its exact token total and chars/4 total, summed while the kept messages
 * are chosen rather than in more passes over the result. New messages (a truncated or a rebuilt one, the
 * summary) are frozen with their count, so the harness does not count them again.
 *
 * `prev`, the last compaction's `kept`: when the history still starts with that result (the harness's
 * history is it plus what was appended since), its kept messages are plain user messages whose estimates
 * and counts are known, so the walk reads them from `prev` instead of reading each message again. Why:
 * in a long session the kept messages (up to 20k tokens of them, ~180 here) lie in memory no recent step
 * touched, and reading each (its text, its memo slot) made a compaction cost more the more it kept.
 */
export function compactedHistory(
  history: readonly Message[], summaryText: string, maxUserTokens: number, tokens: TokenCounter, prev?: KeptCounts,
): Compacted {
  const known = prev && prev.counter === tokens && startsWith(history, prev.result) ? prev.result.length - 1 : 0;
  const kept: Message[] = [];
  const rough: number[] = [];
  const counts: number[] = [];
  const take = (m: Message, r: number, n: number): void => {
    kept.push(m);
    rough.push(r);
    counts.push(n);
  };
  const fresh = (text: string): void => {
    const n = tokens.count(text);
    take(messageWithCount('user', text, n), roughText(text), MESSAGE_OVERHEAD_TOKENS + n);
  };
  let remaining = maxUserTokens;
  for (let i = history.length - 1; i >= 0 && remaining > 0; i--) {
    const m = history[i]!;
    const text = i < known ? undefined : userText(m);
    if (i >= known && text === undefined) continue;
    const t = i < known ? prev!.rough[i]! : roughText(text!);
    if (t <= remaining) {
      if (i < known) take(m, t, prev!.tokens[i]!);
      else if (isPlainUserMessage(m)) take(m, t, tokens.message(m));
      else fresh(text!);
      remaining -= t;
    } else {
      fresh(truncateToTokens(text ?? contentText(m), remaining));
      break;
    }
  }
  kept.reverse();
  rough.reverse();
  counts.reverse();
  const summary = summaryMessage(summaryText, tokens);
  let total = tokens.message(summary);
  let roughTotal = roughText(contentText(summary));
  for (let k = 0; k < kept.length; k++) {
    total += counts[k]!;
    roughTotal += rough[k]!;
  }
  kept.push(summary);
  return { history: kept, tokens: total, rough: roughTotal, kept: { result: kept, rough, tokens: counts, counter: tokens } };
}

/** `history` starts with the messages of `prefix`, by identity. */
function startsWith(history: readonly Message[], prefix: readonly Message[]): boolean {
  if (history.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (history[i] !== prefix[i]) return false;
  return true;
}
