/**
 * The summary call at 0000416b (agent/context_compressor.py `_generate_summary`,
 * `_ground_historical_task_snapshot`, `_validate_summary_user_provenance` @ 0000416b34a3). Beside
 * 8fa8aabb's call (summary-call.ts: cooldown, think-block stripping, redaction, failure kinds):
 * - the `## Historical Task Snapshot` section is replaced (or, when absent, put first) by a line
 *   quoting the newest real user turn of the summarised window, so the summarizer cannot invent it;
 * - when the session has no real user turn, a summary whose snapshot is not the no-user sentinel, or
 *   that says "User asked:" anywhere, is refused like a failed call (a 60 s cooldown, then the
 *   deterministic fallback, which writes the sentinel itself);
 * - the prompt's input is capped at 160,000 characters (`_bound_summary_input`); the port's backends
 *   receive the turns themselves, and the conformance stub reads only their count.
 */
import type { HermesCompressor } from '../compressor.js';
import { contentTextForContains, type PyMsg } from '../msg.js';
import { reprStr } from '../pyrepr.js';
import { PY_WS_CLASS, pyLen, pyRstrip, pySlice, pyStrip } from '../pystr.js';
import { redactSensitiveText } from '../redact.js';
import { recordFailure, stripThinkBlocks, summaryBudget } from '../summary-call.js';
import { HISTORICAL_TASK_HEADING } from '../summary-text.js';
import { isSyntheticUser, NO_USER_TASK_SENTINEL, stripSummaryPrefix, transcriptHasRealUser, withSummaryPrefix } from './handoff.js';

const ACTIVE_TASK_MAX_CHARS = 1400;
const PY_WS_RUN = new RegExp(`[${PY_WS_CLASS}]+`, 'gu');
const TASK_SECTION = /^## Historical Task Snapshot\s*\n[\s\S]*?(?=^## |(?![\s\S]))/m;
const TASK_BODY = /^## Historical Task Snapshot\s*\n([\s\S]*?)(?=\n##\s|(?![\s\S]))/m;
const USER_ASKED = /(?<![\p{L}\p{N}_])User\s+asked\s*:/iu;
export const INVENTED_USER_ERROR = 'Context compression summary invented user attribution for a session with no user-authored turns';

/** `_latest_user_task_snapshot`: the grounded task line, from the newest real user turn of `msgs`. */
export function latestUserTaskSnapshot(msgs: readonly PyMsg[]): string | undefined {
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i]!;
    if (m.role !== 'user' || isSyntheticUser(m)) continue;
    let text = redactSensitiveText(pyStrip(contentTextForContains(m.content)));
    if (!text) continue;
    text = text.replace(PY_WS_RUN, ' ');
    if (pyLen(text) > ACTIVE_TASK_MAX_CHARS) text = pyRstrip(pySlice(text, 0, ACTIVE_TASK_MAX_CHARS - 15)) + ' ...[truncated]';
    return `User asked (deterministic, from compacted turns): ${reprStr(text)}\nHistorical only; newer protected-tail messages after this summary win.`;
  }
  return undefined;
}

/** `_ground_historical_task_snapshot`. */
export function groundHistoricalTaskSnapshot(summary: string, msgs: readonly PyMsg[]): string {
  const snapshot = latestUserTaskSnapshot(msgs);
  if (!snapshot) return summary;
  const body = stripSummaryPrefix(summary);
  const replacement = `${HISTORICAL_TASK_HEADING}\n${snapshot}\n\n`;
  if (TASK_SECTION.test(body)) return pyStrip(body.replace(TASK_SECTION, () => replacement));
  return pyStrip(`${replacement}${body}`);
}

/** `_validate_summary_user_provenance`: false when a no-user session's summary attributes a request to a user. */
export function provenanceHolds(summary: string, hasUserTurn: boolean): boolean {
  if (hasUserTurn) return true;
  const m = TASK_BODY.exec(summary);
  const snapshot = m ? pyStrip(m[1]!) : '';
  return snapshot === NO_USER_TASK_SENTINEL && !USER_ASKED.test(summary);
}

/** `_generate_summary(turns)` at 0000416b: the prefixed summary, or null on failure or cooldown. */
export function generateSummary416(c: HermesCompressor, turns: readonly PyMsg[], now: number, focusTopic?: string): string | null {
  if (now < c.cooldownUntil) return null;
  if (c.previousSummary) c.previousSummary = redactSensitiveText(c.previousSummary);
  const hasUserTurn = c.summaryHasUserTurn ?? transcriptHasRealUser(turns);
  c.summarizerCalls++;
  const res = c.backend.summarize({
    turns,
    previousSummary: c.previousSummary || undefined,
    budgetTokens: summaryBudget(turns, c.maxSummaryTokens),
    focusTopic,
  });
  if (!res.ok) return recordFailure(c, res.kind, res.error, now);
  if (!pyStrip(res.text)) return recordFailure(c, 'empty', 'Context compression LLM returned empty content (provider=auto)', now);
  let content = res.text;
  const stripped = pyStrip(stripThinkBlocks(content));
  if (stripped) content = stripped;
  const summary = groundHistoricalTaskSnapshot(redactSensitiveText(pyStrip(content)), turns);
  if (!provenanceHolds(summary, hasUserTurn)) return recordFailure(c, 'provider', INVENTED_USER_ERROR, now);
  c.previousSummary = summary;
  c.cooldownUntil = 0;
  c.lastSummaryError = null;
  c.lastSummaryAuthFailure = false;
  c.lastSummaryNetworkFailure = false;
  return withSummaryPrefix(summary);
}
