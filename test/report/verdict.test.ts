import { describe, expect, it } from 'vitest';
import { aggregate, type SessionRow } from '../../src/metrics/aggregate.js';
import { buildVerdict } from '../../src/report/verdict.js';
import { verdictMarkdown, verdictTerminal } from '../../src/report/verdict-text.js';

/** A session row with only what the verdict reads: key, metrics. */
function row(label: string, seed: number, cost: number, scenario = 's'): SessionRow {
  const metrics = { costTotal: cost, totalTokens: cost * 1000, breaksPer100Steps: 1, eventsPer100Steps: 2 } as Record<string, number>;
  return { run: { key: { scenario, seed, policy: label, policyLabel: label, paramsHash: '' }, failure: undefined }, metrics } as unknown as SessionRow;
}

/** Costs per seed: the seeds vary a lot, the paired differences little (common random numbers). */
const COSTS: Record<string, number[]> = {
  base: [10, 20, 30, 40, 50],
  cheap: [9, 19.1, 28.9, 39, 49.1],
  tie: [9.2, 18.9, 29.1, 38.9, 49.2],
  dear: [12, 22, 32.5, 42, 52],
};

const rowsOf = (costs: Record<string, number[]>): SessionRow[] =>
  Object.entries(costs).flatMap(([label, xs]) => xs.map((c, i) => row(label, i + 1, c)));

function verdict(costs = COSTS, baseline = 'base') {
  const rows = rowsOf(costs);
  return buildVerdict(rows, aggregate(rows), baseline);
}

describe('the verdict', () => {
  it('ranks by mean cost, pairs every policy with the baseline, and says which differences are distinguishable', () => {
    const v = verdict();
    const s = v.scenarios[0]!;
    expect(s.ranked.map((p) => p.policyLabel)).toEqual(['cheap', 'tie', 'base', 'dear']);
    expect(s.cheapest).toBe('cheap');
    const cheap = s.ranked[0]!;
    expect(cheap.delta!.mean).toBeCloseTo(-0.98, 10);
    // paired: the seeds' spread (10..50) would swamp a 1.0 difference unpaired; paired, it is clear
    expect(cheap.delta!.hi).toBeLessThan(0);
    expect(cheap.distinguishable).toBe(true);
    expect(s.ranked.find((p) => p.policyLabel === 'base')!.delta).toBeNull();
    expect(s.ranked.find((p) => p.policyLabel === 'dear')!.distinguishable).toBe(true);
    // the level's interval stays inside the observed costs
    expect(cheap.value.lo).toBeGreaterThanOrEqual(9);
    expect(cheap.value.hi).toBeLessThanOrEqual(49.1);
  });

  it('reports a tie with the runner-up as unresolved and says so in every rendering', () => {
    const v = verdict();
    const s = v.scenarios[0]!;
    expect(s.lead!.runnerUp).toBe('tie');
    expect(s.lead!.distinguishable).toBe(false);
    expect(s.resolved).toBe(false);
    expect(v.unresolved).toEqual(['s']);
    expect(s.sentence).toMatch(/^s: The cheapest is cheap at \$\d+\.\d\d per session, \$0\.98 \(\d\.\d%\) less than the baseline base \(95% CI \[−\d\.\d\d, −\d\.\d\d\]\): distinguishable from zero\. Its lead over the runner-up tie, .* is not distinguishable from zero/);
    expect(verdictTerminal(v)).toContain('not resolved with these seeds: s');
    expect(verdictMarkdown(v).join('\n')).toMatch(/Not resolved with these seeds: s/);
  });

  it('resolves when the cheapest leads clearly, and names the baseline when it is the cheapest', () => {
    const clear = verdict({ base: COSTS.base!, cheap: COSTS.cheap!, dear: COSTS.dear! });
    expect(clear.scenarios[0]!.resolved).toBe(true);
    expect(clear.unresolved).toEqual([]);
    const baseBest = verdict({ base: COSTS.base!, dear: COSTS.dear! });
    expect(baseBest.scenarios[0]!.sentence).toMatch(/^s: The baseline base is the cheapest at .*; dear costs \$2\.10 more .*distinguishable from zero\.$/);
  });

  it('calls an exact tie on every seed resolved, not "rerun with more seeds"', () => {
    const v = verdict({ base: COSTS.base!, same: COSTS.base!, dear: COSTS.dear! });
    const s = v.scenarios[0]!;
    expect(s.sentence).toMatch(/^s: The baseline base is the cheapest at \$\d+\.\d\d per session, identical on every seed to same; the runner-up dear costs \$2\.10 more/);
    expect(s.identical).toEqual([['base', 'same']]);
    expect(s.ranked.find((p) => p.policyLabel === 'same')!.sameAs).toBe('base');
    expect(s.resolved).toBe(true);
    expect(v.unresolved).toEqual([]);
  });

  it('with one seed gives no interval and says it cannot tell', () => {
    const v = verdict({ base: [10], cheap: [9] });
    expect(v.scenarios[0]!.ranked[0]!.distinguishable).toBeNull();
    expect(v.scenarios[0]!.resolved).toBeNull();
    expect(v.scenarios[0]!.sentence).toMatch(/one seed cannot tell/);
  });
});
