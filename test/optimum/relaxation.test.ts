/**
 * The bound's cost model is a relaxation of the simulator's: a schedule of the family, executed by a
 * policy through the real step loop and cache model, never costs less than the optimum's evaluation of
 * the same schedule. With the dynamic program exact (program.test.ts), the optimum is therefore a lower
 * bound for every schedule of its family.
 */
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { createTokenCounter } from '../../src/core/tokens.js';
import { providerCounter, tokenScaleFor } from '../../src/cache/token-scale.js';
import type { Message } from '../../src/core/messages.js';
import { workloadBlocks } from '../../src/optimum/blocks.js';
import { OptimumFamilySchema, type OptimumFamily } from '../../src/optimum/family.js';
import { solveOptimum } from '../../src/optimum/program.js';
import { stepPrices } from '../../src/optimum/step-prices.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup, profileFor } from '../../src/sim/setup.js';
import type { Workload } from '../../src/workload/types.js';
import { referenceCost, smallWorkload, type Op } from './fixtures.js';

const tokens = createTokenCounter();

/** A policy that performs exactly the family's operations at the scheduled steps. */
function schedulePolicy(w: Workload, ops: readonly Op[], family: OptimumFamily): PolicyDefinition {
  return {
    id: 'schedule', description: 'executes a fixed schedule (test)', source: 'test', params: [],
    create() {
      const blockOf = new WeakMap<Message, number>();
      w.steps.forEach((st, t) => {
        for (const m of st.append) blockOf.set(m, t);
        blockOf.set(st.response, t + 1);
      });
      return {
        id: 'schedule', params: {},
        beforeStep(history, ctx) {
          const op = ops[ctx.step];
          const t = ctx.step;
          if (op === 'summary' && t > 0) {
            const older = history.filter((m) => (blockOf.get(m) ?? -1) < t);
            const r = ctx.summarizer.summarize({ messages: older, budgetTokens: family.summaryTokens , budgetKind: 'target'});
            if (!r.ok) throw new Error(r.error);
            return { kind: 'summary', history: [{ role: 'user', content: r.text }, ...history.filter((m) => blockOf.get(m) === t)] };
          }
          if (op === 'prune') {
            const out = history.map((m) => {
              const block = blockOf.get(m) ?? t;
              if (block >= t - family.pruneKeepSteps) return m;
              if (m.role === 'tool' && m.content !== '') return keep(blockOf, { ...m, content: '' }, block);
              if (m.role === 'assistant' && m.reasoning) {
                const { reasoning: _r, ...rest } = m;
                return keep(blockOf, rest as Message, block);
              }
              return m;
            });
            return { kind: 'prune', history: out };
          }
          return undefined;
        },
      };
    },
  };
}

function keep(map: WeakMap<Message, number>, m: Message, block: number): Message {
  map.set(m, block);
  return m;
}

function simulatedCost(w: Workload, ops: readonly Op[], family: OptimumFamily): number {
  const run = runSession(makeSetup({
    scenario: 'relaxation', seed: 1, workload: w, policy: resolvePolicy(schedulePolicy(w, ops, family)),
    settings: { breakpoints: 'auto', summarizer: { fidelity: 1, failureRate: 0, failAt: [] } }, tokens,
  }));
  expect(run.failure).toBeNull();
  return run.steps.reduce((s, r) => s + r.costTotal!, 0);
}

describe('offline optimum: a relaxation of the simulator', () => {
  // placeholders are empty and outputs uncapped, so the test policy needs no trimming of its own
  const family = OptimumFamilySchema.parse({ insertionCapTokens: 0, pruneKeepSteps: 1 });

  it('the optimal schedule and random schedules cost at least their relaxed cost when simulated', () => {
    const rng = seedrandom.alea('schedules');
    for (const seed of ['r1', 'r2', 'r3']) {
      const w = smallWorkload(seed, 40, { gap: (t) => (t % 17 === 16 ? 600 : 8) });
      // the provider's count, as the simulator bills
      const scale = tokenScaleFor(profileFor(w.model));
      const provider = providerCounter(tokens, scale);
      const blocks = workloadBlocks(w, provider, family, () => scale.scale);
      const sp = stepPrices(blocks, (m) => profileFor(m), undefined)!;
      const best = solveOptimum(blocks, sp, family);
      const optimal: Op[] = new Array<Op>(w.steps.length).fill('none');
      for (const o of best.schedule) optimal[o.step] = o.op;
      const schedules: Op[][] = [optimal, optimal.map(() => 'none')];
      for (let i = 0; i < 4; i++) schedules.push(optimal.map(() => { const x = rng(); return x < 0.1 ? 'summary' : x < 0.4 ? 'prune' : 'none'; }));
      for (const ops of schedules) {
        const relaxed = referenceCost(w, provider, sp, family, ops, scale.scale);
        const simulated = simulatedCost(w, ops, family);
        expect(simulated).toBeGreaterThanOrEqual(relaxed * (1 - 1e-12));
        expect(relaxed).toBeGreaterThanOrEqual(best.cost * (1 - 1e-12));
      }
    }
  });
});
