/**
 * cache-aligned: prunes wait for a cold cache (or pay back), summaries are taken warm and read their
 * input from the cache. Checked on hand-made sessions through the real step loop.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, toolResult, user, type Message } from '../../src/core/messages.js';
import { PruneScan } from '../../src/policies/cache-aligned/prune.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { getProfile } from '../../src/cache/profiles.js';
import { cacheAlignedPolicy } from '../../src/policies/cache-aligned/policy.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import type { Workload } from '../../src/workload/types.js';
import { smallWorkload } from '../optimum/fixtures.js';

const tokens = createTokenCounter();

function run(w: Workload, params: Record<string, unknown> = {}) {
  return runSession(makeSetup({
    scenario: 'cache-aligned', seed: 1, workload: w, policy: resolvePolicy(cacheAlignedPolicy, params),
    settings: { breakpoints: 'auto', summarizer: { fidelity: 1, failureRate: 0, failAt: [] } }, tokens, checked: true,
  }));
}

describe('cache-aligned', () => {
  it('prunes at the moment the cache expired anyway, and only then when warm prunes cannot pay back', () => {
    // steady 5 s gaps, one 10-minute pause at step 30 (past the 5-minute TTL)
    const w = smallWorkload('cold', 45, { gap: (t) => (t === 30 ? 600 : 5) });
    // results unused for 5 steps are dead (no use log here: by age alone)
    const r = run(w, { pruneFraction: 1, pruneMinTokens: 2000, reusePriorSteps: 5 });
    const prunes = r.events.filter((e) => e.kind === 'prune' && e.note !== 'instead of a summary');
    expect(prunes.length).toBeGreaterThan(0);
    expect(prunes.every((e) => e.note === 'cold cache')).toBe(true);
    expect(prunes[0]!.step).toBe(30);
    expect(r.violations).toEqual([]);
    // the pause expired the cache: the pruned request breaks nothing that was not broken already
    expect(r.steps[30]!.breakCause).toBe('ttl-expiry');
  });

  it('without a pause, a warm prune happens only once it pays back within the expected remaining steps', () => {
    const w = smallWorkload('warm', 60);
    // the horizon here is the steps so far (paybackToSummary, tested below, ends it earlier)
    const eager = run(w, { pruneFraction: 0, pruneMinTokens: 1000, minHorizonSteps: 1000, paybackToSummary: false, paybackMargin: 1 });
    const warm = eager.events.filter((e) => e.kind === 'prune' && e.note === 'pays back');
    expect(warm.length).toBeGreaterThan(0);
    for (const e of warm) expect(JSON.parse(e.detail).breakEvenSteps).toBeLessThanOrEqual(JSON.parse(e.detail).horizon);
    // a margin: each accepted prune pays back that many times over within the horizon, so fewer are
    const margin = run(w, { pruneFraction: 0, pruneMinTokens: 1000, minHorizonSteps: 1000, paybackToSummary: false, paybackMargin: 2 });
    const paid = margin.events.filter((e) => e.kind === 'prune' && e.note === 'pays back');
    expect(paid.length).toBeLessThan(warm.length);
    for (const e of paid) expect(2 * JSON.parse(e.detail).breakEvenSteps).toBeLessThanOrEqual(JSON.parse(e.detail).horizon + 0.1);
    // a horizon of 1 step: no prune pays back that fast, so every candidate is vetoed
    const strict = run(w, { pruneFraction: 0, pruneMinTokens: 1000, minHorizonSteps: 1, paybackToSummary: false, paybackMargin: 1 });
    expect(strict.events.filter((e) => e.kind === 'prune' && e.note === 'pays back').length).toBeLessThan(warm.length);
    expect(strict.vetoes.some((v) => v.veto === 'break-even')).toBe(true);
  });

  it('a warm prune must pay back before the summary the prompt growth points to', () => {
    const w = smallWorkload('warm', 60);
    // the workload grows to ~0.6 of the window: a summary threshold at 0.7 leaves few steps for a payback
    const base = { pruneFraction: 0, pruneMinTokens: 1000, minHorizonSteps: 1000, summaryFraction: 0.7, paybackMargin: 1 };
    const untilEnd = run(w, { ...base, paybackToSummary: false }).events.filter((e) => e.note === 'pays back');
    const toSummary = run(w, { ...base, paybackToSummary: true });
    const accepted = toSummary.events.filter((e) => e.note === 'pays back');
    expect(accepted.length).toBeLessThan(untilEnd.length);
    for (const e of accepted) expect(JSON.parse(e.detail).breakEvenSteps).toBeLessThanOrEqual(JSON.parse(e.detail).horizon);
    expect(toSummary.vetoes.some((v) => v.veto === 'break-even')).toBe(true);
  });

  it('summarizes at a cold moment once the prompt passed coldSummaryFraction, and not on a warm cache', () => {
    const w = smallWorkload('cold', 45, { gap: (t) => (t === 30 ? 600 : 5) });
    // nothing is dead and no threshold summary: only the cold moment at step 30 can summarize
    const base = { summaryFraction: 1, pruneMinTokens: 1_000_000, reusePriorSteps: 1000 };
    const cold = run(w, { ...base, coldSummaryFraction: 0.05 });
    const summaries = cold.events.filter((e) => e.kind === 'summary');
    expect(summaries.map((e) => e.step)).toEqual([30]);
    expect(summaries[0]!.phase).toBe('before');
    expect(cold.telemetry.coldSummaries).toBe(1);
    expect(cold.violations).toEqual([]);
    expect(run(w, { ...base, coldSummaryFraction: 1 }).events.filter((e) => e.kind === 'summary')).toEqual([]);
  });

  it('summarizes right after a request at the threshold, reading its input from the warm cache', () => {
    const w = smallWorkload('sum', 80);
    const r = run(w, { summaryFraction: 0.1, pruneMinTokens: 1_000_000 });
    const summaries = r.events.filter((e) => e.kind === 'summary');
    expect(summaries.length).toBeGreaterThan(0);
    const aux = r.steps.filter((s) => s.auxCalls > 0);
    expect(aux.length).toBeGreaterThan(0);
    const p = getProfile('claude-sonnet-4.5')!.prices;
    // read from the cache: cheaper than the same tokens billed as fresh input
    for (const s of aux) expect(s.auxCost!).toBeLessThan((s.auxInputTokens * p.input! + s.auxOutputTokens * p.output!) / 1e6);
    expect(r.telemetry.warmSummaries).toBe(summaries.length);
  });
});

describe('cache-aligned prune scan, incremental', () => {
  const tokens = createTokenCounter();
  const PH = '[placeholder]';
  /** The prune's candidates recomputed from the whole history: results older than the newest `keep`, not cleared. */
  function naive(h: readonly Message[], keep: number) {
    const results = h.flatMap((m, i) => (m.role === 'tool' ? [i] : []));
    const indices = results.slice(0, Math.max(0, results.length - keep)).filter((i) => h[i]!.content !== PH);
    const reclaimed = indices.reduce((n, i) => n + tokens.message(h[i]!) - tokens.message({ ...h[i]!, content: PH }), 0);
    return indices.length ? { indices, reclaimed } : undefined;
  }
  const msg = fc.oneof(
    fc.string({ maxLength: 30 }).map((s) => user(s)),
    fc.string({ maxLength: 30 }).map((s) => assistant(s)),
    fc.string({ maxLength: 60 }).map((s) => toolResult('c', s)),
    fc.constant(toolResult('c', PH)),
  );
  const session = fc.array(fc.record({ append: fc.array(msg, { maxLength: 5 }), rewrite: fc.boolean() }), { maxLength: 25 });

  it('equals the whole-history candidates on every step, over appends to one array and rewrites', () => {
    fc.assert(fc.property(session, fc.nat({ max: 4 }), (steps, keep) => {
      const scan = new PruneScan(keep, PH);
      let h: Message[] = [];
      for (const s of steps) {
        if (s.rewrite) h = h.filter((_, i) => i % 2 === 0); // a new array, as the harness makes on a rewrite
        h.push(...s.append);
        expect(scan.of(h, tokens)).toEqual(naive(h, keep));
      }
    }), { numRuns: Number(process.env.CB_PROP_RUNS ?? 200), seed: 94177 });
  });
});
