/**
 * The use log policies read (ctx.uses): a step's needs enter it once its request is sent, so beforeStep
 * of that step never sees them and afterStep of that step does — the past only, never the future.
 */
import { describe, expect, it } from 'vitest';
import { toRunScenario } from '../../src/cli/run-plan.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { loadScenario } from '../../src/workload/scenario.js';

const tokens = createTokenCounter();

describe('ctx.uses', () => {
  it('shows a step\'s uses from its afterStep on, never in its beforeStep, with the gaps since each content\'s last activity', () => {
    const sc = toRunScenario(loadScenario('small-32k'));
    const w = sc.makeWorkload(1, tokens);
    const needs = w.needs!.filter((n) => !n.source.startsWith('append:'));
    expect(needs.length).toBeGreaterThan(10);
    const seen: { step: number; hook: 'before' | 'after'; last: (number | undefined)[]; gaps: number }[] = [];
    const probe: PolicyDefinition = {
      id: 'probe', description: 'records what ctx.uses says', source: 'test', params: [],
      create: (params) => ({
        id: 'probe', params,
        beforeStep(_h, ctx) { seen.push({ step: ctx.step, hook: 'before', last: needs.map((n) => ctx.uses!.lastUse(n.source)), gaps: ctx.uses!.gaps.length }); return undefined; },
        afterStep(_h, _u, ctx) { seen.push({ step: ctx.step, hook: 'after', last: needs.map((n) => ctx.uses!.lastUse(n.source)), gaps: ctx.uses!.gaps.length }); return undefined; },
      }),
    };
    // open loop: loop steps are scripted steps, so a need's step is the step that uses it
    const { reaction: _r, ...open } = sc.settings;
    runSession(makeSetup({ scenario: sc.name, seed: 1, workload: w, policy: resolvePolicy(probe), settings: open, tokens }));
    needs.forEach((n, i) => {
      const before = seen.find((x) => x.step === n.step && x.hook === 'before')!;
      const after = seen.find((x) => x.step === n.step && x.hook === 'after')!;
      expect(before.last[i] === undefined || before.last[i]! < n.step).toBe(true);
      expect(after.last[i]).toBe(n.step);
    });
    expect(seen.at(-1)!.gaps).toBe(w.needs!.length);
  });
});
