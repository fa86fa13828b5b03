/**
 * Agent reaction (closed loop): a policy that removes a file the agent later edits pays for a re-fetch;
 * with the loop off — or nothing removed — the records are exactly the open loop's.
 */
import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { REGISTRY, resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { DEFAULT_REACTION, type ReactionSettings } from '../../src/sim/reaction.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup, type SimSettings } from '../../src/sim/setup.js';
import { deriveNeeds } from '../../src/workload/needs/derive.js';
import type { Workload } from '../../src/workload/types.js';

const tokens = createTokenCounter();
const FILE = 'export const answer = 42;\n'.repeat(300);

/** read /a.ts, two shell steps, then an edit of /a.ts that needs what was read */
function workload(): Workload {
  const step = (append: ReturnType<typeof user>[], response: ReturnType<typeof assistant>) => ({ userTurn: 0, append, response, outputTokens: 40, gapBefore: 5, latency: 3 });
  const steps = [
    step([user('Change the answer in /a.ts.')], assistant(null, [call('r1', 'Read', { file_path: '/a.ts' })])),
    step([toolResult('r1', FILE)], assistant(null, [call('b1', 'Bash', { command: 'npm test' })])),
    step([toolResult('b1', 'ok '.repeat(400))], assistant(null, [call('b2', 'Bash', { command: 'git status' })])),
    step([toolResult('b2', 'clean '.repeat(400))], assistant(null, [call('e1', 'Edit', { file_path: '/a.ts', old_string: 'export const answer = 42;', new_string: 'export const answer = 43;' })])),
    step([toolResult('e1', 'updated')], assistant('Done.')),
  ];
  return {
    id: 'reaction', system: sys('You are a coding agent. '.repeat(200)), model: 'claude-sonnet-4.5', contextWindow: 200_000, maxOutputTokens: 32_000,
    steps, needs: deriveNeeds(steps),
  };
}

/** clears every tool result once, before step 2 */
const clearAll: PolicyDefinition = {
  id: 'clear-all', description: 'test', source: 'test', params: [],
  create: () => ({
    id: 'clear-all', params: {},
    beforeStep: (history, ctx) => (ctx.step === 2
      ? { kind: 'prune', history: history.map((m) => (m.role === 'tool' ? { ...m, content: '[cleared]' } : m)) } : undefined),
  }),
};

function run(def: PolicyDefinition, reaction?: ReactionSettings) {
  const settings: SimSettings = { breakpoints: 'auto', summarizer: { fidelity: 1, failureRate: 0, failAt: [] }, ...(reaction ? { reaction } : {}) };
  return runSession(makeSetup({ scenario: 's', seed: 1, workload: workload(), policy: resolvePolicy(def), settings, tokens, checked: true }));
}
const cost = (r: ReturnType<typeof run>): number => r.steps.reduce((s, x) => s + x.costTotal!, 0);

describe('agent reaction', () => {
  it('marks the edit of a file read earlier as needing the read, and the file the user named', () => {
    expect(workload().needs).toEqual([
      { step: 0, source: 'append:0:0', sourceStep: 0, kind: 'instruction', ident: '/a.ts', probe: '/a.ts' },
      { step: 3, source: 'r1', sourceStep: 1, kind: 'edit', ident: '/a.ts', probe: 'export const answer = 42;' },
      { step: 3, source: 'append:0:0', sourceStep: 0, kind: 'instruction', ident: '/a.ts', probe: '/a.ts' },
    ]);
  });

  it('a policy that removed a file the agent then edits pays for re-reading it', () => {
    const open = run(clearAll);
    const closed = run(clearAll, { ...DEFAULT_REACTION, pPlaceholder: 1 });
    expect(open.steps).toHaveLength(5);
    expect(closed.steps).toHaveLength(6);
    expect(closed.telemetry['reaction.reReads']).toBe(1);
    expect(closed.telemetry['reaction.reReads.placeholder']).toBe(1);
    expect(cost(closed)).toBeGreaterThan(cost(open));
    expect(closed.violations).toEqual([]);
    // the re-read brings the file back: the edit's request is larger by about the file's tokens
    expect(closed.steps[4]!.promptTokens - open.steps[3]!.promptTokens).toBeGreaterThan(tokens.count(FILE));
  });

  it('with probability 0, or a policy that removes nothing, the records are exactly the open loop', () => {
    const never = { ...DEFAULT_REACTION, pPlaceholder: 0, pSummary: 0, pTruncation: 0 };
    for (const [def, reaction] of [[clearAll, never], [REGISTRY.get('none')!, DEFAULT_REACTION]] as const) {
      const open = run(def);
      const closed = run(def, reaction);
      expect(closed.steps).toEqual(open.steps);
      expect(closed.events).toEqual(open.events);
      expect(closed.telemetry['reaction.reReads']).toBe(0);
      expect(Object.keys(open.telemetry).some((k) => k.startsWith('reaction.'))).toBe(false);
    }
  });
});
