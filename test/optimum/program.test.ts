/**
 * The offline optimum's dynamic program is exact: on small hand-made workloads its cost equals the
 * minimum over every schedule (3ⁿ, enumerated) of an independent, message-by-message evaluation of the
 * same relaxed cost model, and the schedule it returns costs what it says.
 */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { workloadBlocks } from '../../src/optimum/blocks.js';
import { OptimumFamilySchema, type OptimumFamily } from '../../src/optimum/family.js';
import { solveOptimum } from '../../src/optimum/program.js';
import { stepPrices } from '../../src/optimum/step-prices.js';
import { profileFor } from '../../src/sim/setup.js';
import { allSchedules, referenceCost, smallWorkload, type Op } from './fixtures.js';

const tokens = createTokenCounter();

function solve(seed: string, n: number, family: OptimumFamily, gap?: (t: number) => number) {
  const w = smallWorkload(seed, n, { gap });
  const sp = stepPrices(workloadBlocks(w, tokens, family), (m) => profileFor(m), undefined)!;
  const res = solveOptimum(workloadBlocks(w, tokens, family), sp, family);
  return { w, sp, res };
}

const families: [string, OptimumFamily][] = [
  ['default family', OptimumFamilySchema.parse({})],
  ['k = 1, placeholder 8, no cap', OptimumFamilySchema.parse({ pruneKeepSteps: 1, placeholderTokens: 8, insertionCapTokens: 0 })],
  ['summary only, 2k summary', OptimumFamilySchema.parse({ operators: 'summary', summaryTokens: 2000 })],
  ['prune only, k = 2', OptimumFamilySchema.parse({ operators: 'prune', pruneKeepSteps: 2 })],
];

describe('offline optimum: exact within its family', () => {
  it.each(families)('%s: equals the brute-force minimum over all schedules', (_name, family) => {
    for (const seed of ['a', 'b', 'c', 'd']) {
      // long pauses at some steps, so TTL expiry is part of what the schedule must work around
      const { w, sp, res } = solve(seed, 7, family, (t) => (t === 4 ? 400 : 5));
      let min = Infinity;
      for (const ops of allSchedules(w.steps.length)) {
        if (family.operators === 'summary' && ops.includes('prune')) continue;
        if (family.operators === 'prune' && ops.includes('summary')) continue;
        min = Math.min(min, referenceCost(w, tokens, sp, family, ops));
      }
      expect(res.cost).toBeCloseTo(min, 12);
      const ops: Op[] = new Array<Op>(w.steps.length).fill('none');
      for (const o of res.schedule) ops[o.step] = o.op;
      expect(referenceCost(w, tokens, sp, family, ops)).toBeCloseTo(res.cost, 12);
      expect(res.noOpCost).toBeCloseTo(referenceCost(w, tokens, sp, family, ops.map(() => 'none')), 12);
    }
  });

  it('the bound is below doing nothing, and compacts a long tool-heavy session', () => {
    const { res } = solve('long', 120, OptimumFamilySchema.parse({}));
    expect(res.cost).toBeLessThan(res.noOpCost);
    expect(res.schedule.some((o) => o.op === 'summary')).toBe(true);
    expect(res.schedule.some((o) => o.op === 'prune')).toBe(true);
  });

  it('a tighter family never gives a lower bound', () => {
    const loose = solve('tight', 60, OptimumFamilySchema.parse({})).res.cost;
    const tight = solve('tight', 60, OptimumFamilySchema.parse({ summaryTokens: 3000, pruneKeepSteps: 3, insertionCapTokens: 0 })).res.cost;
    expect(tight).toBeGreaterThanOrEqual(loose);
  });
});
