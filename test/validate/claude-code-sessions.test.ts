/**
 * Done-when of validate-cache: on the Claude Code sessions in shared/traces/, the modelled total cache
 * read is within 1% of the recorded one and at least 97% of calls agree within 5% of their prompt.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { summaryJson, validateFile, type FileCheck } from '../../src/validate/index.js';
import { TRACES } from '../import/reference.js';

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? jsonlFiles(p) : n.endsWith('.jsonl') ? [p] : [];
  });
}

describe('validate-cache on the shared Claude Code sessions', () => {
  it('meets the agreement targets, and labels every disagreement', async () => {
    const tokens = createTokenCounter();
    const files = jsonlFiles(path.join(TRACES, 'claude-code')).sort();
    expect(files.length).toBe(13);
    const checks: FileCheck[] = [];
    for (const f of files) checks.push(await validateFile(f, { tokens }));
    const { total } = summaryJson(checks);
    expect(total.calls).toBe(508);
    expect(Math.abs(total.modelled.cacheRead - total.recorded.cacheRead) / total.recorded.cacheRead).toBeLessThan(0.01);
    expect(total.agreeing / total.calls).toBeGreaterThanOrEqual(0.97);
    expect(total.disagreements.every((d) => d.cause !== 'unexplained')).toBe(true);
    // the modelled prompt equals the recorded one on every call (sizes attributed from the recording)
    expect(checks.flatMap((c) => c.calls).every((c) => c.promptMismatch === 0)).toBe(true);
  });
});
