/**
 * The verdict explains itself: the answer across scenarios (cheapest where, against the baseline, worst
 * case), identical policies grouped and said to be identical (never "runner-up" with the same numbers),
 * the Δ split into its causes with what drove it (an extra cause slots in), decision-rule counts from
 * telemetry, no "runner-up" with two policies, capitalised sentences, and no amount printed as zero.
 */
import { describe, expect, it } from 'vitest';
import { aggregate, type SessionRow } from '../../src/metrics/aggregate.js';
import { splitCost } from '../../src/report/verdict-causes.js';
import { identicalPairs, identicalSets } from '../../src/report/verdict-identical.js';
import { dollars } from '../../src/report/verdict-sentence.js';
import { verdictHtml, verdictMarkdown, verdictTerminal } from '../../src/report/verdict-text.js';
import { buildVerdict } from '../../src/report/verdict.js';

type Parts = { write: number; read: number; uncached: number; output: number; aux: number; refetch?: number };

/** A session whose cost is the sum of its parts; breaks and aux calls follow the parts they drive. */
function row(label: string, seed: number, p: Parts, scenario = 's', telemetry: Record<string, number> = {}): SessionRow {
  const costTotal = p.write + p.read + p.uncached + p.output + p.aux + (p.refetch ?? 0);
  const metrics = {
    costTotal, totalTokens: costTotal * 1000, costCacheWrite: p.write, costCacheRead: p.read, costUncached: p.uncached, costOutput: p.output, costAux: p.aux,
    costRefetch: p.refetch ?? 0, breaksPer100Steps: p.write, cacheWriteTokens: p.write * 1e5, 'breaksPer100Steps_ttl-expiry': 0, auxCalls: p.aux * 10, cacheReadTokens: p.read * 1e6, outputTokens: p.output * 1e5,
    eventsPer100Steps: 1, compactionEvents: p.aux, cacheBreaks: p.write, promptTokens: costTotal * 1000,
  } as Record<string, number>;
  return { run: { key: { scenario, seed, policy: label, policyLabel: label, paramsHash: '' }, failure: null, telemetry }, metrics } as unknown as SessionRow;
}

const base = (s: number): Parts => ({ write: 2 + s * 0.01, read: 1 + s, uncached: 0.5, output: 0.3, aux: 0.2 });
/** fewer cache writes (fewer breaks), one more summary call */
const lean = (s: number): Parts => ({ ...base(s), write: 1 + s * 0.011, aux: 0.3 });

function verdictOf(rows: SessionRow[], baseline = 'base') {
  return buildVerdict(rows, aggregate(rows), baseline);
}

