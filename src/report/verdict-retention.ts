/**
 * The verdict read with retention beside cost (issue 28). Cost alone rewards forgetting: a policy that
 * drops what later steps use looks cheap. So, per scenario, beside the ranking by (closed-loop) cost:
 * - each policy's retention (the share of later needs met verbatim, mean over seeds with its interval);
 * - the cheapest policy whose mean retention is at least the floor (`--min-retention`);
 * - the policies ranked above that one, which are cheaper only because they forget (named in words);
 * - the cost–retention Pareto set: the policies no other is both cheaper (or as cheap) than and keeps
 *   more (or as much) than, with one of the two strict.
 * Added to a built verdict (buildVerdict stays the ranking by cost), so the two read as separate parts.
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import type { Estimate } from '../metrics/stats.js';
import { money, type RankedPolicy, type ScenarioVerdict, type Verdict } from './verdict.js';
import type { RetentionVerdict } from './verdict-retention-types.js';

/**
 * The default floor: the cheapest policy named is one that keeps at least nine in ten of the needs later
 * steps have. Below it, one step in ten or more that uses earlier context finds it gone, which is when the
 * issue's seeds stop calling a policy lossless; see docs/closed-loop.md ("The retention floor").
 */
export const DEFAULT_MIN_RETENTION = 0.9;

export const RETENTION_METHOD =
  'Retention = needs met verbatim / needs (what later steps use of earlier context, checked on every request sent), mean over seeds. ' +
  'The cheapest policy at or above the retention floor is named; the cost–retention Pareto set holds the policies no other beats on both.';

export type { RetentionVerdict } from './verdict-retention-types.js';

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const finite = (e: Estimate | null | undefined): e is Estimate => !!e && Number.isFinite(e.mean);

/** Labels of the non-dominated policies: lower cost and higher retention are better; ties both stay. */
export function paretoSet(points: readonly { label: string; cost: number; retention: number }[]): string[] {
  const dominated = (p: (typeof points)[number]): boolean =>
    points.some((q) => q !== p && q.cost <= p.cost && q.retention >= p.retention && (q.cost < p.cost || q.retention > p.retention));
  return points.filter((p) => !dominated(p)).map((p) => p.label);
}

function sentenceOf(s: ScenarioVerdict, r: Omit<RetentionVerdict, 'sentence'>): string {
  if (!r.measured) return 'No needs were measured in these sessions, so retention cannot qualify the ranking.';
  const byLabel = new Map(s.ranked.map((p) => [p.policyLabel, p]));
  const keeps = (label: string): string => pct(byLabel.get(label)!.retention!.mean);
  const floor = pct(r.minRetention);
  const first = s.ranked[0]!;
  const pareto = `Cost–retention Pareto set: ${r.pareto.join(', ')}.`;
  if (r.keeper === first.policyLabel) return `${first.policyLabel} is also the cheapest policy that keeps at least ${floor} of what later steps use (it keeps ${keeps(first.policyLabel)}). ${pareto}`;
  if (!r.keeper) {
    const best = [...byLabel.values()].filter((p) => p.retention).sort((a, b) => b.retention!.mean - a.retention!.mean || a.rank - b.rank)[0]!;
    return `No policy keeps at least ${floor} of what later steps use; ${best.policyLabel} keeps the most, ${keeps(best.policyLabel)}. ${pareto}`;
  }
  const one = r.forgetful.length === 1;
  const who = one ? `${r.forgetful[0]} ranks` : `${r.forgetful.map((l) => `${l} (${keeps(l)})`).join(', ')} rank`;
  const forgets = `${who} above ${r.keeper} only because ${one ? `it forgets: it keeps ${keeps(r.forgetful[0]!)}` : 'they forget: each keeps less than'} ${one ? `of what later steps use, less than ${floor}` : `${floor} of what later steps use`}.`;
  const k = byLabel.get(r.keeper)!;
  const extra = k.value.mean - first.value.mean;
  const rel = first.value.mean > 0 ? ` (+${((100 * extra) / first.value.mean).toFixed(1)}%)` : '';
  const keeper = `The cheapest policy that keeps at least ${floor} is ${r.keeper} (rank ${k.rank}, keeps ${keeps(r.keeper)}) at ${money(k.value.mean, s.metric)} per session, ${money(extra, s.metric, k.value.mean)}${rel} more than ${first.policyLabel}.`;
  return `${forgets} ${keeper} ${pareto}`;
}

function judgeScenario(s: ScenarioVerdict, aggs: readonly PolicyAggregate[], minRetention: number): ScenarioVerdict {
  const mine = new Map(aggs.filter((a) => a.scenario === s.scenario).map((a) => [a.policyLabel, a]));
  const ranked: RankedPolicy[] = s.ranked.map((p) => {
    const e = mine.get(p.policyLabel)?.metrics.retention ?? null;
    return { ...p, retention: finite(e) ? e : null };
  });
  const measuredPolicies = ranked.filter((p) => finite(p.retention) && Number.isFinite(p.value.mean));
  const keeper = measuredPolicies.find((p) => p.retention!.mean >= minRetention) ?? null;
  const forgetful = measuredPolicies.filter((p) => (keeper ? p.rank < keeper.rank : true)).map((p) => p.policyLabel);
  const pareto = paretoSet(measuredPolicies.map((p) => ({ label: p.policyLabel, cost: p.value.mean, retention: p.retention!.mean })));
  const partial = { minRetention, measured: measuredPolicies.length > 0, keeper: keeper?.policyLabel ?? null, forgetful, pareto };
  const withRanked = { ...s, ranked };
  return { ...withRanked, byRetention: { ...partial, sentence: sentenceOf(withRanked, partial) } };
}

/** What the ranked costs include, by the scenarios' loops (none, some or all closed). */
function loopText(closed: 'all' | 'some' | 'none'): string {
  if (closed === 'all') return ' Costs are closed-loop: they include the re-fetches of what each policy lost.';
  if (closed === 'some') return ' Costs are closed-loop (re-fetches included) in the generated scenarios and open-loop in the others.';
  return ' Costs are open-loop: forgetting costs nothing in them (--open-loop, or recorded traces).';
}

/**
 * The verdict with each policy's retention and, per scenario, the reading by retention. `closedLoop`
 * says which scenarios ran the closed loop (manifest settings), so the method says what the costs hold.
 */
export function judgeRetention(v: Verdict, aggs: readonly PolicyAggregate[], minRetention = DEFAULT_MIN_RETENTION, closedLoop: 'all' | 'some' | 'none' = 'all'): Verdict {
  const scenarios = v.scenarios.map((s) => judgeScenario(s, aggs, minRetention));
  // without needs the reading adds nothing, and the verdict stays as the ranking by cost wrote it
  const measured = scenarios.some((s) => s.byRetention!.measured);
  return { ...v, method: measured ? `${v.method} ${RETENTION_METHOD}${loopText(closedLoop)}` : v.method, minRetention, scenarios };
}
