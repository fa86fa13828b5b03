/**
 * The deterministic fallback handoff at 0000416b (agent/context_compressor.py
 * `_build_static_fallback_summary` @ 0000416b34a3): 8fa8aabb's (fallback-summary.ts) with the no-user
 * sentinel as the task when no real user ask was dropped, runtime-written user rows labelled
 * "INTERNAL CONTEXT" and never taken for asks, and the previous summary quoted (redacted, at most
 * 3,000 characters) instead of only mentioned.
 */
import { buildStaticFallbackSummary, type FallbackDialect } from '../fallback-summary.js';
import type { PyMsg } from '../msg.js';
import { pyLen, pyRstrip, pySlice, pyStrip } from '../pystr.js';
import { redactSensitiveText } from '../redact.js';
import { isSyntheticUser, NO_USER_TASK_SENTINEL, withSummaryPrefix } from './handoff.js';

const PREVIOUS_SUMMARY_MAX_CHARS = 3000;

function previousSummaryNote(previous: string | null): string {
  if (!previous) return '';
  let text = redactSensitiveText(pyStrip(previous));
  if (pyLen(text) > PREVIOUS_SUMMARY_MAX_CHARS) {
    text = pyRstrip(pySlice(text, 0, PREVIOUS_SUMMARY_MAX_CHARS - 45)) + '\n...[previous summary snapshot truncated]';
  }
  return (
    `\n\n## Previous Summary Snapshot\n${text}\n\n` +
    'The previous compaction summary above remains background continuity context because the latest LLM summary update failed.'
  );
}

export function buildStaticFallbackSummary416(turns: readonly PyMsg[], previousSummary: string | null, reason: string | null): string {
  const dialect: FallbackDialect = {
    noUserTask: NO_USER_TASK_SENTINEL,
    isSyntheticUser,
    previousSummaryNote: () => previousSummaryNote(previousSummary),
    withPrefix: withSummaryPrefix,
  };
  return buildStaticFallbackSummary(turns, !!previousSummary, reason, dialect);
}
