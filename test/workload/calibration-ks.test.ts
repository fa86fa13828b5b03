import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { calibrate, type CalibrationRow } from '../../src/workload/calibrate.js';
import { loadScenario } from '../../src/workload/scenario.js';
import { readTraces } from '../../src/workload/trace-read.js';
import { SHARED } from './helpers.js';

const dir = fileURLToPath(new URL('traces/openai/', SHARED));
const traces = (prefix: string) =>
  readTraces(readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.jsonl')).map((f) => dir + f));
const row = (rows: CalibrationRow[], name: string) => rows.find((r) => r.distribution === name)!;

describe('calibration against the shared transcripts (done-when: tool-result KS <= 0.15)', () => {
  it('claude-code-200k vs the Claude Code sessions', () => {
    const rows = calibrate(loadScenario('claude-code-200k'), traces('claude-code-'), createTokenCounter(), 10);
    expect(row(rows, 'tool-result tokens').value).toBeLessThanOrEqual(0.15);
    expect(row(rows, 'argument tokens').value).toBeLessThanOrEqual(0.15);
    expect(row(rows, 'tool mix').value).toBeLessThanOrEqual(0.05);
    expect(row(rows, 'tool-result tokens: Bash').value).toBeLessThanOrEqual(0.15);
    expect(row(rows, 'tool-result tokens: Read').value).toBeLessThanOrEqual(0.15);
  });

  it('swe-bash-128k vs the mini-swe-agent sessions', () => {
    const rows = calibrate(loadScenario('swe-bash-128k'), traces('mini-swe-agent-'), createTokenCounter(), 10);
    expect(row(rows, 'tool-result tokens').value).toBeLessThanOrEqual(0.15);
    expect(row(rows, 'argument tokens').value).toBeLessThanOrEqual(0.15);
    expect(row(rows, 'repeat rate (identical calls)').value).toBeLessThanOrEqual(0.08);
  });
});
