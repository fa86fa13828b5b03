/**
 * The verdict's data, one scenario at a time: the policies ranked by mean cost per session, each with its
 * paired difference to a baseline policy and that difference's 95% CI (paired Student t on the per-seed
 * differences — every policy replays the same workloads, so the pairing removes the workload noise),
 * cache breaks and compaction events beside it, which policies were identical on every seed, the
 * compared policy's Δ split into its causes, and the policies' decision-rule counts. Unpriced scenarios
 * rank by prompt + aux tokens instead of dollars. No text here: verdict-sentence.ts writes the sentences.
 */
import type { PolicyAggregate, SessionRow } from '../metrics/aggregate.js';
import type { Estimate } from '../metrics/stats.js';
import { pairedDeltas, type Interval } from './paired.js';
import { ruleCounts, type RuleCount } from './rule-telemetry.js';
import { splitCost, type CostCause, type CostSplit, type RankMetric } from './verdict-causes.js';
import { identicalGroups } from './verdict-identical.js';
import { failedPolicies, type FailedPolicy } from './verdict-failures.js';
import type { RetentionVerdict } from './verdict-retention-types.js';

export type { RankMetric } from './verdict-causes.js';

export interface RankedPolicy {
  rank: number;
  policy: string;
  policyLabel: string;
  /** mean over seeds with its 95% percentile-bootstrap interval */
  value: Estimate;
  /** policy − baseline, paired over seeds, with the paired-t 95% CI; null for the baseline itself */
  delta: Estimate | null;
  deltaPct: Interval | null;
  /** the delta's CI excludes zero; null for the baseline or with fewer than 2 paired seeds */
  distinguishable: boolean | null;
  breaksPer100Steps: Estimate | null;
  eventsPer100Steps: Estimate | null;
  failures: number;
  /** the best-ranked policy this one is identical to on every seed (verdict-identical.ts); null if none */
  sameAs: string | null;
  /** its decision rules in this scenario: how often evaluated, how often they changed the outcome */
  rules: RuleCount[];
  /** mean share of later needs met verbatim (verdict-retention.ts); null when no need was measured */
  retention?: Estimate | null;
}

export interface ScenarioVerdict {
  scenario: string;
  seeds: number[];
  metric: RankMetric;
  baseline: string;
  /** the cheapest policy that completed every session; null when none did */
  cheapest: string | null;
  /**
   * the cheapest against the runner-up, the best-ranked policy not identical to it, paired (null with
   * fewer than two distinct policies)
   */
  lead: { runnerUp: string; delta: Estimate | null; distinguishable: boolean | null } | null;
  /**
   * whether the answer is resolved: the cheapest's difference from the baseline (or, when the baseline
   * is the cheapest, from the runner-up) and its lead over the runner-up are both distinguishable from
   * zero, or exactly zero on every seed; null when there is nothing to compare
   */
  resolved: boolean | null;
  sentence: string;
  /** why the compared policy (the cheapest, or the runner-up when the baseline is the cheapest) differs from the baseline */
  why: string;
  /** the policies that completed every session, cheapest first */
  ranked: RankedPolicy[];
  /** the policies with a failed session: not ranked, no cost (empty when every session completed; verdict-failures.ts) */
  failed: FailedPolicy[];
  /** the ranking read with retention beside cost (verdict-retention.ts) */
  byRetention?: RetentionVerdict;
  /** groups of policies identical on every seed, in rank order */
  identical: string[][];
  /** the compared policy's Δ against the baseline split into its causes; null when there is none */
  split: CostSplit | null;
}

export interface VerdictOptions {
  /** parts of the cost beyond verdict-causes.ts's list (e.g. re-fetches), for the split */
  extraCauses?: readonly CostCause[];
}

export const VERDICT_METHOD =
  'Policies ranked by mean cost per session. Δ = policy − baseline, paired over the same seeds, with a 95% CI from the paired Student t interval on the per-seed differences (kept at or above −100%: a cost cannot fall below zero); ' +
  'means carry 95% percentile-bootstrap intervals over seeds (2000 seeded resamples), which stay inside each metric\'s possible range. ' +
  '"Distinguishable" means the Δ interval excludes zero; "identical" means the same cost, events and cache breaks on every seed.';

/** The same value on every seed: a paired difference of exactly zero. */
export const identical = (d: Estimate | null): boolean => !!d && d.mean === 0 && d.lo === 0 && d.hi === 0;

