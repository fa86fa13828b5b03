/**
 * The bound that prices forgetting (need-charges.ts) is exact too: on small workloads with needs, the
 * dynamic program's cost equals the minimum over every schedule of the reference cost plus an
 * independent reckoning of the charges (each tool source charged once, when a schedule first removes it,
 * if a re-fetched need of it follows); and it is never below the forget-free bound.
 */
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { workloadBlocks } from '../../src/optimum/blocks.js';
import { OptimumFamilySchema, type OptimumFamily } from '../../src/optimum/family.js';
import { needCharges, type BoundNeed, type NeedPricing } from '../../src/optimum/need-charges.js';
import { solveOptimum } from '../../src/optimum/program.js';
import { stepPrices, type StepPrices } from '../../src/optimum/step-prices.js';
import { profileFor } from '../../src/sim/setup.js';
import type { Workload } from '../../src/workload/types.js';
import { allSchedules, referenceCost, smallWorkload, type Op } from './fixtures.js';

const tokens = createTokenCounter();

/** Needs on earlier tool results (call id `c<t>`, answered in step t + 1), half of them always re-fetched. */
function needsOf(w: Workload, seed: string): NeedPricing {
  const rng = seedrandom.alea(`needs:${seed}`);
  const needs: BoundNeed[] = [];
  for (let s = 2; s < w.steps.length; s++) {
    for (let j = 0; j < 2; j++) {
      const t = Math.floor(rng() * (s - 1)); // call c<t>, result appended at step t + 1 < s
      if (rng() < 0.6) needs.push({ step: s, source: `c${t}`, sourceStep: t + 1 });
    }
  }
  const refetched = new Set(needs.filter(() => rng() < 0.5));
  return { needs, alwaysRefetched: (n) => refetched.has(n as BoundNeed) };
}

/** The charges of one schedule, reckoned source by source from the schedule itself. */
function referenceCharges(w: Workload, sp: StepPrices, family: OptimumFamily, ops: readonly Op[], pricing: NeedPricing): number {
  const framing = tokens.message({ role: 'tool', content: '', tool_call_id: 'x' });
  const sysTokens = tokens.message(w.system);
  let readMin = Infinity;
  for (let t = 0; t < w.steps.length; t++) readMin = Math.min(readMin, sp.read[t]!, sp.lcRead[t]!);
  let total = 0;
  w.steps.forEach((st, step) => {
    for (const m of st.append) {
      if (m.role !== 'tool') continue;
      const full = Math.min(tokens.message(m), family.insertionCapTokens > 0 ? framing + family.insertionCapTokens : Infinity);
      const saved = Math.max(0, full - framing - family.placeholderTokens);
      // the first operation that removes it: a summary after its step, or a prune more than k steps after it
      const removed = ops.findIndex((op, q) => (op === 'summary' && q > step) || (op === 'prune' && step < q - family.pruneKeepSteps));
      if (removed < 0) continue;
      const later = pricing.needs.filter((n) => n.source === m.tool_call_id && n.step >= removed && pricing.alwaysRefetched(n)).map((n) => n.step);
      if (!later.length) continue;
      const at = Math.min(...later);
      const refetch = full * Math.min(sp.input[at]!, sp.write[at]!) + sysTokens * Math.min(sp.read[at]!, sp.lcRead[at]!);
      total += Math.min(refetch, saved * (at - removed + 1) * readMin);
    }
  });
  return total;
}

const families: [string, OptimumFamily][] = [
  ['default family', OptimumFamilySchema.parse({})],
  ['k = 1, placeholder 8, no cap', OptimumFamilySchema.parse({ pruneKeepSteps: 1, placeholderTokens: 8, insertionCapTokens: 0 })],
  ['prune only, k = 2', OptimumFamilySchema.parse({ operators: 'prune', pruneKeepSteps: 2 })],
];

describe('offline optimum with priced forgetting', () => {
  it.each(families)('%s: equals the brute-force minimum of cost plus charges over all schedules', (_name, family) => {
    for (const seed of ['a', 'b', 'c']) {
      const w = smallWorkload(seed, 7, { gap: (t) => (t === 4 ? 400 : 5) });
      const blocks = workloadBlocks(w, tokens, family);
      const sp = stepPrices(blocks, (m) => profileFor(m), undefined)!;
      const pricing = needsOf(w, seed);
      const charges = needCharges(w, blocks, sp, tokens, family, pricing);
      expect(charges).not.toBeNull();
      const res = solveOptimum(blocks, sp, family, charges);
      let min = Infinity;
      for (const ops of allSchedules(w.steps.length)) {
        if (family.operators === 'prune' && ops.includes('summary')) continue;
        min = Math.min(min, referenceCost(w, tokens, sp, family, ops) + referenceCharges(w, sp, family, ops, pricing));
      }
      expect(res.cost).toBeCloseTo(min, 12);
      expect(res.cost).toBeGreaterThanOrEqual(solveOptimum(blocks, sp, family).cost);
    }
  });

  it('charges nothing when no need would be re-fetched, and raises a long session\'s bound when many are', () => {
    const family = OptimumFamilySchema.parse({});
    const w = smallWorkload('long', 80);
    const blocks = workloadBlocks(w, tokens, family);
    const sp = stepPrices(blocks, (m) => profileFor(m), undefined)!;
    const { needs } = needsOf(w, 'long');
    expect(needCharges(w, blocks, sp, tokens, family, { needs, alwaysRefetched: () => false })).toBeNull();
    const free = solveOptimum(blocks, sp, family).cost;
    const priced = solveOptimum(blocks, sp, family, needCharges(w, blocks, sp, tokens, family, { needs, alwaysRefetched: () => true })).cost;
    expect(priced).toBeGreaterThan(free);
  });
});
