/**
 * Summary lengths like real ones (issue 10 part 3): the length model refits to its table on the real
 * summaries, covers them, and capped summaries on claude-code-200k land in their range; target budgets
 * keep output ≈ N × fidelity; the draw is deterministic from the seed.
 */
import { describe, expect, it } from 'vitest';
import { TOKEN_SCALES } from '../../src/cache/token-scale.js';
import { user } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { resolvePolicySpec } from '../../src/policies/registry.js';
import { planCells, runCells } from '../../src/sim/run.js';
import { fitLengthModel, summarySamples } from '../../src/summarizer/length-fit.js';
import { medianLength } from '../../src/summarizer/length-model.js';
import { SUMMARY_LENGTHS } from '../../src/summarizer/length-table.js';
import { createMockSummarizer } from '../../src/summarizer/mock.js';
import { toRunScenario } from '../../src/cli/run-plan.js';
import { loadScenario } from '../../src/workload/scenario.js';
import { CLAUDE_CODE, files, importAll } from './helpers.js';

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

describe('the summary length model', () => {
  it('refits to its table on every real summary in shared/traces, and covers each within 2 sigma', async () => {
    const tokens = createTokenCounter();
    const samples = (await importAll(files(CLAUDE_CODE))).flatMap((t) => summarySamples(t, tokens, TOKEN_SCALES.anthropic));
    expect(samples.map((s) => [s.file, s.inputTokens, s.outputTokens])).toEqual(
      SUMMARY_LENGTHS.samples.map((s) => [s.file, s.inputTokens, s.outputTokens]));
    const fit = fitLengthModel(samples);
    expect(fit.model.mu).toBeCloseTo(SUMMARY_LENGTHS.model.mu, 4);
    expect(fit.model.sigma).toBeCloseTo(SUMMARY_LENGTHS.model.sigma, 3);
    expect(fit.model.beta).toBe(SUMMARY_LENGTHS.model.beta);
    expect(Math.abs(fit.model.refInput - SUMMARY_LENGTHS.model.refInput)).toBeLessThan(1);
    for (const s of samples) {
      const z = (Math.log(s.outputTokens) - Math.log(medianLength(s.inputTokens))) / SUMMARY_LENGTHS.model.sigma;
      expect(Math.abs(z)).toBeLessThan(2);
    }
  });

  it('draws capped lengths deterministically, truncated at the cap; targets stay N × fidelity', () => {
    const req = { messages: [user("x")], inputTokens: SUMMARY_LENGTHS.model.refInput, promptOverheadTokens: 0, budgetTokens: 20_000, budgetKind: 'cap' as const };
    const draw = (seed: number) => {
      const s = createMockSummarizer({ seed, tokens: createTokenCounter() });
      return Array.from({ length: 200 }, () => { const r = s.summarize(req); return r.ok ? r.outputTokens : -1; });
    };
    const a = draw(1);
    expect(draw(1)).toEqual(a);
    expect(median(a)).toBeGreaterThan(3_000);
    expect(median(a)).toBeLessThan(3_500);
    const capped = createMockSummarizer({ seed: 1, tokens: createTokenCounter() }).summarize({ ...req, budgetTokens: 1_000 });
    expect(capped.ok && capped.outputTokens).toBe(1_000);
    const target = createMockSummarizer({ seed: 1, tokens: createTokenCounter(), fidelity: 0.5 }).summarize({ ...req, budgetKind: 'target' });
    expect(target.ok && target.outputTokens).toBe(10_000);
  });
});

describe('claude-code on claude-code-200k', () => {
  it('writes summaries within the range of the real ones, not at its 20k cap', () => {
    const scenario = toRunScenario(loadScenario('claude-code-200k'));
    const runs = runCells(planCells({ scenarios: [scenario], policies: [resolvePolicySpec('claude-code')], seeds: [1, 2, 3] }), createTokenCounter());
    const scale = TOKEN_SCALES.anthropic.scale;
    // aux records are in the provider's count; the real summaries were measured in o200k
    const outs = runs.flatMap((r) => r.steps.filter((s) => s.events.includes('summary') && s.auxOutputTokens > 0).map((s) => s.auxOutputTokens / scale));
    expect(outs.length).toBeGreaterThan(0);
    const real = SUMMARY_LENGTHS.samples.map((s) => s.outputTokens);
    expect(median(outs)).toBeGreaterThanOrEqual(Math.min(...real));
    expect(median(outs)).toBeLessThanOrEqual(Math.max(...real));
  });
});
