import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../src/report/gate-eval.js';
import { withRetentionFloor } from '../../src/report/gate-level.js';
import { parseGate } from '../../src/report/gate.js';
import type { PairedDelta } from '../../src/report/paired.js';

/** A retention delta: baseline level `base`, candidate level `cand` with CI half-width `h`. */
function retention(base: number, cand: number, h: number, scenario = 's'): PairedDelta {
  const d = cand - base;
  return {
    scenario, metric: 'retention', seeds: [1, 2, 3],
    baseline: { mean: base, lo: base, hi: base, n: 3 }, candidate: { mean: cand, lo: cand - h, hi: cand + h, n: 3 }, delta: { mean: d, lo: d - h, hi: d + h, n: 3 },
    relativePct: { mean: (100 * d) / base, lo: (100 * (d - h)) / base, hi: (100 * (d + h)) / base },
  };
}

const cost = (base: number, cand: number): PairedDelta => ({
  scenario: 's', metric: 'costTotal', seeds: [1, 2, 3],
  baseline: { mean: base, lo: base, hi: base, n: 3 }, candidate: { mean: cand, lo: cand, hi: cand, n: 3 }, delta: { mean: cand - base, lo: cand - base, hi: cand - base, n: 3 },
  relativePct: { mean: (100 * (cand - base)) / base, lo: (100 * (cand - base)) / base, hi: (100 * (cand - base)) / base },
});

const noNeeds: PairedDelta = { scenario: 's', metric: 'retention', seeds: [], baseline: { mean: NaN, lo: NaN, hi: NaN, n: 0 }, candidate: { mean: NaN, lo: NaN, hi: NaN, n: 0 }, delta: { mean: NaN, lo: NaN, hi: NaN, n: 0 }, relativePct: null };

describe('a floor on the candidate\'s retention', () => {
  it('fails a PR that saves money by forgetting, which the cost limit alone passes', () => {
    const deltas = [cost(1, 0.8), retention(0.95, 0.6, 0.02)];
    const costOnly = parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] });
    expect(evaluateGate(costOnly, deltas).status).toBe('pass');
    const v = evaluateGate(withRetentionFloor(costOnly, 0.9)!, deltas);
    expect(v.exitCode).toBe(2);
    expect(v.checks[1]).toMatchObject({ metric: 'retention', bound: 'min', rule: 'level ≥ 0.9', status: 'fail', observed: 0.6, reason: 'candidate mean 0.6 < 0.9' });
    // the relative limit of a gate file catches it too, without a floor
    expect(evaluateGate(parseGate({ limits: [{ metric: 'retention', maxDrop: 0.02 }] }), deltas).status).toBe('fail');
  });

  it('reads the interval\'s ends for "significant" and "conservative"', () => {
    const d = [retention(0.95, 0.89, 0.03)]; // candidate 0.89 [0.86, 0.92]
    const at = (test: string) => evaluateGate(parseGate({ test, limits: [{ metric: 'retention', min: 0.9 }] }), d).status;
    expect(at('estimate')).toBe('fail');
    expect(at('significant')).toBe('pass');
    expect(at('conservative')).toBe('fail');
  });

  it('holds when there are no needs to lose, and makes a gate of its own when none was given', () => {
    const v = evaluateGate(withRetentionFloor(null, 0.9)!, [noNeeds]);
    expect(v.status).toBe('pass');
    expect(v.checks[0]!.reason).toMatch(/no needs/);
    expect(evaluateGate(parseGate({ limits: [{ metric: 'retention', maxDrop: 0.02 }] }), [noNeeds]).status).toBe('pass');
    // any other undefined metric is still "cannot tell"
    expect(evaluateGate(parseGate({ limits: [{ metric: 'meanReclaimedTokens', min: 1 }] }), [{ ...noNeeds, metric: 'meanReclaimedTokens' }]).status).toBe('not-evaluated');
    expect(withRetentionFloor(null, undefined)).toBeNull();
  });
});
