/**
 * The need distributions the generator draws from (sample.ts), fitted by fit.ts on every recorded
 * transcript in these directories of ../shared/traces that imports (derive.ts), subagent files included:
 * claude-code, claude-code-entire-cli (all 8 files, since the importer reads lines that hold two records), claude-code-happy-cli,
 * claude-code-sniffly, claude-code-viewer-fixtures, codex, swe-agent, mini-swe-agent, openhands — 55
 * sessions. Derived figures only, no transcript text. Refit and check with
 * `compactbench calibrate --needs --against DIR...` (it prints this table, its data and its residuals);
 * test/workload/needs/calibration.long.test.ts checks the fit reproduces it.
 */
import type { NeedTable } from './fit.js';

export const NEED_TABLE: NeedTable = {
  provenance: 'fit.ts on 55 sessions of ../shared/traces (claude-code*, codex, swe-agent, mini-swe-agent, openhands)',
  sessions: 55,
  steps: 2647,
  needs: 2112,
  perStep: [0.6392, 0.2327, 0.0612, 0.0257, 0.0102, 0.0094, 0.0215],
  kinds: { edit: 0.1297, reference: 0.6051, instruction: 0.2652 },
  distance: {
    edit: [0, 0, 0, 0, 1, 2, 3, 7, 11, 30, 102],
    reference: [0, 0, 0, 1, 2, 4, 8, 14, 18, 35, 147],
    instruction: [0, 1, 2, 4, 7, 12, 17, 26, 37, 68, 141],
  },
};
