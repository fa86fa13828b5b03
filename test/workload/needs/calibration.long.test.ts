/**
 * The shipped need table (workload/needs/table.ts) and summary-keeps share (sim/summary-keeps.ts) are what
 * `calibrate --needs` fits on the shared traces: provenance that can fail.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsCalibration, needsReport } from '../../../src/cli/calibrate-needs.js';
import { SUMMARY_NAMES_DEFAULT } from '../../../src/sim/summary-keeps.js';
import { NEED_TABLE } from '../../../src/workload/needs/table.js';
import { requireShared, SHARED_DIR } from '../../shared-data.js';

const DIRS = ['claude-code', 'claude-code-entire-cli', 'claude-code-happy-cli', 'claude-code-sniffly', 'claude-code-viewer-fixtures', 'codex', 'swe-agent', 'mini-swe-agent', 'openhands'];
const have = requireShared('traces/claude-code', 'calibrate --needs on the shared traces');

describe.runIf(have)('calibrate --needs', () => {
  it('fits the shipped table and summary share on the shared traces, and reports residuals and leave-one-out', async () => {
    const c = await needsCalibration(DIRS.map((d) => join(SHARED_DIR, 'traces', d)), 'claude-code-200k', 2);
    const { provenance: _a, ...fit } = c.fit;
    const { provenance: _b, ...shipped } = NEED_TABLE;
    expect(fit).toEqual(shipped);
    expect(c.summaries.names).toBeCloseTo(SUMMARY_NAMES_DEFAULT, 10);
    // every file imports, the two Claude Code sessions with two records on a line included (issue 31)
    expect(c.skipped.map((s) => s.file.slice(s.file.lastIndexOf('/') + 1))).toEqual([]);
    expect(c.leaveOneOut).toHaveLength(c.sessions.length);
    expect(c.generated!.perStep).toBeGreaterThan(0);
  });

  it('prints the data, the fit and the residuals', async () => {
    const text = await needsReport([join(SHARED_DIR, 'traces', 'claude-code')], false);
    expect(text).toMatch(/^needs fit: \d+ sessions/);
    expect(text).toContain('leave one session out');
    expect(text).toContain('| 8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl | 143 | 166 | 18 | 146 | 2 |');
    expect(text).toMatch(/summary keeps: 3 compactions name 0\.810 of the files read/);
  });
});
