import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../src/report/gate-eval.js';
import { parseGate } from '../../src/report/gate.js';
import type { PairedDelta } from '../../src/report/paired.js';

/** A delta with baseline mean `base`, mean difference `d` and CI half-width `h`. */
function delta(metric: string, base: number, d: number, h: number, scenario = 's'): PairedDelta {
  return {
    scenario, metric: metric as never, seeds: [1, 2, 3],
    baseline: { mean: base, lo: base, hi: base, n: 3 }, candidate: { mean: base + d, lo: base + d, hi: base + d, n: 3 }, delta: { mean: d, lo: d - h, hi: d + h, n: 3 },
    relativePct: { mean: (100 * d) / base, lo: (100 * (d - h)) / base, hi: (100 * (d + h)) / base },
  };
}

const unpriced = (metric: string): PairedDelta => ({ scenario: 's', metric: metric as never, seeds: [], baseline: null, candidate: null, delta: null, relativePct: null });

describe('gate evaluation', () => {
  it('passes within the bound and fails beyond it (exit 0 / 2)', () => {
    const gate = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] });
    expect(evaluateGate(gate, [delta('costTotal', 1, 0.019, 0.05)]).exitCode).toBe(0);
    const v = evaluateGate(gate, [delta('costTotal', 1, 0.021, 0.05)]);
    expect(v.exitCode).toBe(2);
    expect(v.checks[0]).toMatchObject({ status: 'fail', rule: 'rise ≤ +2%', test: 'estimate' });
    expect(v.checks[0]!.observed).toBeCloseTo(2.1, 9);
  });

  it('tests the CI ends for "significant" and "conservative"', () => {
    const d = [delta('costTotal', 1, 0.03, 0.02)]; // +3% [+1%, +5%]
    const at = (test: string) => evaluateGate(parseGate({ test, limits: [{ metric: 'costTotal', maxRisePct: 2 }] }), d).status;
    expect(at('estimate')).toBe('fail');
    expect(at('significant')).toBe('pass'); // the CI reaches below +2%
    expect(at('conservative')).toBe('fail');
    expect(evaluateGate(parseGate({ test: 'conservative', limits: [{ metric: 'costTotal', maxRisePct: 6 }] }), d).status).toBe('pass');
  });

  it('limits drops as −delta, in units or percent', () => {
    const d = [delta('cacheReadShare', 0.8, -0.05, 0.01)]; // dropped by 0.05 = 6.25%
    expect(evaluateGate(parseGate({ limits: [{ metric: 'cacheReadShare', maxDrop: 0.04 }] }), d).status).toBe('fail');
    expect(evaluateGate(parseGate({ limits: [{ metric: 'cacheReadShare', maxDropPct: 7 }] }), d).status).toBe('pass');
    expect(evaluateGate(parseGate({ limits: [{ metric: 'cacheReadShare', maxRise: 0 }] }), d).status).toBe('pass');
  });

  it('a negative bound demands an improvement', () => {
    const gate = parseGate({ limits: [{ metric: 'breaksPer100Steps', maxRisePct: -10 }] });
    expect(evaluateGate(gate, [delta('breaksPer100Steps', 10, -0.5, 0.1)]).status).toBe('fail');
    expect(evaluateGate(gate, [delta('breaksPer100Steps', 10, -2, 0.1)]).status).toBe('pass');
  });

  it('is not evaluated (exit 3) when a cost is unpriced, a metric undefined, or a CI test has no interval', () => {
    const cost = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] });
    const v = evaluateGate(cost, [unpriced('costTotal')]);
    expect(v.exitCode).toBe(3);
    expect(v.checks[0]!.reason).toMatch(/unpriced/);
    const one = { ...delta('costTotal', 1, 0.01, NaN), relativePct: { mean: 1, lo: NaN, hi: NaN } };
    expect(evaluateGate(parseGate({ test: 'significant', limits: [{ metric: 'costTotal', maxRisePct: 2 }] }), [one]).checks[0]!.reason).toMatch(/at least 2 seeds/);
    const missing = evaluateGate(parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2, scenarios: ['other'] }] }), [delta('costTotal', 1, 0, 0)]);
    expect(missing.exitCode).toBe(3);
    expect(missing.checks[0]!.reason).toMatch(/"other" is not in this comparison/);
  });

  it('a failure outranks an unevaluated check; every scenario is checked', () => {
    const gate = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }, { metric: 'breaksPer100Steps', maxRisePct: 5 }] });
    const v = evaluateGate(gate, [unpriced('costTotal'), delta('breaksPer100Steps', 10, 1, 0.1), delta('costTotal', 1, 0, 0, 't'), delta('breaksPer100Steps', 10, 0, 0, 't')]);
    expect(v.checks.map((c) => `${c.scenario}:${c.metric}:${c.status}`)).toEqual([
      's:costTotal:not-evaluated', 't:costTotal:pass', 's:breaksPer100Steps:fail', 't:breaksPer100Steps:pass',
    ]);
    expect(v.exitCode).toBe(2);
  });

  it('fails a percentage bound on rises, and passes one on drops, when the candidate rises from a baseline of 0 ("new")', () => {
    const fromNothing: PairedDelta = { ...delta('overflowSteps', 1, 2, 1), baseline: { mean: 0, lo: 0, hi: 0, n: 3 }, relativePct: { mean: NaN, lo: NaN, hi: NaN } };
    const rise = evaluateGate(parseGate({ limits: [{ metric: 'overflowSteps', maxRisePct: 50 }] }), [fromNothing]);
    expect(rise.checks[0]).toMatchObject({ status: 'fail', observed: null });
    expect(rise.checks[0]!.reason).toMatch(/rises from nothing \(new\)/);
    expect(evaluateGate(parseGate({ limits: [{ metric: 'overflowSteps', maxDropPct: 5 }] }), [fromNothing]).checks[0]!.status).toBe('pass');
  });
});
