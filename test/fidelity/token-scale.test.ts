/**
 * Provider token counts (issue 10 part 1): the fitted scales reproduce the shared recordings, and the
 * simulator bills in the provider's count while policies keep their own estimates.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerCounter, providerMessage, TOKEN_SCALES } from '../../src/cache/token-scale.js';
import { user } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { fitTokenScale } from '../../src/validate/scale-fit.js';
import { promptChecks } from '../../src/validate/unlogged.js';
import { TRACES } from '../import/reference.js';
import { CLAUDE_CODE, files, importAll } from './helpers.js';

describe('Anthropic token scale on the shared Claude Code transcripts', () => {
  it('models ≥ 90% of prompts before the first recorded compaction within 5%, and refits to the table', async () => {
    const tokens = createTokenCounter();
    const traces = await importAll(files(CLAUDE_CODE));
    const calls = traces.flatMap((t) => promptChecks(t, tokens, TOKEN_SCALES.anthropic).filter((c) => c.beforeCompaction));
    expect(calls.length).toBeGreaterThan(300);
    const within = calls.filter((c) => Math.abs(c.modelled - c.recorded) <= 0.05 * c.recorded).length;
    expect(within / calls.length).toBeGreaterThanOrEqual(0.9);
    // with o200k counts as they are (scale 1), the same replay is far off: the scale is doing the work
    const raw = traces.flatMap((t) => promptChecks(t, tokens, { scale: 1, perMessage: 0 }).filter((c) => c.beforeCompaction));
    expect(raw.filter((c) => Math.abs(c.modelled - c.recorded) <= 0.05 * c.recorded).length / raw.length).toBeLessThan(0.6);
    const fit = fitTokenScale(traces, tokens);
    expect(fit.scale).toBeCloseTo(TOKEN_SCALES.anthropic.scale, 3);
    expect(fit.perMessage).toBe(TOKEN_SCALES.anthropic.perMessage);
    expect(fit.residuals).toHaveLength(fit.calls);
  });

  it('refits the Gemini scale on the mini-swe-agent transcripts', async () => {
    const fit = fitTokenScale(await importAll(files(path.join(TRACES, 'mini-swe-agent'), /\.traj\.json$/)), createTokenCounter());
    expect(fit.scale).toBeCloseTo(TOKEN_SCALES.gemini.scale, 3);
    expect(fit.perMessage).toBe(TOKEN_SCALES.gemini.perMessage);
  });
});

describe('providerCounter', () => {
  it('scales each memoized message count once; OpenAI (o200k) is exact', () => {
    const base = createTokenCounter();
    const m = user('the quick brown fox jumps over the lazy dog');
    const p = providerCounter(base, TOKEN_SCALES.anthropic);
    expect(p.message(m)).toBe(providerMessage(base.message(m), TOKEN_SCALES.anthropic));
    expect(p.message(m)).toBe(Math.round(base.message(m) * 1.105) + 82);
    expect(providerCounter(base, TOKEN_SCALES.openai)).toBe(base);
  });
});

describe('validate-cache prompt-size agreement', () => {
  it('reports the prompt run --trace sends against the recorded one, per file', async () => {
    const { validateFile } = await import('../../src/validate/index.js');
    const check = await validateFile(path.join(CLAUDE_CODE, '258c7280-ae70-4798-800f-63464d01a85d.jsonl'), { tokens: createTokenCounter() });
    expect(check.promptSize.callsBefore).toBe(102);
    expect(check.promptSize.agreeingBefore / check.promptSize.callsBefore).toBeGreaterThanOrEqual(0.9);
    expect(check.promptSize.calls).toBe(check.calls.length);
    expect(check.promptSize.scale).toBe(TOKEN_SCALES.anthropic.scale);
  });
});
