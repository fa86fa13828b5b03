/**
 * The deterministic handoff Hermes inserts when the summary call fails and compression is not
 * aborted (agent/context_compressor.py `_build_static_fallback_summary` @ 8fa8aabb): the latest user
 * ask, up to 12 completed actions (assistant actions first, then one-line tool summaries), blockers,
 * files mentioned, the last 8 dropped turns, all redacted and capped at 8000 characters.
 */
import { contentTextForContains, isDict, nonEmptyList, type PyMsg } from './msg.js';
import { memoizedLoads, PyJsonError } from './pyjson.js';
import { pyStr, pyTruthy, reprStr } from './pyrepr.js';
import { PY_WS_CLASS, pyCollapseWs, pyLen, pyLstrip, pyRstrip, pySlice, pyStrip } from './pystr.js';
import { redactSensitiveText } from './redact.js';
import {
  HISTORICAL_IN_PROGRESS_HEADING,
  HISTORICAL_PENDING_ASKS_HEADING,
  HISTORICAL_REMAINING_WORK_HEADING,
  HISTORICAL_TASK_HEADING,
  withSummaryPrefix,
} from './summary-text.js';
import { summarizeToolResult } from './tool-summary.js';

const FALLBACK_SUMMARY_MAX_CHARS = 8000;
const FALLBACK_TURN_MAX_CHARS = 700;
const W = '[\\p{L}\\p{N}_]';
const GH_TOKEN_BOUNDED = new RegExp(`(?<!${W})gh[pousr]_[A-Za-z0-9_]{8,}(?!${W})`, 'gu');
const GH_TOKEN_OPEN = new RegExp(`(?<!${W})gh[pousr]_[A-Za-z0-9_.-]+`, 'gu');
const PATH_MENTION = new RegExp(`(?:/|~/?|[A-Za-z]:\\\\)[^${PY_WS_CLASS}\`'")\\]}<>]+`, 'gu');
const BLOCKER = new RegExp(`(?<!${W})(error|failed|exception|traceback|timeout|timed out|fatal)(?!${W})`, 'iu');
const PATH_KEYS = new Set(['path', 'workdir', 'file_path', 'output_path']);

/** `_dedupe_append`: stripped, unique, at most `limit` items. */
function dedupeAppend(items: string[], value: string, limit: number): void {
  const v = pyStrip(value);
  if (v && !items.includes(v) && items.length < limit) items.push(v);
}

function collectPathMentions(text: string, files: string[]): void {
  for (const m of text.matchAll(PATH_MENTION)) dedupeAppend(files, m[0].replace(/[.,:;]+$/, ''), 12);
}

function collectPathsFromJsonish(obj: unknown, files: string[]): void {
  if (obj instanceof Map) {
    for (const [k, v] of obj) {
      if (PATH_KEYS.has(k) && typeof v === 'string') dedupeAppend(files, v, 12);
      collectPathsFromJsonish(v, files);
    }
  } else if (Array.isArray(obj)) for (const v of obj) collectPathsFromJsonish(v, files);
  else if (typeof obj === 'string') collectPathMentions(obj, files);
}

/** `_extract_tool_call_name_and_args` for dict calls. */
function callNameArgs(tc: unknown): [string, string] {
  if (!isDict(tc)) return ['unknown', ''];
  const fn = pyTruthy(tc.function) && isDict(tc.function) ? tc.function : {};
  return [pyTruthy(fn.name) ? pyStr(fn.name) : 'unknown', pyTruthy(fn.arguments) ? pyStr(fn.arguments) : ''];
}

function compactTurn(value: unknown): string {
  let text = redactSensitiveText(contentTextForContains(value));
  const gh = text.includes('gh'); // both token patterns start with it: two scans of most turns spared
  if (gh) text = text.replace(GH_TOKEN_BOUNDED, '[REDACTED]');
  text = pyStrip(pyCollapseWs(text));
  if (pyLen(text) > FALLBACK_TURN_MAX_CHARS) text = pyRstrip(pySlice(text, 0, FALLBACK_TURN_MAX_CHARS - 15)) + ' ...[truncated]';
  return gh ? text.replace(GH_TOKEN_OPEN, '[REDACTED]') : text;
}