describe('the verdict explains itself', () => {
  const seeds = [1, 2, 3, 4];
  const suite = (scenario: string, leanWins: boolean): SessionRow[] => seeds.flatMap((s) => [
    row('base', s, base(s), scenario),
    row('lean', s, leanWins ? lean(s) : { ...base(s), write: base(s).write + 0.5 }, scenario, { rule_runway_evaluated: 3, rule_runway_changed: leanWins ? 1 : 0 }),
    // identical to lean on every seed
    row('twin', s, leanWins ? lean(s) : { ...base(s), write: base(s).write + 0.5 }, scenario),
  ]);

  it('splits the leader\'s Δ into causes that sum to it, and names what drove it', () => {
    const rows = suite('a', true);
    const split = splitCost(rows, 'base', 'lean', 'costTotal')!;
    const sum = split.parts.reduce((t, p) => t + p.delta, 0);
    expect(sum).toBeCloseTo(split.total, 12);
    expect(split.parts[0]!.key).toBe('costCacheWrite');
    expect(split.drivers).toEqual(['costCacheWrite']);
    expect(split.parts.find((p) => p.key === 'costCacheWrite')!.driver!.delta).toBeLessThan(0);
    const v = verdictOf(rows);
    expect(v.scenarios[0]!.why).toMatch(/^Why lean costs \$[\d.]+ less than base: cache writes −\$[\d.]+ \(cache-write tokens per session −[\d,]+\)\. Against it: summary calls \+\$0\.10 \(summary calls per session \+1\.0\)\.$/);
  });

  it('counts a part it does not list as "other", until an extra cause names it', () => {
    const rows = seeds.flatMap((s) => [row('base', s, base(s)), row('fetchy', s, { ...base(s), refetch: 0.4 })]);
    const without = splitCost(rows, 'base', 'fetchy', 'costTotal')!;
    expect(without.parts[0]).toMatchObject({ key: 'other' });
    expect(without.parts[0]!.delta).toBeCloseTo(0.4, 12);
    const withIt = splitCost(rows, 'base', 'fetchy', 'costTotal', [{ key: 'costRefetch', label: 're-fetches' }])!;
    expect(withIt.parts.map((p) => p.key)).not.toContain('other');
    expect(withIt.drivers).toEqual(['costRefetch']);
    expect(buildVerdict(rows, aggregate(rows), 'base', { extraCauses: [{ key: 'costRefetch', label: 're-fetches' }] }).scenarios[0]!.why).toMatch(/re-fetches \+\$0\.40\./);
  });

  it('groups identical policies, says so, and never calls one the runner-up of its twin', () => {
    const v = verdictOf(suite('a', true));
    const s = v.scenarios[0]!;
    expect(s.identical).toEqual([['lean', 'twin']]);
    expect(s.lead!.runnerUp).toBe('base');
    expect(s.sentence).toMatch(/Identical on every seed: lean = twin\./);
    expect(s.sentence).not.toMatch(/runner-up twin/);
    expect(verdictMarkdown(v).join('\n')).toContain('| twin (= lean) |');
  });

  it('opens with the answer across scenarios: where each leader is cheapest, against the baseline, its worst case, identical pairs and rule counts', () => {
    const rows = [...suite('a', true), ...suite('b', false), ...suite('c', true)];
    const v = verdictOf(rows);
    const lean = v.overview.leaders.find((l) => l.policy === 'lean')!;
    expect(lean.cheapestIn).toEqual(['a', 'c']);
    expect(lean.cheaper).toEqual(['a', 'c']);
    expect(lean.dearer).toEqual(['b']);
    expect(lean.worst!.scenario).toBe('b');
    expect(lean.worst!.abovePct).toBeGreaterThan(0);
    expect(lean.rules).toEqual([{ rule: 'runway', evaluated: 36, changed: 8, sessionsChanged: 8, sessions: 12 }]);
    expect(v.overview.identical[0]).toMatchObject({ a: 'lean', b: 'twin', scenarios: ['a', 'b', 'c'], of: 3 });
    const md = verdictMarkdown(v).join('\n');
    expect(md.indexOf('**Across 3 scenarios (baseline base):**')).toBeLessThan(md.indexOf('### a'));
    expect(md).toMatch(/- `lean`: the cheapest in 2 of 3 scenarios \(all but b\); against `base` cheaper in 2 \(a, c\), dearer in 1 \(b\), not distinguishable in 0; at worst [\d.]+% above the cheapest \(b\)\. The runway rule was evaluated 36 times and changed the outcome 8 times \(in 8 of 12 sessions\)\./);
    expect(md).toContain('Identical: `lean` = `twin` on every seed in all 3 scenarios.');
    expect(v.overview.identicalGroups).toEqual([{ labels: ['lean', 'twin'], scenarios: ['a', 'b', 'c'], of: 3 }]);
    expect(verdictTerminal(v)).toMatch(/^across 3 scenarios \(baseline base\):\n {2}lean: the cheapest in 2 of 3/);
    expect(verdictHtml(v)).toMatch(/<div class="answer">/);
  });

  it('starts every sentence with a capital, says no "runner-up" with two policies and never prints an amount as zero', () => {
    const rows = seeds.flatMap((s) => [row('base', s, base(s)), row('near', s, { ...base(s), output: 0.3 + 0.0002 + s * 1e-6 })]);
    const v = verdictOf(rows);
    const text = [verdictTerminal(v), ...verdictMarkdown(v)].join('\n');
    expect(text).not.toMatch(/runner-up/);
    expect(text).not.toMatch(/\$0\.0+ /);
    for (const s of v.scenarios) expect(s.sentence).toMatch(/^\S+: [A-Z]/);
    expect(dollars(0.0003, 0.19)).toBe('0.0003');
    expect(dollars(0.0124, 0.19)).toBe('0.012');
  });

  it('folds all but the leaders and the baseline in HTML when many policies ran', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const rows = seeds.flatMap((s) => labels.map((l, i) => row(l, s, { ...base(s), write: 1 + i * 0.1 + s * 0.001 })));
    const html = verdictHtml(verdictOf(rows, 'p9'));
    const [shown, folded] = html.split('<details class="more">');
    expect(shown!.match(/<tr/g)!.length).toBe(1 + 6);
    expect(folded).toMatch(/<summary>6 more policies, ranks 6–12<\/summary>/);
  });

  it('joins identical pairs into groups per set of scenarios', () => {
    const pairs = identicalPairs([
      { scenario: 'x', labels: ['a', 'b', 'c', 'd'], groups: [['a', 'b', 'c', 'd']] },
      { scenario: 'y', labels: ['a', 'b', 'c', 'd'], groups: [['a', 'b']] },
    ]);
    expect(pairs.length).toBe(6);
    expect(identicalSets(pairs)).toEqual([
      { labels: ['a', 'b'], scenarios: ['x', 'y'], of: 2 },
      { labels: ['a', 'c', 'd', 'b'], scenarios: ['x'], of: 2 },
    ]);
  });

  it('tells the rule counts of a policy that is never the cheapest too', () => {
    const rows = seeds.flatMap((s) => [row('base', s, base(s)), row('runway', s, { ...base(s), write: base(s).write + 0.5 }, 's', { rule_runway_evaluated: 5, rule_runway_changed: 0 })]);
    const v = verdictOf(rows);
    expect(v.overview.otherRules).toEqual([{ policy: 'runway', rules: [{ rule: 'runway', evaluated: 20, changed: 0, sessionsChanged: 0, sessions: 4 }] }]);
  });
});
