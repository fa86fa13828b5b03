/**
 * The need distributions the generator draws from (sample.ts), fitted by fit.ts on the recorded
 * transcripts in ../shared/traces that import (derive.ts): claude-code, claude-code-entire-cli (6 of 8: two
 * files hold malformed JSON lines), claude-code-happy-cli, claude-code-sniffly, claude-code-viewer-fixtures,
 * codex, swe-agent, mini-swe-agent and openhands. Derived figures only, no transcript text. Refit with
 * `compactbench calibrate --needs DIR...` (it prints this table, its data and its residuals).
 */
import type { NeedTable } from './fit.js';

export const NEED_TABLE: NeedTable = {
  provenance: 'fit.ts on 46 sessions of ../shared/traces (claude-code*, codex, swe-agent, mini-swe-agent, openhands), 2026-11-28',
  sessions: 46,
  steps: 2417,
  needs: 1934,
  perStep: [0.6425, 0.2305, 0.0559, 0.0273, 0.0112, 0.0099, 0.0228],
  kinds: { edit: 0.1184, reference: 0.5962, instruction: 0.2854 },
  distance: {
    edit: [0, 0, 0, 0, 1, 2, 4, 7, 11, 30.2, 102],
    reference: [0, 0, 0, 1, 2, 4, 7, 13, 19, 37, 147],
    instruction: [0, 1, 2, 4, 7, 12, 17, 26, 37.8, 68, 141],
  },
};
