/**
 * Provider token counts (issue 10 part 1): the fitted scales reproduce the shared recordings, and the
 * simulator bills in the provider's count while policies keep their own estimates.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inTokenScaleFit, providerCounter, providerMessage, TOKEN_SCALE_FIT_SESSIONS, TOKEN_SCALES } from '../../src/cache/token-scale.js';
import { user } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { fitTokenScale } from '../../src/validate/scale-fit.js';
import { promptChecks } from '../../src/validate/unlogged.js';
import { importSessions } from '../../src/workload/import/collect.js';
import { TRACES } from '../import/reference.js';
import { CLAUDE_CODE, CLAUDE_CODE_SESSIONS, files, importAll } from './helpers.js';

describe('Anthropic token scale on the shared Claude Code transcripts', () => {
  it('models ≥ 90% of prompts before the first recorded compaction within 5%; o200k as is does not', async () => {
    const tokens = createTokenCounter();
    const traces = await importAll(files(CLAUDE_CODE));
    const calls = traces.flatMap((t) => promptChecks(t, tokens, TOKEN_SCALES.anthropic).filter((c) => c.beforeCompaction));
    expect(calls.length).toBeGreaterThan(300);
    const within = calls.filter((c) => Math.abs(c.modelled - c.recorded) <= 0.05 * c.recorded).length;
    expect(within / calls.length).toBeGreaterThanOrEqual(0.9);
    // with o200k counts as they are (scale 1), the same replay is far off: the scale is doing the work
    const raw = traces.flatMap((t) => promptChecks(t, tokens, { scale: 1, perMessage: 0 }).filter((c) => c.beforeCompaction));
    expect(raw.filter((c) => Math.abs(c.modelled - c.recorded) <= 0.05 * c.recorded).length / raw.length).toBeLessThan(0.6);
  });

  it('refits to the table on every Claude Code session in shared/traces, the sessions TOKEN_SCALE_FIT_SESSIONS lists', async () => {
    const sessions = await importSessions(CLAUDE_CODE_SESSIONS);
    const fit = fitTokenScale(sessions.map((s) => s.trace), createTokenCounter());
    expect(fit.files).toBe(56);
    expect(fit.calls).toBe(1500);
    expect(fit.scale).toBeCloseTo(TOKEN_SCALES.anthropic.scale, 3);
    expect(fit.perMessage).toBe(TOKEN_SCALES.anthropic.perMessage);
    expect(fit.residuals).toHaveLength(fit.calls);
    // the figures the table's source and docs/replay-fidelity.md give
    expect(fit.rms).toBeCloseTo(0.019, 3);
    expect(fit.within5).toBeCloseTo(0.989, 3);
    // the list validate-cache reads names exactly the files fitted (inline subagents go with their file)
    const listed = new Set(TOKEN_SCALE_FIT_SESSIONS.anthropic);
    expect(sessions.every((s) => inTokenScaleFit('anthropic', s.file))).toBe(true);
    const keys = new Set(sessions.map((s) => {
      const parts = s.file.split(path.sep);
      return parts.at(-2) === 'subagents' ? `${parts.at(-3)}/${parts.at(-1)}` : parts.at(-1);
    }));
    expect(keys).toEqual(listed);
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
    expect(p.message(m)).toBe(Math.round(base.message(m) * 1.137) + 44);
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
