/**
 * The handoff text and the kinds of user row at 0000416b (NousResearch/hermes-agent
 * agent/context_compressor.py @ 0000416b34a3): the summary prefix gained the "tools remain fully
 * active" clause (PR #66291), so 8fa8aabb's prefix is now a historical one; the end marker is cut
 * wherever it appears (a forced user-leading merge keeps the live request after it); summary rows are
 * known by their `_compressed_summary` key as well as by their text; and user rows are told apart:
 * synthetic (handoffs, the continuation marker, the re-injected todo list), blank platform echoes,
 * and actionable ones. Strings are upstream's, verbatim: the conformance cases compare bytes.
 */
import { contentTextForContains, isDict, type PyMsg } from '../msg.js';
import { pyLstrip, pyRstrip, pyStrip } from '../pystr.js';
import {
  COMPRESSED_SUMMARY_KEY,
  HISTORICAL_SUMMARY_PREFIXES as PREFIXES_BEFORE_8FA8AABB,
  LEGACY_SUMMARY_PREFIX,
  MERGED_PRIOR_CONTEXT_HEADER,
  MERGED_SUMMARY_DELIMITER,
  SUMMARY_END_MARKER,
  SUMMARY_PREFIX as PREFIX_8FA8AABB,
} from '../summary-text.js';
import { TODO_INJECTION_HEADER } from '../todo-store.js';

const STATE_TAIL = 'The current session state (files, config, etc.) may reflect work described here — avoid repeating it:';
const TOOLS_ACTIVE =
  'None of the above restricts HOW you work: your tools remain fully active — keep calling them normally for the active task ' +
  '(edit files, run commands, search) instead of merely narrating what you would do. ';

export const SUMMARY_PREFIX = PREFIX_8FA8AABB.slice(0, -STATE_TAIL.length) + TOOLS_ACTIVE + STATE_TAIL;
export const HISTORICAL_SUMMARY_PREFIXES: readonly string[] = [PREFIX_8FA8AABB, ...PREFIXES_BEFORE_8FA8AABB];
const ALL_PREFIXES = [SUMMARY_PREFIX, LEGACY_SUMMARY_PREFIX, ...HISTORICAL_SUMMARY_PREFIXES];

export const HAS_USER_TURN_KEY = '_compressed_summary_has_user_turn';
export const NO_USER_TASK_SENTINEL = 'None. This session contains no user-authored turns.';
const CONTINUATION_TEXTS: ReadonlySet<string> = new Set([
  'Continue from the compressed conversation context above. This marker exists because no human user turn was available.',
  'Continue from the compressed conversation context above. This marker exists because the compacted transcript contained no preserved user turn.',
]);

function afterDelimiter(text: string): string | undefined {
  const at = text.indexOf(MERGED_SUMMARY_DELIMITER);
  return at < 0 ? undefined : text.slice(at + MERGED_SUMMARY_DELIMITER.length);
}

/** `_strip_summary_prefix`: the body of a handoff (no prior-context part, prefix, or anything from the end marker on). */
export function stripSummaryPrefix(summary: string | null | undefined): string {
  let text = pyStrip(summary ?? '');
  const after = afterDelimiter(text);
  if (after !== undefined) text = pyStrip(after);
  for (const p of ALL_PREFIXES) {
    if (text.startsWith(p)) {
      text = pyLstrip(text.slice(p.length));
      break;
    }
  }
  const marker = text.indexOf(SUMMARY_END_MARKER);
  if (marker >= 0) text = pyRstrip(text.slice(0, marker));
  return text;
}

/** `_with_summary_prefix`. */
export function withSummaryPrefix(summary: string): string {
  const text = stripSummaryPrefix(summary);
  return text ? `${SUMMARY_PREFIX}\n${text}` : SUMMARY_PREFIX;
}

/** `_is_context_summary_content` (`classify_summary_content` is not None). */
export function isContextSummaryContent(content: unknown): boolean {
  let text = pyLstrip(contentTextForContains(content));
  const after = afterDelimiter(text);
  if (after !== undefined) text = pyLstrip(after);
  return ALL_PREFIXES.some((p) => text.startsWith(p));
}

const hasSummaryKey = (m: PyMsg): boolean => !!m[COMPRESSED_SUMMARY_KEY];

/** `_is_context_summary_message`: by its key or by its text. */
export function isContextSummaryMessage(m: PyMsg): boolean {
  return hasSummaryKey(m) || isContextSummaryContent(m.content);
}

/** `_is_synthetic_compression_user_turn`: a user row the runtime wrote (handoff, continuation, todo list). */
export function isSyntheticUser(m: PyMsg): boolean {
  if (m.role !== 'user') return false;
  if (hasSummaryKey(m) || isContextSummaryContent(m.content)) return true;
  const text = pyStrip(contentTextForContains(m.content));
  return CONTINUATION_TEXTS.has(text) || text.startsWith(`${TODO_INJECTION_HEADER}\n`);
}

/** `_is_blank_user_turn`: an empty, non-summary user row (a platform echo). */
export function isBlankUser(m: PyMsg): boolean {
  if (m.role !== 'user' || hasSummaryKey(m) || isContextSummaryContent(m.content)) return false;
  const c = m.content;
  if (c === null || c === undefined || (typeof c === 'string' && !pyStrip(c))) return true;
  if (!Array.isArray(c)) return false;
  for (const part of c) {
    if (typeof part === 'string') {
      if (pyStrip(part)) return false;
      continue;
    }
    if (isDict(part) && (part.type === 'text' || part.type === 'input_text') && typeof part.text === 'string' && !pyStrip(part.text)) continue;
    return false; // images, audio and unknown blocks are user input
  }
  return true;
}

