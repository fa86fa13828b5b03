/**
 * Issue 31: every fit reports leave-one-session-out agreement beside the in-sample figure, and a session
 * that switches model mid-way is sized with each model's own unlogged block.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_SCALES } from '../../src/cache/token-scale.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { fitLengthModel, type SummarySample } from '../../src/summarizer/length-fit.js';
import { fitTokenScale } from '../../src/validate/scale-fit.js';
import { promptChecks } from '../../src/validate/unlogged.js';
import { importSessions } from '../../src/workload/import/collect.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';
import { CLAUDE_CODE_SESSIONS } from './helpers.js';

const have = requireShared('traces/claude-code-entire-cli', 'leave-one-session-out fits');

describe.runIf(have)('leave-one-session-out', () => {
  it('the shipped Anthropic scale is the fit whose held-out sessions come within 5% on ≥ 95% of calls', async () => {
    const traces = (await importSessions(CLAUDE_CODE_SESSIONS)).map((s) => s.trace);
    const fit = fitTokenScale(traces, createTokenCounter());
    // the shipped constants are this fit (the table is what the leave-one-out figures judge)
    expect(fit.scale).toBeCloseTo(TOKEN_SCALES.anthropic.scale, 3);
    expect(fit.perMessage).toBe(TOKEN_SCALES.anthropic.perMessage);
    expect(fit.perFile.length).toBe(traces.length);
    expect(fit.perFile.reduce((n, f) => n + f.looWithin5, 0) / fit.calls).toBeCloseTo(fit.loo.within5, 10);
    // the target: each session judged at the fit of the other 55, ≥ 95% of calls within 5%
    expect(fit.loo.within5).toBeGreaterThanOrEqual(0.95);
    expect(fit.loo.within5).toBeLessThanOrEqual(fit.within5);
    expect(fit.loo.rms).toBeGreaterThanOrEqual(fit.rms);
  });

  it('the first fit (13 shared transcripts, 1.105 + 82) misses the target on the sessions it had not seen', async () => {
    const tokens = createTokenCounter();
    const traces = (await importSessions(CLAUDE_CODE_SESSIONS.slice(1))).map((s) => s.trace);
    const calls = traces.flatMap((t) => promptChecks(t, tokens, { scale: 1.105, perMessage: 82 }).filter((c) => c.beforeCompaction && c.recorded > 0));
    expect(calls.filter((c) => Math.abs(c.modelled - c.recorded) <= 0.05 * c.recorded).length / calls.length).toBeLessThan(0.8);
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
    const checks = promptChecks(main!.trace, createTokenCounter(), TOKEN_SCALES.anthropic);
    const models = main!.trace.meta.calls.filter((c) => c.input !== undefined).map((c) => c.model);
    const switchAt = models.findIndex((m) => m !== models[0]);
    expect(switchAt).toBe(47);
    // from the switch up to the recorded drop the client made without logging it (call 78)
    const around = checks.slice(0, 78).map((c) => Math.abs(c.modelled - c.recorded) / c.recorded);
    expect(around.every((r) => r <= 0.05)).toBe(true);
  });
});
