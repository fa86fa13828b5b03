import { describe, expect, it } from 'vitest';
import { aggregate, type SessionRow } from '../../src/metrics/aggregate.js';
import { buildVerdict } from '../../src/report/verdict.js';
import { judgeRetention, paretoSet } from '../../src/report/verdict-retention.js';
import { verdictHtml, verdictMarkdown, verdictTerminal } from '../../src/report/verdict-text.js';

/** A session row with only what the verdict reads: key, cost and retention. */
function row(label: string, seed: number, cost: number, retention: number): SessionRow {
  const metrics = { costTotal: cost, totalTokens: cost * 1000, breaksPer100Steps: 1, eventsPer100Steps: 2, retention } as Record<string, number>;
  return { run: { key: { scenario: 's', seed, policy: label, policyLabel: label, paramsHash: '' }, failure: undefined }, metrics } as unknown as SessionRow;
}

/** [cost, retention] per seed: `amnesia` is cheapest by forgetting, `keeper` the cheapest that keeps enough. */
const SESSIONS: Record<string, [number, number][]> = {
  base: [[10, 0.97], [20, 0.95], [30, 0.96]],
  amnesia: [[7, 0.3], [14, 0.35], [21, 0.32]],
  thin: [[8, 0.7], [16, 0.72], [24, 0.71]],
  keeper: [[9, 0.93], [18, 0.92], [27, 0.94]],
  // dominated: dearer than keeper and keeps less
  worse: [[9.5, 0.9], [19, 0.91], [28.5, 0.9]],
};

function verdict(sessions = SESSIONS, min?: number) {
  const rows = Object.entries(sessions).flatMap(([label, xs]) => xs.map(([c, r], i) => row(label, i + 1, c, r)));
  const aggs = aggregate(rows);
  return judgeRetention(buildVerdict(rows, aggs, 'base'), aggs, min);
}

describe('the verdict by retention', () => {
  it('keeps the ranking by cost and puts each policy\'s retention beside it (verdict.json\'s retention)', () => {
    const s = verdict().scenarios[0]!;
    expect(s.ranked.map((p) => p.policyLabel)).toEqual(['amnesia', 'thin', 'keeper', 'worse', 'base']);
    expect(s.ranked[0]!.retention!.mean).toBeCloseTo((0.3 + 0.35 + 0.32) / 3, 12);
    expect(JSON.parse(JSON.stringify(s)).ranked[2].retention.mean).toBeCloseTo(0.93, 12);
  });

  it('names the cheapest policy above the floor, the Pareto set, and who is cheaper only by forgetting', () => {
    const v = verdict();
    const r = v.scenarios[0]!.byRetention!;
    expect(v.minRetention).toBe(0.9);
    expect(r.keeper).toBe('keeper');
    expect(r.forgetful).toEqual(['amnesia', 'thin']);
    expect(r.pareto).toEqual(['amnesia', 'thin', 'keeper', 'base']);
    expect(r.sentence).toMatch(/^amnesia \(32\.3%\), thin \(71\.0%\) rank above keeper only because they forget: each keeps less than 90\.0% of what later steps use\. The cheapest policy that keeps at least 90\.0% is keeper \(rank 3, keeps 93\.0%\) at \$18\.00 per session, \$4\.00 \(\+28\.6%\) more than amnesia\. Cost–retention Pareto set: amnesia, thin, keeper, base\.$/);
  });

  it('moves with the floor: lower, the cheapest qualifies; higher, only the baseline does; above all, none', () => {
    expect(verdict(SESSIONS, 0.3).scenarios[0]!.byRetention!.sentence).toMatch(/^amnesia is also the cheapest policy that keeps at least 30\.0% of what later steps use \(it keeps 32\.3%\)\./);
    const hi = verdict(SESSIONS, 0.95).scenarios[0]!.byRetention!;
    expect(hi.keeper).toBe('base');
    expect(hi.forgetful).toEqual(['amnesia', 'thin', 'keeper', 'worse']);
    const none = verdict(SESSIONS, 0.99).scenarios[0]!.byRetention!;
    expect(none.keeper).toBeNull();
    expect(none.sentence).toMatch(/^No policy keeps at least 99\.0% of what later steps use; base keeps the most, 96\.0%\./);
  });

  it('says in its method whether the ranked costs include the re-fetches (closed loop) or not', () => {
    const rows = Object.entries(SESSIONS).flatMap(([label, xs]) => xs.map(([c, r], i) => row(label, i + 1, c, r)));
    const aggs = aggregate(rows);
    const v = buildVerdict(rows, aggs, 'base');
    expect(judgeRetention(v, aggs).method).toMatch(/Costs are closed-loop: they include the re-fetches/);
    expect(judgeRetention(v, aggs, 0.9, 'none').method).toMatch(/Costs are open-loop: forgetting costs nothing/);
    expect(judgeRetention(v, aggs, 0.9, 'some').method).toMatch(/closed-loop \(re-fetches included\) in the generated scenarios/);
  });

  it('says one forgetful policy in the singular', () => {
    const { thin: _t, ...rest } = SESSIONS;
    expect(verdict(rest).scenarios[0]!.byRetention!.sentence).toMatch(/^amnesia ranks above keeper only because it forgets: it keeps 32\.3% of what later steps use, less than 90\.0%\./);
  });

  it('shows retention in every rendering, and nothing of it when no needs were measured', () => {
    const v = verdict();
    const md = verdictMarkdown(v).join('\n');
    expect(md).toMatch(/\| events\/100 steps \| retention \|/);
    expect(md).toMatch(/\| 1 \| amnesia \| .* \| 32\.3% \[30\.0, 35\.0\] \(Pareto, below floor\) \|/);
    expect(md).toMatch(/\| 4 \| worse \| .* \| 90\.3% \[90\.0, 91\.0\] \|/);
    expect(md).toContain('rank above keeper only because they forget');
    expect(verdictTerminal(v)).toMatch(/\n {4}amnesia \(32\.3%\), thin \(71\.0%\) rank above keeper/);
    expect(verdictHtml(v)).toMatch(/<p class="retention">amnesia \(32\.3%\), thin/);
    const unmeasured = verdict(Object.fromEntries(Object.entries(SESSIONS).map(([k, xs]) => [k, xs.map(([c]) => [c, NaN] as [number, number])])));
    expect(unmeasured.scenarios[0]!.byRetention!.measured).toBe(false);
    expect(unmeasured.scenarios[0]!.ranked[0]!.retention).toBeNull();
    expect(verdictMarkdown(unmeasured).join('\n')).not.toMatch(/retention \||Pareto/);
  });
});

describe('the cost–retention Pareto set', () => {
  it('drops exactly the dominated points and keeps exact ties', () => {
    const pts = [
      { label: 'a', cost: 1, retention: 0.5 }, { label: 'b', cost: 2, retention: 0.9 }, { label: 'c', cost: 2, retention: 0.8 },
      { label: 'd', cost: 3, retention: 0.9 }, { label: 'e', cost: 1, retention: 0.5 }, { label: 'f', cost: 4, retention: 1 },
    ];
    expect(paretoSet(pts)).toEqual(['a', 'b', 'e', 'f']);
  });
});
