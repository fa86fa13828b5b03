/**
 * The need distributions the generator draws from (sample.ts), fitted by fit.ts on every recorded
 * transcript in these directories of ../shared/traces that imports (derive.ts), subagent files included:
 * claude-code, claude-code-entire-cli (6 of 8 files: two hold malformed JSON lines), claude-code-happy-cli,
 * claude-code-sniffly, claude-code-viewer-fixtures, codex, swe-agent, mini-swe-agent, openhands — 53
 * sessions. Derived figures only, no transcript text. Refit and check with
 * `compactbench calibrate --needs --against DIR...` (it prints this table, its data and its residuals);
 * test/workload/needs/calibration.long.test.ts checks the fit reproduces it.
 */
import type { NeedTable } from './fit.js';

export const NEED_TABLE: NeedTable = {
  provenance: 'fit.ts on 53 sessions of ../shared/traces (claude-code*, codex, swe-agent, mini-swe-agent, openhands)',
  sessions: 53,
  steps: 2456,
  needs: 1965,
  perStep: [0.6401, 0.2321, 0.057, 0.0273, 0.011, 0.0102, 0.0224],
  kinds: { edit: 0.1165, reference: 0.599, instruction: 0.2845 },
  distance: {
    edit: [0, 0, 0, 0, 1, 2, 4, 7, 11, 30.2, 102],
    reference: [0, 0, 0, 1, 2, 3, 7, 13, 19, 35.4, 147],
    instruction: [0, 1, 2, 4, 7, 12, 17, 26, 37, 68, 141],
  },
};
