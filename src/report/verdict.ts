/**
 * The verdict every report opens with: per scenario, the policies ranked by mean cost per session, each
 * with its paired difference to a baseline policy and that difference's 95% CI (paired Student t on the
 * per-seed differences — every policy replays the same workloads, so the pairing removes the workload
 * noise), cache breaks and compaction events beside it, and one sentence naming the cheapest policy and
 * whether its difference from the baseline is distinguishable from zero. Unpriced scenarios rank by
 * prompt + aux tokens instead of dollars. A policy with any failed session is not a result: it is not
 * ranked, has no cost and cannot be the cheapest; it is listed under `failed` and named in the sentence
 * (verdict-failures.ts).
 */
import type { SessionRow } from '../metrics/aggregate.js';
import type { PolicyAggregate } from '../metrics/aggregate.js';
import type { Estimate } from '../metrics/stats.js';
import { pairedDeltas, type Interval } from './paired.js';
import { failedPolicies, failureSentence, type FailedPolicy } from './verdict-failures.js';
import type { TraceSampleVerdict } from './trace-verdict.js';
import type { RetentionVerdict } from './verdict-retention.js';
import { workloadCaveat } from './verdict-caveats.js';

export type RankMetric = 'costTotal' | 'totalTokens';

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
  /** the cheapest against the second cheapest, paired (null with fewer than two policies) */
  lead: { runnerUp: string; delta: Estimate | null; distinguishable: boolean | null } | null;
  /**
   * whether the answer is resolved: the cheapest's difference from the baseline (or, when the baseline
   * is the cheapest, from the runner-up) and its lead over the runner-up are both distinguishable from
   * zero; null when there is nothing to compare
   */
  resolved: boolean | null;
  sentence: string;
  /** the policies that completed every session, cheapest first */
  ranked: RankedPolicy[];
  /** the policies with a failed session: not ranked, no cost (empty when every session completed) */
  failed: FailedPolicy[];
  /** the ranking read with retention beside cost (verdict-retention.ts) */
  byRetention?: RetentionVerdict;
}

export interface Verdict {
  baseline: string;
  method: string;
  scenarios: ScenarioVerdict[];
  /** scenarios whose answer is not resolved (see ScenarioVerdict.resolved) */
  unresolved: string[];
  /** recorded traces replayed: the verdict over them, the sessions being the sample (trace-verdict.ts) */
  traces?: TraceSampleVerdict;
  /** the retention floor the verdict names the cheapest policy above (--min-retention) */
  minRetention?: number;
}

export const VERDICT_METHOD =
  'Policies ranked by mean cost per session. Δ = policy − baseline, paired over the same seeds, with a 95% CI from the paired Student t interval on the per-seed differences; ' +
  'means carry 95% percentile-bootstrap intervals over seeds (2000 seeded resamples), which stay inside each metric\'s possible range. ' +
  '"Distinguishable" means the Δ interval excludes zero.';

/** Dollars with cents, or tenths of a cent below a dollar (small sessions differ by fractions of a cent). */
const dollars = (x: number, scale: number): string => x.toFixed(scale >= 1 ? 2 : scale >= 0.1 ? 3 : 4);
export const money = (x: number, metric: RankMetric, scale = x): string => (metric === 'costTotal' ? `$${dollars(x, Math.abs(scale))}` : `${Math.round(x).toLocaleString('en-US')} tokens`);
const amount = (x: number, metric: RankMetric, scale: number): string => money(Math.abs(x), metric, scale);
const ci = (d: Estimate, metric: RankMetric, scale: number): string => {
  const f = (x: number): string => `${x < 0 ? '−' : '+'}${metric === 'costTotal' ? dollars(Math.abs(x), Math.abs(scale)) : Math.round(Math.abs(x))}`;
  return Number.isFinite(d.lo) ? `95% CI [${f(d.lo)}, ${f(d.hi)}]` : 'no CI with one seed';
};

function distinctText(p: RankedPolicy, seeds: number): string {
  if (p.distinguishable === null) return 'one seed cannot tell whether that differs from zero';
  return p.distinguishable ? 'distinguishable from zero' : `not distinguishable from zero with ${seeds} seeds (more --seeds would tell)`;
}

/** The same cost on every seed: a paired difference of exactly zero. */
const identical = (d: Estimate | null): boolean => !!d && d.mean === 0 && d.lo === 0 && d.hi === 0;

function leadText(v: Omit<ScenarioVerdict, 'sentence'>): string {
  const l = v.lead;
  // when the baseline is the cheapest or the runner-up, the main sentence already compares the two
  if (!l || l.runnerUp === v.baseline || v.ranked[0]?.policyLabel === v.baseline || !l.delta) return '';
  const scale = v.ranked[0]!.value.mean;
  if (identical(l.delta)) return ` It costs exactly the same as the runner-up ${l.runnerUp} on every seed.`;
  const by = `${amount(l.delta.mean, v.metric, scale)} (${ci(l.delta, v.metric, scale)})`;
  if (l.distinguishable === null) return '';
  return l.distinguishable ? ` Its lead over the runner-up ${l.runnerUp} is ${by}: distinguishable.` : ` Its lead over the runner-up ${l.runnerUp}, ${by}, is not distinguishable from zero: the two are tied with ${v.seeds.length} seeds.`;
}

function sentenceFor(v: Omit<ScenarioVerdict, 'sentence'>): string {
  if (!v.failed.length) return `${mainSentence(v)}${leadText(v)}${workloadCaveat(v.ranked)}`;
  // the failure first; the comparison among the policies that completed (if any can still be made) after it
  const failed = failureSentence(v.scenario, v.failed, v.baseline);
  if (v.failed.some((f) => f.policyLabel === v.baseline) || v.ranked.length < 2) return failed;
  return `${failed} Among the rest: ${mainSentence(v).replace(`${v.scenario}: `, '')}${leadText(v)}${workloadCaveat(v.ranked)}`;
}

