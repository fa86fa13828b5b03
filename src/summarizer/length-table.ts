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
  // median exp(mu) = 3,263 tokens at 134,822 input tokens; beta is the default assumption (the three
  // inputs lie within 1% of each other, so the data cannot identify it)
  model: { mu: 8.08964, sigma: 0.0679, beta: 0.5, refInput: 134_822 },
  source: '3 Claude Code auto-compaction summaries (claude-opus-4-6, Claude Code v2.1.x), shared/traces/claude-code '
    + '(madshn/localpush fixtures, see PROVENANCE.md); input = preTokens / 1.241 (Anthropic token scale)',
  samples: [
    { file: '258c7280-ae70-4798-800f-63464d01a85d.jsonl', preTokens: 167_094, inputTokens: 134_645, outputTokens: 3_323 },
    { file: '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', preTokens: 167_731, inputTokens: 135_158, outputTokens: 3_027 },
    { file: 'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', preTokens: 167_117, inputTokens: 134_663, outputTokens: 3_446 },
  ],
};
