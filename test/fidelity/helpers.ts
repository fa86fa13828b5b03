/** Shared transcripts for the replay-fidelity tests (../shared beside the checkout, as in test/import). */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { importTrace, type ImportedTrace } from '../../src/workload/import/index.js';
import { TRACES } from '../import/reference.js';

export const CLAUDE_CODE = path.join(TRACES, 'claude-code');
/** the shared Claude Code sessions that auto-compacted */
export const COMPACTED = ['258c7280-ae70-4798-800f-63464d01a85d', '8463c716-a2ea-4c14-9efa-87158ebd9f20', 'fa812bfe-b295-4cca-9c2f-fdf01028cb46']
  .map((id) => path.join(CLAUDE_CODE, `${id}.jsonl`));

/**
 * Every Claude Code session in shared/traces (with the subagents recorded in or beside them): what the
 * shipped Anthropic token scale was fitted on (cache/token-scale.ts, TOKEN_SCALE_FIT_SESSIONS).
 */
export const CLAUDE_CODE_SESSIONS = ['claude-code', 'claude-code-entire-cli', 'claude-code-happy-cli', 'claude-code-viewer-fixtures',
  'claude-code-sniffly', 'ai-sessions/claude-code-pomodoro-timer.jsonl', 'agtrace/claude_session.jsonl'].map((p) => path.join(TRACES, p));

export function files(dir: string, ext = /\.jsonl$/): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p, ext) : ext.test(n) ? [p] : [];
  }).sort();
}

export async function importAll(paths: readonly string[]): Promise<ImportedTrace[]> {
  const out: ImportedTrace[] = [];
  for (const p of paths) out.push(await importTrace(p));
  return out;
}
