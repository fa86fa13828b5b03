/**
 * Issue 31: every fit reports leave-one-session-out agreement beside the in-sample figure, and a session
 * that switches model mid-way is sized with each model's own unlogged block.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { fitLengthModel, type SummarySample } from '../../src/summarizer/length-fit.js';
import { fitTokenScale } from '../../src/validate/scale-fit.js';
import { promptChecks } from '../../src/validate/unlogged.js';
import { importSessions } from '../../src/workload/import/collect.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const have = requireShared('traces/claude-code-entire-cli', 'leave-one-session-out fits');

describe.runIf(have)('leave-one-session-out', () => {
  it('the token-scale fit judges each session at the parameters fitted on the others', async () => {
    const traces = (await importSessions([join(SHARED_DIR, 'traces/claude-code')])).map((s) => s.trace);
    const fit = fitTokenScale(traces, createTokenCounter());
    expect(fit.perFile.length).toBe(traces.length);
    expect(fit.perFile.reduce((n, f) => n + f.looWithin5, 0) / fit.calls).toBeCloseTo(fit.loo.within5, 10);
    // the shipped figures: in sample every call within 5%; held out, still at least 95%
    expect(fit.within5).toBe(1);
    expect(fit.loo.within5).toBeGreaterThanOrEqual(0.95);
    expect(fit.loo.within5).toBeLessThanOrEqual(fit.within5);
  });

  it('the summary-length fit leaves out every summary of a session together', () => {
    const s = (file: string, input: number, output: number): SummarySample => ({ file, inputTokens: input, outputTokens: output });
    const fit = fitLengthModel([s('a', 100_000, 2000), s('a', 120_000, 1000), s('b', 110_000, 3000)]);
    // b left out: predicted by a's two summaries (geometric mean 1414), log(3000/1414)
    expect(fit.looResiduals[2]).toBeCloseTo(Math.log(3000 / Math.sqrt(2000 * 1000)), 10);
    expect(fit.looResiduals[0]).toBeCloseTo(Math.log(2000 / 3000), 10);
    expect(fitLengthModel([s('only', 100_000, 2000)]).looResiduals[0]).toBeNaN();
  });
});

describe.runIf(have)('a model switch within a session', () => {
  it('sends each model its own unlogged block (Opus 4.5 → Sonnet 4.5 at a resume: 23k tokens fewer)', async () => {
    const [main] = await importSessions([join(SHARED_DIR, 'traces/claude-code-entire-cli/7d66f047ac98-0.full.jsonl')]);
    const checks = promptChecks(main!.trace, createTokenCounter(), { scale: 1.105, perMessage: 82 });
    const models = main!.trace.meta.calls.filter((c) => c.input !== undefined).map((c) => c.model);
    const switchAt = models.findIndex((m) => m !== models[0]);
    expect(switchAt).toBe(47);
    // from the switch up to the recorded drop the client made without logging it (call 78)
    const around = checks.slice(0, 78).map((c) => Math.abs(c.modelled - c.recorded) / c.recorded);
    expect(around.every((r) => r <= 0.05)).toBe(true);
  });
});
