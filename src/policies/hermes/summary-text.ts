/**
 * The handoff text around Hermes' summaries (agent/context_compressor.py @ 8fa8aabb): the summary
 * prefix and end marker, the delimiters used when a summary is merged into the first tail message,
 * recognising an existing summary (also after a merge delimiter, also under older prefixes) and
 * recovering its body for the next iterative update. The strings are upstream's, verbatim, because
 * the conformance cases compare messages byte for byte.
 */
import { contentTextForContains, type PyMsg } from './msg.js';
import { hermesMemo } from './msg-memo.js';
import { pyLstrip, pyRstrip, pyStrip } from './pystr.js';

export const HISTORICAL_TASK_HEADING = '## Historical Task Snapshot';
export const HISTORICAL_IN_PROGRESS_HEADING = '## Historical In-Progress State';
export const HISTORICAL_PENDING_ASKS_HEADING = '## Historical Pending User Asks';
export const HISTORICAL_REMAINING_WORK_HEADING = '## Historical Remaining Work';

const PREFIX_HEAD =
  '[CONTEXT COMPACTION — REFERENCE ONLY] Earlier turns were compacted into the summary below. ' +
  'This is a handoff from a previous context window — treat it as background reference, NOT as active instructions. ' +
  'Do NOT answer questions or fulfill requests mentioned in this summary; they were already addressed. ';
const RESPOND_ONLY =
  'Respond ONLY to the latest user message that appears AFTER this summary — that message is the single source of truth for what to do right now. ';
const REVERSE_AND_MEMORY =
  "Reverse signals in the latest message (e.g. 'stop', 'undo', 'roll back', 'just verify', 'don't do that anymore', " +
  "'never mind', a new topic) must immediately end any in-flight work described in the summary; do not re-surface it in later turns. " +
  'IMPORTANT: Your persistent memory (MEMORY.md, USER.md) in the system prompt is ALWAYS authoritative and active — ' +
  'never ignore or deprioritize memory content due to this compaction note. ';
const STATE_TAIL = 'The current session state (files, config, etc.) may reflect work described here — avoid repeating it:';

export const SUMMARY_PREFIX =
  PREFIX_HEAD +
  RESPOND_ONLY +
  'Topic overlap with the summary does NOT mean you should resume its task: even on similar topics, the latest user message WINS. ' +
  `Treat ONLY the latest message as the active task and discard stale items from '${HISTORICAL_TASK_HEADING}' / ` +
  `'${HISTORICAL_IN_PROGRESS_HEADING}' / '${HISTORICAL_PENDING_ASKS_HEADING}' / '${HISTORICAL_REMAINING_WORK_HEADING}' entirely — ` +
  "do not 'wrap up' or 'finish' work described there unless the latest message explicitly asks for it. " +
  REVERSE_AND_MEMORY +
  STATE_TAIL;

export const LEGACY_SUMMARY_PREFIX = '[CONTEXT SUMMARY]:';

/** Prefixes of earlier releases, newest first (a resumed lineage can carry one). */
export const HISTORICAL_SUMMARY_PREFIXES: readonly string[] = [
  PREFIX_HEAD +
    RESPOND_ONLY +
    "If the latest user message is consistent with the '## Active Task' section, you may use the summary as background. " +
    "If the latest user message contradicts, supersedes, changes topic from, or in any way diverges from '## Active Task' / " +
    "'## In Progress' / '## Pending User Asks' / '## Remaining Work', the latest message WINS — discard those stale items " +
    "entirely and do not 'wrap up the old task first'. " +
    REVERSE_AND_MEMORY +
    STATE_TAIL,
  PREFIX_HEAD +
    "Your current task is identified in the '## Active Task' section of the summary — resume exactly from there. " +
    'Respond ONLY to the latest user message that appears AFTER this summary. ' +
    STATE_TAIL,
];

export const SUMMARY_END_MARKER = '--- END OF CONTEXT SUMMARY — respond to the message below, not the summary above ---';
export const MERGED_PRIOR_CONTEXT_HEADER = '[PRIOR CONTEXT — for reference only; not a new message]';
export const MERGED_SUMMARY_DELIMITER = '[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]';
export const COMPRESSED_SUMMARY_KEY = '_compressed_summary';
export const SYSTEM_COMPRESSION_NOTE =
  '[Note: Some earlier conversation turns have been compacted into a handoff summary to preserve context space. ' +
  'The current session state may still reflect earlier work, so build on that summary and state rather than re-doing work. ' +
  'Your persistent memory (MEMORY.md, USER.md) remains fully authoritative regardless of compaction.]';

const ALL_PREFIXES = [SUMMARY_PREFIX, LEGACY_SUMMARY_PREFIX, ...HISTORICAL_SUMMARY_PREFIXES];

/** Text after the first merge delimiter (Python `split(delim, 1)[1]`), or the text itself. */
function afterDelimiter(text: string): string | undefined {
  const at = text.indexOf(MERGED_SUMMARY_DELIMITER);
  return at < 0 ? undefined : text.slice(at + MERGED_SUMMARY_DELIMITER.length);
}

/** `_strip_summary_prefix`: the body of a handoff (no prior-context part, prefix or end marker). */
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
  if (text.endsWith(SUMMARY_END_MARKER)) text = pyRstrip(text.slice(0, -SUMMARY_END_MARKER.length));
  return text;
}

/** `_with_summary_prefix`: normalise to the current prefix + newline + body. */
export function withSummaryPrefix(summary: string): string {
  const text = stripSummaryPrefix(summary);
  return text ? `${SUMMARY_PREFIX}\n${text}` : SUMMARY_PREFIX;
}

/** `_is_context_summary_content`: does this content start (or continue after a merge) with a handoff? */
export function isContextSummaryContent(content: unknown): boolean {
  let text = pyLstrip(contentTextForContains(content));
  const after = afterDelimiter(text);
  if (after !== undefined) text = pyLstrip(after);
  return ALL_PREFIXES.some((p) => text.startsWith(p));
}

/** `_find_latest_context_summary(messages, start, end)`: newest handoff in [start, end). */
export function findLatestContextSummary(msgs: readonly PyMsg[], start: number, end: number): { idx: number; body: string } | undefined {
  for (let i = end - 1; i >= start; i--) {
    const m = msgs[i]!;
    // memoized per message: the test searches the whole content for the merge delimiter, and every
    // compaction walks the window back over the same long tool outputs
    const memo = hermesMemo(m);
    if ((memo.isSummary ??= isContextSummaryContent(m.content))) return { idx: i, body: stripSummaryPrefix(contentTextForContains(m.content)) };
  }
  return undefined;
}
