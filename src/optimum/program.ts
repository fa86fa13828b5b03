/**
 * The offline optimum: the cheapest schedule of compaction operators for one workload, by dynamic
 * programming over compaction points.
 *
 * State after the last operation: (a, p) — the step of the last summary (a, or -1 for none) and of the
 * last prune since it (p; p = a when the last operation was the summary, -1 before any). Both operators
 * leave a history that depends only on that pair: a summary at a keeps just its summary and the blocks
 * from a on; a prune at p has replaced every prunable message in blocks [a, p − k). Between operations
 * every request is a pure append, so it reads the previous request and writes its own block; the cost
 * of a request that follows an operation depends only on the states before and after it. So
 * F(a, p) = cheapest cost of requests 0..p ending in state (a, p) satisfies a shortest-path recurrence
 * over increasing steps, and the minimum over final states is the bound.
 *
 * Work: O(N²) states, O(N) transitions each, O(1) per transition, nothing allocated in the loop; prune
 * states that are dominated (see `expandable`) are not expanded, which removes most of the cubic term.
 */
import type { WorkloadBlocks } from './blocks.js';
import type { OptimumFamily } from './family.js';
import type { NeedCharges } from './need-charges.js';
import { requestCost, type StepPrices } from './step-prices.js';

export interface Operation {
  step: number;
  op: 'summary' | 'prune';
}

export interface OptimumResult {
  /** dollars of the cheapest schedule: requests plus summary calls */
  cost: number;
  schedule: Operation[];
  /** dollars of the same workload with no operation (the relaxed `none`) */
  noOpCost: number;
}

interface Program {
  n: number; W: number; sys: number; S: number; k: number;
  B: Float64Array; V: Float64Array; nextPrunable: Int32Array;
  F: Float64Array; parent: Int32Array;
}

function setUp(b: WorkloadBlocks, family: OptimumFamily): Program {
  const n = b.n;
  const W = n + 1; // states are indexed (a + 1) * W + (p + 1)
  const B = new Float64Array(n + 1); // B[t + 1] = size of blocks 0..t
  const V = new Float64Array(n + 1); // V[t + 1] = prunable tokens of blocks 0..t
  for (let t = 0; t < n; t++) {
    B[t + 1] = B[t]! + b.size[t]!;
    V[t + 1] = V[t]! + b.saved[t]!;
  }
  const nextPrunable = new Int32Array(n + 1).fill(n); // first block ≥ u with something prunable
  for (let u = n - 1; u >= 0; u--) nextPrunable[u] = b.pre[u]! >= 0 ? u : nextPrunable[u + 1]!;
  const F = new Float64Array(W * W).fill(Infinity);
  F[0] = 0;
  return {
    n, W, sys: b.systemTokens, S: b.summaryMessage, k: family.pruneKeepSteps,
    B, V, nextPrunable, F, parent: new Int32Array(W * W).fill(-1),
  };
}

/** Prefix tokens of state (a, p): a request at step t in it has C + B[t + 1] prompt tokens. */
function prefixOf(g: Program, a: number, p: number): number {
  const lo = a < 0 ? 0 : a;
  const hi = p > a ? Math.max(lo, p - g.k) : lo;
  return g.sys + (a >= 0 ? g.S : 0) - g.B[lo]! - (g.V[hi]! - g.V[lo]!);
}

/**
 * Which states at step p to expand. Prune states (a, p) with a ≤ p − k hold the same messages from
 * p − k on and differ only in their prefix size C; every later cost is non-decreasing in C while the
 * prompt stays cacheable (`monotone`), so a state with no smaller C and no lower cost so far than
 * another can never lead to a cheaper schedule: the Pareto front over (C, cost) is all that is needed.
 */
function expandable(g: Program, p: number, monotone: boolean): number[] {
  const all: number[] = [];
  const front: { a: number; C: number; f: number }[] = [];
  for (let a = -1; a <= p; a++) {
    const f = g.F[(a + 1) * g.W + (p + 1)]!;
    if (f === Infinity) continue;
    if (monotone && p > a && a <= p - g.k) front.push({ a, C: prefixOf(g, a, p), f });
    else all.push(a);
  }
  front.sort((x, y) => x.C - y.C || x.f - y.f || x.a - y.a);
  let bestF = Infinity;
  for (const s of front) {
    if (s.f < bestF) {
      all.push(s.a);
      bestF = s.f;
    }
  }
  return all;
}

/**
 * `charges`: what removing a source that a later step needs costs (need-charges.ts); without it,
 * forgetting is free and the bound is that of total amnesia. A summary at q removes the tool sources of
 * blocks [hi, q) (older ones are already summarized or pruned), a prune at q those of [hi, q − k).
 */
export function solveOptimum(b: WorkloadBlocks, sp: StepPrices, family: OptimumFamily, charges: NeedCharges | null = null): OptimumResult {
  const g = setUp(b, family);
  const { n, W, sys, S, k, B, V, nextPrunable, F, parent } = g;
  const useSummary = family.operators !== 'prune';
  const usePrune = family.operators !== 'summary';
  // every prompt of every state is at least the system prompt: cacheable throughout when that is
  let minCacheable = 0;
  for (let t = 0; t < n; t++) minCacheable = Math.max(minCacheable, sp.minCacheable[t]!);
  const monotone = sys >= minCacheable;
  let best = Infinity;
  let bestState = -1;
  let noOpCost = 0;

  for (let p = -1; p < n; p++) {
    for (const a of expandable(g, p, monotone)) {
      const state = (a + 1) * W + (p + 1);
      const f = F[state]!;
      const lo = a < 0 ? 0 : a;
      const hi = p > a ? Math.max(lo, p - k) : lo;
      const C = prefixOf(g, a, p);
      let run = 0;
      for (let q = p + 1; q < n; q++) {
        const sizeBefore = C + B[q + 1]!;
        const here = f + run;
        if (useSummary && q > 0) {
          const input = sizeBefore - sys - b.size[q]!;
          const aux = input * sp.auxRead[q]! + family.summaryTokens * sp.auxOutput[q]!;
          const cost = here + aux + requestCost(sp, q, sys + S + b.size[q]!, sys, b.output[q]!) + (charges ? charges.between(q, hi, q) : 0);
          const to = (q + 1) * W + (q + 1);
          if (cost < F[to]!) { F[to] = cost; parent[to] = state; }
        }
        if (usePrune) {
          const hiNew = Math.max(lo, q - k);
          const first = nextPrunable[hi]!;
          if (first < hiNew) {
            const newSize = sizeBefore - (V[hiNew]! - V[hi]!);
            const shared = C + B[first]! + b.pre[first]!;
            const cost = here + requestCost(sp, q, newSize, shared, b.output[q]!) + (charges ? charges.between(q, hi, hiNew) : 0);
            const to = (a + 1) * W + (q + 1);
            if (cost < F[to]!) { F[to] = cost; parent[to] = state; }
          }
        }
        run += requestCost(sp, q, sizeBefore, C + B[q]!, b.output[q]!);
      }
      if (f + run < best) { best = f + run; bestState = state; }
      if (state === 0) noOpCost = run;
    }
  }
  return { cost: best, schedule: backtrack(parent, bestState, W), noOpCost };
}

function backtrack(parent: Int32Array, end: number, W: number): Operation[] {
  const ops: Operation[] = [];
  for (let s = end; s > 0; s = parent[s]!) {
    const a = Math.floor(s / W) - 1;
    const p = (s % W) - 1;
    ops.push({ step: p, op: p === a ? 'summary' : 'prune' });
  }
  return ops.reverse();
}