/** A user row the tail anchors keep: actionable (not blank, not a handoff) and not synthetic. */
export function isAnchorUser(m: PyMsg): boolean {
  return m.role === 'user' && !hasSummaryKey(m) && !isContextSummaryContent(m.content) && !isBlankUser(m) && !isSyntheticUser(m);
}

/** `_transcript_has_real_user_turn`. */
export function transcriptHasRealUser(msgs: readonly PyMsg[]): boolean {
  return msgs.some((m) => m.role === 'user' && !isSyntheticUser(m));
}

/** `_find_last_user_message_idx`: the newest anchor user at or after `headEnd`, or -1. */
export function lastAnchorUserIdx(msgs: readonly PyMsg[], headEnd: number): number {
  for (let i = msgs.length - 1; i >= headEnd; i--) if (isAnchorUser(msgs[i]!)) return i;
  return -1;
}

/** `_blank_echo_indices_after`: blank user rows right after `userIdx`, removable only when an assistant follows them. */
export function blankEchoIndicesAfter(msgs: readonly PyMsg[], userIdx: number): Set<number> {
  const out = new Set<number>();
  if (userIdx < 0) return out;
  let i = userIdx + 1;
  while (i < msgs.length && isBlankUser(msgs[i]!)) out.add(i++);
  if (!out.size || i >= msgs.length || msgs[i]!.role !== 'assistant') return new Set();
  return out;
}

/** Every handoff in [start, end) with its body (`_find_context_summaries`). */
export function findContextSummaries(msgs: readonly PyMsg[], start: number, end: number): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (let i = start; i < end; i++) {
    const m = msgs[i]!;
    if (isContextSummaryMessage(m)) out.push([i, stripSummaryPrefix(contentTextForContains(m.content))]);
  }
  return out;
}

const withoutSummaryKey = (m: PyMsg, content: unknown): PyMsg => {
  const { [COMPRESSED_SUMMARY_KEY]: _drop, ...rest } = m as Record<string, unknown>;
  return { ...rest, content };
};

/**
 * `_strip_context_summary_handoff_message`: a stale handoff is dropped (null); a merged one keeps the
 * genuine prior-tail content it wrapped; a forced user-leading merge keeps the request after its end
 * marker; anything else comes back as is.
 */
export function stripHandoffMessage(m: PyMsg): PyMsg | null {
  const c = m.content;
  if (!isContextSummaryContent(c) && !hasSummaryKey(m)) return m;
  if (typeof c === 'string') {
    const at = c.indexOf(MERGED_SUMMARY_DELIMITER);
    if (at >= 0) {
      let prior = pyStrip(c.slice(0, at));
      if (prior.startsWith(MERGED_PRIOR_CONTEXT_HEADER)) prior = pyLstrip(prior.slice(MERGED_PRIOR_CONTEXT_HEADER.length));
      if (prior) return withoutSummaryKey(m, prior);
    } else {
      const marker = c.indexOf(SUMMARY_END_MARKER);
      if (marker >= 0) {
        const rest = pyLstrip(c.slice(marker + SUMMARY_END_MARKER.length));
        if (rest) return withoutSummaryKey(m, rest);
      }
    }
  }
  if (Array.isArray(c)) return stripListHandoff(m, c);
  return null;
}

const textOf = (item: unknown): string | undefined => (typeof item === 'string' ? item : isDict(item) && typeof item.text === 'string' ? item.text : undefined);
const withText = (item: unknown, text: string): unknown => (typeof item === 'string' ? text : { ...(item as object), text });

/** The list-content branch of `_strip_context_summary_handoff_message`. */
function stripListHandoff(m: PyMsg, c: readonly unknown[]): PyMsg | null {
  const prior: unknown[] = [];
  let found = false;
  for (const item of c) {
    const t = textOf(item);
    if (t !== undefined && t.includes(MERGED_SUMMARY_DELIMITER)) {
      const before = t.slice(0, t.indexOf(MERGED_SUMMARY_DELIMITER));
      if (pyStrip(before)) prior.push(withText(item, before));
      found = true;
      break;
    }
    prior.push(isDict(item) ? { ...item } : item);
  }
  if (!found) {
    for (let i = 0; i < c.length; i++) {
      const t = textOf(c[i]);
      if (t === undefined || !t.includes(SUMMARY_END_MARKER)) continue;
      const rest = pyLstrip(t.slice(t.indexOf(SUMMARY_END_MARKER) + SUMMARY_END_MARKER.length));
      const blocks = [...(rest ? [withText(c[i], rest)] : []), ...c.slice(i + 1).map((x) => (isDict(x) ? { ...x } : x))];
      return blocks.length ? withoutSummaryKey(m, blocks) : null;
    }
    return null;
  }
  for (let i = 0; i < prior.length; i++) {
    const t = textOf(prior[i]);
    if (t === undefined || !pyLstrip(t).startsWith(MERGED_PRIOR_CONTEXT_HEADER)) continue;
    const leading = pyLstrip(pyLstrip(t).slice(MERGED_PRIOR_CONTEXT_HEADER.length));
    if (leading) prior[i] = withText(prior[i], leading);
    else prior.splice(i, 1);
    break;
  }
  return prior.length ? withoutSummaryKey(m, prior) : null;
}