function bullets(items: readonly string[], limit: number): string {
  const unique: string[] = [];
  for (const raw of items) {
    const item = pyStrip(raw);
    if (!item || unique.includes(item)) continue;
    unique.push(item);
    if (unique.length >= limit) break;
  }
  return unique.length ? unique.map((i) => `- ${i}`).join('\n') : 'None.';
}

interface Collected {
  userAsks: string[];
  assistantActions: string[];
  toolActions: string[];
  files: string[];
  blockers: string[];
  dropped: string[];
}

/**
 * What differs between upstream versions of the fallback. 8fa8aabb is the default; 0000416b
 * (v0000416b/fallback.ts) writes the no-user sentinel, labels runtime-written user rows
 * "INTERNAL CONTEXT" (and does not count them as asks), and quotes the previous summary.
 */
export interface FallbackDialect {
  noUserTask: string;
  isSyntheticUser: (m: PyMsg) => boolean;
  previousSummaryNote: (hasPreviousSummary: boolean) => string;
  withPrefix: (body: string) => string;
}

const DIALECT_8FA8AABB: FallbackDialect = {
  noUserTask: 'Unknown from deterministic fallback.',
  isSyntheticUser: () => false,
  previousSummaryNote: (has) =>
    has
      ? '\n\nPrevious compaction summary was present and should still be treated as background continuity context, but the latest LLM summary update failed.'
      : '',
  withPrefix: withSummaryPrefix,
};

function collect(turns: readonly PyMsg[], dialect: FallbackDialect): Collected {
  const c: Collected = { userAsks: [], assistantActions: [], toolActions: [], files: [], blockers: [], dropped: [] };
  const loads = memoizedLoads(); // a call's arguments are parsed here and again for its result's summary
  const calls = new Map<string, [string, string]>();
  for (const m of turns) {
    if (m.role !== 'assistant' || !nonEmptyList(m.tool_calls)) continue;
    for (const tc of m.tool_calls) {
      const [name, raw] = callNameArgs(tc);
      const args = redactSensitiveText(raw);
      const id = isDict(tc) && pyTruthy(tc.id) ? pyStr(tc.id) : '';
      if (id) calls.set(id, [name, args]);
      if (!args) continue;
      let parsed: unknown = args;
      try {
        parsed = loads(args);
      } catch (e) {
        if (!(e instanceof PyJsonError)) throw e;
      }
      collectPathsFromJsonish(parsed, c.files);
    }
  }
  for (const m of turns) collectTurn(m, calls, c, loads, dialect);
  return c;
}

function collectTurn(m: PyMsg, calls: Map<string, [string, string]>, c: Collected, loads: (s: string) => unknown, dialect: FallbackDialect): void {
  const role = 'role' in m ? m.role : 'unknown';
  const synthetic = role === 'user' && dialect.isSyntheticUser(m);
  let text = compactTurn(m.content);
  collectPathMentions(text, c.files);
  const names = role === 'assistant' && nonEmptyList(m.tool_calls) ? m.tool_calls.map((tc) => callNameArgs(tc)[0]) : [];
  const prefix = names.length ? `tool calls: ${names.slice(0, 6).join(', ')}` : '';
  const turnText = prefix ? (text ? `${prefix}; ${text}` : prefix) : text;
  const dropped = pyStrip(turnText);
  if (dropped) {
    c.dropped.push(`${synthetic ? 'INTERNAL CONTEXT' : pyStr(role).toUpperCase()}: ${dropped}`);
    if (c.dropped.length > 8) c.dropped.shift();
  }
  if (pyLen(text) > 600) text = pyRstrip(pySlice(text, 0, 420)) + ' ... ' + pyLstrip(pySlice(text, -160));
  if (role === 'user' && text && !synthetic) c.userAsks.push(text);
  else if (role === 'assistant') {
    const all = Array.isArray(m.tool_calls) ? m.tool_calls.map((tc) => callNameArgs(tc)[0]) : [];
    if (all.length) c.assistantActions.push(`Called tool(s): ${all.slice(0, 6).join(', ')}`);
    else if (text) c.assistantActions.push(text);
  } else if (role === 'tool') {
    const id = pyTruthy(m.tool_call_id) ? pyStr(m.tool_call_id) : '';
    const [name, args] = calls.get(id) ?? ['unknown', ''];
    c.toolActions.push(summarizeToolResult(name, args, text, loads));
    if (BLOCKER.test(text)) c.blockers.push(pySlice(text, 0, 500));
  }
}

