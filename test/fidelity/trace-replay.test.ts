/**
 * Trace replay sends what the client sent (issue 10 part 2): the unlogged system block and thinking are
 * sized from the recorded usage, Claude Code's auto-compact alone fires where the real one did, and a
 * recorded manual /compact reaches the policy's onCommand.
 */
import { describe, expect, it } from 'vitest';
import { traceRunScenario } from '../../src/cli/trace-scenarios.js';
import { assistant, user } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { resolvePolicySpec } from '../../src/policies/registry.js';
import { planCells, runCells } from '../../src/sim/run.js';
import { importTrace, traceToWorkload, type ImportedTrace } from '../../src/workload/import/index.js';
import { COMPACTED } from './helpers.js';

const AUTO_COMPACT_ALONE = 'claude-code:microcompact=false,timeBasedMicrocompact=false';

function replay(file: string, trace: ImportedTrace, policy: string) {
  const scenario = traceRunScenario(file, trace);
  return runCells(planCells({ scenarios: [scenario], policies: [resolvePolicySpec(policy)], seeds: [1] }), createTokenCounter())[0]!;
}

/**
 * Under the pooled Anthropic scale (1.137 + 44, fitted on 56 sessions) fa812bfe's late prompts are modelled
 * 4–5% short (this CLI 2.1 session adds more per message than the pooled 44 tokens): the replay's prompt
 * stays under Claude Code's threshold at the recorded compaction point, and auto-compact fires on the
 * next step. Under the first fit (1.105 + 82, fitted on these sessions) it fired within 1.9%.
 */
const FIRES_A_STEP_LATE = 'fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';

describe('run --trace on the shared Claude Code sessions that auto-compacted', () => {
  for (const file of COMPACTED) {
    const name = file.split('/').at(-1)!;
    const late = name === FIRES_A_STEP_LATE;
    it(`fires the first compaction ${late ? 'one step after the recorded one' : 'within 3% of the recorded preTokens'}: ${name}`, async () => {
      const trace = await importTrace(file);
      const pre = trace.meta.compactions[0]!.preTokens!;
      const run = replay(file, trace, AUTO_COMPACT_ALONE);
      const first = run.events.find((e) => e.kind === 'summary');
      expect(first, 'no compaction').toBeDefined();
      if (late) {
        // the step before: within 5% of the recorded preTokens, but short of it, so the trigger did not fire
        const previous = run.steps[first!.step - 1]!.promptTokens;
        expect(previous).toBeLessThan(pre);
        expect(previous).toBeGreaterThanOrEqual(0.95 * pre);
        expect(first!.tokensBefore).toBeGreaterThan(pre);
      } else {
        expect(Math.abs(first!.tokensBefore - pre) / pre).toBeLessThanOrEqual(0.03);
      }
      // the first request carries the unlogged block: the recorded first prompt, not a 30-token placeholder
      const recordedFirst = trace.meta.calls[0]!;
      const firstPrompt = recordedFirst.input! + recordedFirst.cacheRead! + recordedFirst.cacheWrite!;
      expect(Math.abs(run.steps[0]!.promptTokens - firstPrompt)).toBeLessThanOrEqual(2);
    });
  }
});

describe('a recorded manual compaction', () => {
  const trace: ImportedTrace = {
    messages: [user('fix the parser'), assistant('done, what next?'), user('<command-name>/compact</command-name>'),
      user('This session is being continued... Summary: fixed the parser.'), assistant('ok, continuing')],
    meta: {
      format: 'claude-code', source: 'manual.jsonl', calls: [], unansweredToolCalls: [], orphanToolResults: [], notes: [], extra: {},
      compactions: [{ beforeMsgIndex: 3, trigger: 'manual', preTokens: 1200 }],
    },
    warnings: [],
  };

  it('becomes a /compact command event on the step that carries the summary', () => {
    const w = traceToWorkload(trace, { contextWindow: 200_000, maxOutputTokens: 32_000, model: 'claude-sonnet-4.5', tokens: createTokenCounter() });
    expect(w.steps[0]!.events).toBeUndefined();
    expect(w.steps[1]!.events).toEqual([{ type: 'command', command: '/compact' }]);
  });

  it('runs the policy\'s onCommand there', () => {
    const run = replay('manual.jsonl', trace, 'claude-code');
    const ev = run.events.find((e) => e.phase === 'command');
    expect(ev?.kind).toBe('summary');
    expect(ev?.note).toBe('manual /compact');
  });
});
