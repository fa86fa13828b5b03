/**
 * The fitted summary length model (length-model.ts), derived from the real summaries listed here by
 * `compactbench calibrate --summary-lengths ../shared/traces/claude-code` (length-fit.ts). Only the
 * derived sizes are kept, not the transcripts. test/summarizer/length-model.test.ts refits on
 * ../shared/traces and checks these numbers.
 *
 * Left out: the Codex rollout's compaction (shared/traces/codex) is encrypted (`encrypted_content`), so
 * its summary length is unknown; the OpenHands, SWE-agent and mini-swe-agent transcripts compact nothing.
 */
import type { LengthModel } from './length-model.js';

export interface LengthTable {
  model: LengthModel;
  source: string;
  samples: readonly { file: string; inputTokens: number; outputTokens: number; preTokens: number }[];
}

export const SUMMARY_LENGTHS: LengthTable = {
  // median exp(mu) = 3,261 tokens; beta = 0, the default (the three inputs lie within 5% of each other,
  // so the data cannot identify growth with the input); residuals of log(output): +0.019, −0.074, +0.055
  model: { mu: 8.08964, sigma: 0.06687, beta: 0, refInput: 138_364 },
  source: '3 Claude Code auto-compaction summaries (claude-opus-4-6, Claude Code v2.1.x), shared/traces/claude-code '
    + '(madshn/localpush fixtures, see PROVENANCE.md); input = (preTokens − 44 × messages) / 1.137 (Anthropic token scale)',
  samples: [
    { file: '258c7280-ae70-4798-800f-63464d01a85d.jsonl', preTokens: 167_094, inputTokens: 138_060, outputTokens: 3_323 },
    { file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', preTokens: 167_731, inputTokens: 141_290, outputTokens: 3_027 },
    { file: 'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', preTokens: 167_117, inputTokens: 135_797, outputTokens: 3_446 },
  ],
};