function mainSentence(v: Omit<ScenarioVerdict, 'sentence'>): string {
  const [first, second] = v.ranked;
  const per = v.metric === 'costTotal' ? ' per session' : ' per session (unpriced model: ranked by prompt + aux tokens)';
  if (!first) return `${v.scenario}: no sessions.`;
  if (!second) return `${v.scenario}: only ${first.policyLabel} ran (${money(first.value.mean, v.metric)}${per}); nothing to compare.`;
  const n = v.seeds.length;
  if (first.policyLabel !== v.baseline) {
    const d = first.delta!;
    const pct = first.deltaPct && Number.isFinite(first.deltaPct.mean) ? ` (${Math.abs(first.deltaPct.mean).toFixed(1)}%)` : '';
    return `${v.scenario}: ${first.policyLabel} is the cheapest at ${money(first.value.mean, v.metric)}${per}, ${amount(d.mean, v.metric, first.value.mean)}${pct} ${d.mean <= 0 ? 'less' : 'more'} than the baseline ${v.baseline} (${ci(d, v.metric, first.value.mean)}): ${distinctText(first, n)}.`;
  }
  const d = second.delta!;
  if (d.mean === 0 && (d.hi === 0 || !Number.isFinite(d.hi))) return `${v.scenario}: the baseline ${v.baseline} and ${second.policyLabel} cost the same, ${money(first.value.mean, v.metric)}${per}${Number.isFinite(d.hi) ? ', on every seed' : ''}.`;
  return `${v.scenario}: the baseline ${v.baseline} is the cheapest at ${money(first.value.mean, v.metric)}${per}; the runner-up ${second.policyLabel} costs ${amount(d.mean, v.metric, first.value.mean)} more (${ci(d, v.metric, first.value.mean)}): ${distinctText(second, n)}.`;
}

function leadOf(rows: readonly SessionRow[], first: string, second: string, metric: RankMetric): ScenarioVerdict['lead'] {
  const d = pairedDeltas(rows, first, second, [metric])[0]?.delta ?? null;
  // second − first: positive when the cheapest really is cheaper
  return { runnerUp: second, delta: d, distinguishable: !d || !Number.isFinite(d.lo) ? null : d.lo > 0 || d.hi < 0 };
}

/** The verdict for every scenario in which the baseline ran. `aggs` gives the order and the levels. */
export function buildVerdict(rows: readonly SessionRow[], aggs: readonly PolicyAggregate[], baseline: string): Verdict {
  const scenarios: ScenarioVerdict[] = [];
  for (const scenario of [...new Set(aggs.map((a) => a.scenario))]) {
    const mine = aggs.filter((a) => a.scenario === scenario);
    const base = mine.find((a) => a.policyLabel === baseline);
    if (!base) continue;
    const scenarioRows = rows.filter((r) => r.run.key.scenario === scenario);
    const failed = failedPolicies(mine, scenarioRows);
    const completed = mine.filter((a) => a.failures === 0);
    // without the baseline's sessions there is nothing to pair with: the others are ranked without a Δ
    const paired = base.failures === 0;
    const metric: RankMetric = completed.every((a) => a.metrics.costTotal) ? 'costTotal' : 'totalTokens';
    const entries = completed.map((a, order) => {
      const d = a.policyLabel === baseline || !paired ? null : pairedDeltas(scenarioRows, baseline, a.policyLabel, [metric])[0] ?? null;
      const delta = d?.delta ?? null;
      const distinguishable = !delta || !Number.isFinite(delta.lo) ? null : delta.lo > 0 || delta.hi < 0;
      return {
        order,
        p: {
          rank: 0, policy: a.policy, policyLabel: a.policyLabel, value: a.metrics[metric]!, delta, deltaPct: d?.relativePct ?? null,
          distinguishable, breaksPer100Steps: a.metrics.breaksPer100Steps, eventsPer100Steps: a.metrics.eventsPer100Steps, failures: a.failures,
        } satisfies RankedPolicy,
      };
    });
    const key = (x: number): number => (Number.isFinite(x) ? x : Infinity);
    entries.sort((a, b) => key(a.p.value.mean) - key(b.p.value.mean) || a.order - b.order);
    const ranked = entries.map((e, i) => ({ ...e.p, rank: i + 1 }));
    const main = !paired ? undefined : ranked[0]?.policyLabel === baseline ? ranked[1] : ranked[0];
    const lead = ranked.length < 2 ? null : leadOf(scenarioRows, ranked[0]!.policyLabel, ranked[1]!.policyLabel, metric);
    // an exact tie on every seed is an answer too (more seeds would not change it)
    const settled = (d: Estimate | null, distinguishable: boolean | null): boolean => distinguishable === true || identical(d);
    const resolved = !main || main.distinguishable === null ? null : settled(main.delta, main.distinguishable) && (!lead || settled(lead.delta, lead.distinguishable));
    const partial = { scenario, seeds: base.seeds, metric, baseline, cheapest: ranked[0]?.policyLabel ?? null, lead, resolved, ranked, failed };
    scenarios.push({ ...partial, sentence: sentenceFor(partial) });
  }
  return { baseline, method: VERDICT_METHOD, scenarios, unresolved: scenarios.filter(unsettled).map((s) => s.scenario) };
}

/** More seeds could settle it (a failed baseline cannot be settled by seeds: verdict-failures.ts says so instead). */
function unsettled(s: ScenarioVerdict): boolean {
  if (s.failed.some((f) => f.policyLabel === s.baseline)) return false;
  return s.resolved === false || (s.resolved === null && s.ranked.length > 1);
}