/** `_build_static_fallback_summary(turns, reason)`, prefixed and capped. */
export function buildStaticFallbackSummary(
  turns: readonly PyMsg[],
  hasPreviousSummary: boolean,
  reason?: string | null,
  dialect: FallbackDialect = DIALECT_8FA8AABB,
): string {
  const c = collect(turns, dialect);
  const completed = [...c.assistantActions, ...c.toolActions].slice(0, 12).map((item, i) => `${i + 1}. ${item}`);
  const activeTask = c.userAsks.length ? `User asked: ${reprStr(c.userAsks[c.userAsks.length - 1]!)}` : dialect.noUserTask;
  const prevNote = dialect.previousSummaryNote(hasPreviousSummary);
  const reasonText = reason ? ` Summary failure reason: ${reason}.` : '';
  const body = `${HISTORICAL_TASK_HEADING}
${activeTask}

## Goal
Recovered from a deterministic fallback because the LLM context summarizer was unavailable. Continue from the protected recent messages after this summary and use current file/system state for exact details.${prevNote}

## Constraints & Preferences
- This fallback was generated locally without an LLM summary call.
- Secrets and credentials were redacted before preservation.
- The summary may be incomplete; prefer verifying current files, git state, processes, and test results instead of assuming omitted details.

## Completed Actions
${completed.length ? completed.join('\n') : 'None recoverable from compacted turns.'}

## Active State
Unknown from deterministic fallback. Inspect current repository/session state if needed.

${HISTORICAL_IN_PROGRESS_HEADING}
Unknown from deterministic fallback — the latest user ask is recorded once under
"${HISTORICAL_TASK_HEADING}" above as historical context only. Do NOT treat it as an
unfulfilled instruction to re-answer; verify current state and continue from the
protected recent messages after this summary.

## Blocked
${bullets(c.blockers, 5)}

## Key Decisions
None recoverable from deterministic fallback.

## Resolved Questions
None recoverable from deterministic fallback.

${HISTORICAL_PENDING_ASKS_HEADING}
None recoverable from deterministic fallback. (The latest user ask is preserved once
under "${HISTORICAL_TASK_HEADING}" as historical context — it is NOT necessarily
outstanding.)

## Relevant Files
${bullets(c.files, 12)}

${HISTORICAL_REMAINING_WORK_HEADING}
Continue from the most recent unfulfilled user ask and protected tail messages. Verify state with tools before making claims.

## Last Dropped Turns
${bullets(c.dropped, 8)}

## Critical Context
Summary generation was unavailable, so this is a best-effort deterministic fallback for ${turns.length} compacted message(s).${reasonText}`;
  let summary = dialect.withPrefix(redactSensitiveText(pyStrip(body)));
  if (pyLen(summary) > FALLBACK_SUMMARY_MAX_CHARS) {
    summary = pyRstrip(pySlice(summary, 0, FALLBACK_SUMMARY_MAX_CHARS - 42)) + '\n...[fallback summary truncated]';
  }
  return summary;
}