const distinct = (d: Estimate | null): boolean | null => (!d || !Number.isFinite(d.lo) ? null : d.lo > 0 || d.hi < 0);

function leadOf(rows: readonly SessionRow[], first: string, second: string, metric: RankMetric): ScenarioVerdict['lead'] {
  const d = pairedDeltas(rows, first, second, [metric])[0]?.delta ?? null;
  // second − first: positive when the cheapest really is cheaper
  return { runnerUp: second, delta: d, distinguishable: distinct(d) };
}

/** One scenario's ranking without its sentences; null when the baseline did not run in it. */
export function rankScenario(rows: readonly SessionRow[], aggs: readonly PolicyAggregate[], scenario: string, baseline: string, opts: VerdictOptions = {}): Omit<ScenarioVerdict, 'sentence' | 'why'> | null {
  const mine = aggs.filter((a) => a.scenario === scenario);
  const base = mine.find((a) => a.policyLabel === baseline);
  if (!base) return null;
  const scenarioRows = rows.filter((r) => r.run.key.scenario === scenario);
  // a policy with a failed session is not a result: not ranked, no cost (verdict-failures.ts)
  const failed = failedPolicies(mine, scenarioRows);
  const completed = mine.filter((a) => a.failures === 0);
  // without the baseline's sessions there is nothing to pair with: the others are ranked without a Δ
  const paired = base.failures === 0;
  const metric: RankMetric = completed.every((a) => a.metrics.costTotal) ? 'costTotal' : 'totalTokens';
  const entries = completed.map((a, order) => {
    const d = a.policyLabel === baseline || !paired ? null : pairedDeltas(scenarioRows, baseline, a.policyLabel, [metric])[0] ?? null;
    const delta = d?.delta ?? null;
    return {
      order,
      p: {
        rank: 0, policy: a.policy, policyLabel: a.policyLabel, value: a.metrics[metric]!, delta, deltaPct: d?.relativePct ?? null,
        distinguishable: distinct(delta), breaksPer100Steps: a.metrics.breaksPer100Steps, eventsPer100Steps: a.metrics.eventsPer100Steps, failures: a.failures,
        sameAs: null, rules: ruleCounts(scenarioRows, a.policyLabel),
      } as RankedPolicy,
    };
  });
  const key = (x: number): number => (Number.isFinite(x) ? x : Infinity);
  entries.sort((a, b) => key(a.p.value.mean) - key(b.p.value.mean) || a.order - b.order);
  const ranked = entries.map((e, i) => ({ ...e.p, rank: i + 1 }));
  const groups = identicalGroups(scenarioRows, ranked.map((p) => p.policyLabel), metric);
  for (const g of groups) for (const l of g.slice(1)) ranked.find((p) => p.policyLabel === l)!.sameAs = g[0]!;
  const first = ranked[0];
  if (!first) return { scenario, seeds: base.seeds, metric, baseline, cheapest: null, lead: null, resolved: null, ranked, failed, identical: groups, split: null };
  const sameAsFirst = (p: RankedPolicy): boolean => p === first || p.sameAs === first.policyLabel;
  const second = ranked.find((p) => !sameAsFirst(p));
  const baseRow = ranked.find((p) => p.policyLabel === baseline);
  const baseFirst = !!baseRow && sameAsFirst(baseRow);
  // the policy the main sentence compares with the baseline (none when the baseline failed)
  const main = !paired ? undefined : baseFirst ? second : first;
  const lead = second ? leadOf(scenarioRows, first.policyLabel, second.policyLabel, metric) : null;
  // an exact tie on every seed is an answer too (more seeds would not change it)
  const settled = (d: Estimate | null, dist: boolean | null): boolean => dist === true || identical(d);
  const resolved = !paired ? null : !main || main.distinguishable === null ? (main ? null : ranked.length > 1 ? true : null) : settled(main.delta, main.distinguishable) && (!lead || settled(lead.delta, lead.distinguishable));
  const split = main && main.policyLabel !== baseline ? splitCost(scenarioRows, baseline, main.policyLabel, metric, opts.extraCauses) : null;
  return { scenario, seeds: base.seeds, metric, baseline, cheapest: first.policyLabel, lead, resolved, ranked, failed, identical: groups, split };
}
