/**
 * Every policy of this family passes the invariant checks — on hand-made sessions, on generated ones
 * and on the real transcripts in <shared>/traces/openai (test/shared-data.ts; required in CI) — with no
 * violation beyond those the transcript already has, no policy failure, and a compaction actually run.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { anthropicClearThinkingPolicy, anthropicClearToolUsesPolicy, anthropicCompactionPolicy } from '../../src/policies/anthropic/definitions.js';
import { claudeCodePolicy } from '../../src/policies/claude-code/policy.js';
import { claudeCodeTutorialPolicy } from '../../src/policies/claude-code/tutorial.js';
import { kilocodePolicy, opencodePolicy } from '../../src/policies/opencode/policy.js';
import { twoPhasePolicy } from '../../src/policies/opencode/two-phase.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { importTrace, traceToWorkload } from '../../src/workload/import/index.js';
import type { Workload } from '../../src/workload/types.js';
import { fixtureWorkload } from '../sim/fixtures.js';
import { runChecked } from './instrument.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

/** Each policy with parameters that make it act within small sessions. */
const POLICIES: Array<[PolicyDefinition, Record<string, unknown>]> = [
  [claudeCodePolicy, { microcompact: true, timeBasedMicrocompact: true, microcompactMinTokens: 8_000, microcompactMinSavings: 4_000, timeGapMinutes: 1 }],
  [claudeCodeTutorialPolicy, { threshold: 30_000 }],
  [anthropicClearToolUsesPolicy, { trigger: 20_000, clearToolInputs: true }],
  [anthropicClearThinkingPolicy, {}],
  [anthropicCompactionPolicy, { trigger: 50_000 }],
  [opencodePolicy, { prune: true, pruneProtectTokens: 4_000, pruneMinimumTokens: 2_000 }],
  [opencodePolicy, { compactionMode: 'suffix' }],
  [anthropicClearToolUsesPolicy, { trigger: 20_000, serverState: 'remembers' }],
  [anthropicCompactionPolicy, { trigger: 50_000, mode: 'on-demand' }],
  [kilocodePolicy, { prune: true, pruneProtectTokens: 4_000, pruneMinimumTokens: 2_000 }],
  [twoPhasePolicy, { adaptiveProtect: false, pruneProtectTokens: 4_000, pruneMinimumTokens: 2_000 }],
];

function expectClean(def: PolicyDefinition, w: Workload, params: Record<string, unknown>, tokens = createTokenCounter()) {
  const { run, added } = runChecked(def, w, tokens, params);
  expect(run.failure, `${def.id} on ${w.id}: ${run.failure?.error}`).toBeNull();
  expect(added.map((a) => `${a.where} ${a.violation.detail}`), `${def.id} on ${w.id}`).toEqual([]);
  return run;
}

describe('invariants on hand-made sessions', () => {
  for (const [def, params] of POLICIES) {
    it(`${def.id} adds no violation and acts`, () => {
      const tokens = createTokenCounter();
      const w = fixtureWorkload(tokens, { turns: 6, stepsPerTurn: 8, resultChars: 12_000, contextWindow: 60_000, thinkTime: 120 });
      const run = expectClean(def, w, params, tokens);
      if (def !== anthropicClearThinkingPolicy) expect(run.events.length, def.id).toBeGreaterThan(0);
    });
  }
});

describe('invariants on generated sessions', () => {
  const workloads: Array<{ w: Workload; tokens: ReturnType<typeof createTokenCounter> }> = [];
  beforeAll(async () => {
    const { generateWorkload } = await import('../../src/workload/generator.js');
    const { loadScenario } = await import('../../src/workload/scenario.js');
    for (const name of ['small-32k', 'claude-code-200k']) {
      const tokens = createTokenCounter();
      workloads.push({ w: generateWorkload(loadScenario(name), 1, tokens), tokens });
    }
  }, 60_000);
  for (const [def, params] of POLICIES) {
    it(`${def.id} adds no violation`, () => {
      for (const { w, tokens } of workloads) expectClean(def, w, params, tokens);
    });
  }
});

const TRACES = path.join(SHARED_DIR, 'traces/openai');
describe.runIf(requireShared('traces/openai', 'invariants on the real transcripts'))('invariants on the real transcripts', () => {
  const files = existsSync(TRACES) ? readdirSync(TRACES).filter((f) => f.endsWith('.jsonl')).sort() : [];
  it(`all ${files.length} transcripts, every policy`, async () => {
    let acted = 0;
    for (const f of files) {
      const tokens = createTokenCounter();
      const trace = await importTrace(path.join(TRACES, f));
      const w = traceToWorkload(trace, { contextWindow: 100_000, maxOutputTokens: 16_000, model: 'claude-sonnet-4.5', tokens });
      for (const [def, params] of POLICIES) acted += expectClean(def, w, params, tokens).events.length;
    }
    expect(acted).toBeGreaterThan(0);
  }, 120_000);
});
