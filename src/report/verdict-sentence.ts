/**
 * The verdict's sentences for one scenario: which policy is the cheapest and by how much against the
 * baseline (with the paired CI and whether it is distinguishable from zero), which policies were
 * identical on every seed, its lead over the runner-up, and what drove its difference from the baseline
 * (verdict-causes.ts). Every sentence starts with a capital; a policy name never starts one.
 */
import type { Estimate } from '../metrics/stats.js';
import type { CostSplit } from './verdict-causes.js';
import { identical, type RankedPolicy, type RankMetric, type ScenarioVerdict } from './verdict-data.js';
import { failureSentence } from './verdict-failures.js';
import { workloadCaveat } from './verdict-caveats.js';

type Ranked = Omit<ScenarioVerdict, 'sentence' | 'why'>;

/**
 * Dollars with cents, or tenths of a cent below a dollar (small sessions differ by fractions of a cent);
 * more places when those would round a non-zero amount to nothing ("$0.000 less" says nothing).
 */
export function dollars(x: number, scale: number): string {
  let places = scale >= 1 ? 2 : scale >= 0.1 ? 3 : 4;
  while (x !== 0 && Number(x.toFixed(places)) === 0 && places < 8) places++;
  return x.toFixed(places);
}

export const money = (x: number, metric: RankMetric, scale = x): string => (metric === 'costTotal' ? `$${dollars(x, Math.abs(scale))}` : `${Math.round(x).toLocaleString('en-US')} tokens`);
const amount = (x: number, metric: RankMetric, scale: number): string => money(Math.abs(x), metric, scale);
const signedMoney = (x: number, metric: RankMetric, scale: number): string => `${x < 0 ? '−' : '+'}${amount(x, metric, scale)}`;
const ci = (d: Estimate, metric: RankMetric, scale: number): string => {
  const f = (x: number): string => `${x < 0 ? '−' : '+'}${metric === 'costTotal' ? dollars(Math.abs(x), Math.abs(scale)) : Math.round(Math.abs(x))}`;
  return Number.isFinite(d.lo) ? `95% CI [${f(d.lo)}, ${f(d.hi)}]` : 'no CI with one seed';
};

function distinctText(p: RankedPolicy, seeds: number): string {
  if (p.distinguishable === null) return 'one seed cannot tell whether that differs from zero';
  return p.distinguishable ? 'distinguishable from zero' : `not distinguishable from zero with ${seeds} seeds (more --seeds would tell)`;
}

const list = (xs: readonly string[]): string => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

/** The policies identical on every seed to `p` (its group without it). */
const partnersOf = (v: Ranked, label: string): string[] => (v.identical.find((g) => g.includes(label)) ?? []).filter((l) => l !== label);

function identicalText(v: Ranked): string {
  if (!v.identical.length) return '';
  return ` Identical on every seed: ${v.identical.map((g) => g.join(' = ')).join('; ')}.`;
}

function leadText(v: Ranked): string {
  const l = v.lead;
  const first = v.ranked[0]!;
  // when the baseline is the cheapest or the runner-up, the main sentence already compares the two
  if (!l || l.runnerUp === v.baseline || first.policyLabel === v.baseline || first.sameAs === v.baseline || partnersOf(v, first.policyLabel).includes(v.baseline) || !l.delta) return '';
  const scale = first.value.mean;
  if (identical(l.delta)) return ` It costs exactly the same as the runner-up ${l.runnerUp} on every seed.`;
  const by = `${amount(l.delta.mean, v.metric, scale)} (${ci(l.delta, v.metric, scale)})`;
  if (l.distinguishable === null) return '';
  return l.distinguishable ? ` Its lead over the runner-up ${l.runnerUp} is ${by}: distinguishable.` : ` Its lead over the runner-up ${l.runnerUp}, ${by}, is not distinguishable from zero: the two are tied with ${v.seeds.length} seeds.`;
}

function mainSentence(v: Ranked): string {
  const [first] = v.ranked;
  const per = v.metric === 'costTotal' ? ' per session' : ' per session (unpriced model: ranked by prompt + aux tokens)';
  if (!first) return `${v.scenario}: No sessions.`;
  if (v.ranked.length === 1) return `${v.scenario}: Only ${first.policyLabel} ran (${money(first.value.mean, v.metric)}${per}); nothing to compare.`;
  const n = v.seeds.length;
  const baseRow = v.ranked.find((p) => p.policyLabel === v.baseline)!;
  const baseFirst = baseRow === first || baseRow.sameAs === first.policyLabel;
  if (!baseFirst) {
    const d = first.delta!;
    const pct = first.deltaPct && Number.isFinite(first.deltaPct.mean) ? ` (${Math.abs(first.deltaPct.mean).toFixed(1)}%)` : '';
    const by = d.mean === 0 ? `the same on average as the baseline ${v.baseline}` : `${amount(d.mean, v.metric, first.value.mean)}${pct} ${d.mean < 0 ? 'less' : 'more'} than the baseline ${v.baseline}`;
    return `${v.scenario}: The cheapest is ${first.policyLabel} at ${money(first.value.mean, v.metric)}${per}, ${by} (${ci(d, v.metric, first.value.mean)}): ${distinctText(first, n)}.`;
  }
  const others = partnersOf(v, v.baseline);
  const second = v.ranked.find((p) => p !== baseRow && !others.includes(p.policyLabel));
  if (!second) return `${v.scenario}: ${others.length > 1 ? 'All' : 'Both'} ${others.length + 1} policies, the baseline ${v.baseline}, ${list(others)}, are identical on every seed: ${money(first.value.mean, v.metric)}${per}.`;
  const d = second.delta!;
  const same = others.length ? `, identical on every seed to ${list(others)}` : '';
  const who = v.ranked.length > 2 ? `the runner-up ${second.policyLabel}` : second.policyLabel;
  if (d.mean === 0) return `${v.scenario}: The baseline ${v.baseline} is the cheapest at ${money(first.value.mean, v.metric)}${per}${same}; ${who} costs the same on average (${ci(d, v.metric, first.value.mean)}) but not on every seed.`;
  return `${v.scenario}: The baseline ${v.baseline} is the cheapest at ${money(first.value.mean, v.metric)}${per}${same}; ${who} costs ${amount(d.mean, v.metric, first.value.mean)} more (${ci(d, v.metric, first.value.mean)}): ${distinctText(second, n)}.`;
}

/** The scenario's verdict sentence (it starts with the scenario's name and a colon). */
export function sentenceFor(v: Ranked): string {
  // the main sentence names the baseline's partners already; the others are said here
  const rest = v.identical.filter((g) => !g.includes(v.baseline));
  const tail = `${leadText(v)}${identicalText({ ...v, identical: rest })}${workloadCaveat(v.ranked)}`;
  if (!v.failed.length) return `${mainSentence(v)}${tail}`;
  // a failure first (verdict-failures.ts); the comparison among the policies that completed, if one can be made, after it
  const failed = failureSentence(v.scenario, v.failed, v.baseline);
  if (v.failed.some((f) => f.policyLabel === v.baseline) || v.ranked.length < 2) return failed;
  return `${failed} Among the rest: ${mainSentence(v).replace(`${v.scenario}: `, '')}${tail}`;
}

/** What drove the compared policy's difference from the baseline, from its split; '' when there is none. */
export function whyText(split: CostSplit | null, metric: RankMetric, scale: number): string {
  if (!split || split.total === 0) return '';
  const part = (key: string): string => {
    const p = split.parts.find((x) => x.key === key)!;
    const size = (x: number, digits: number): string => (digits ? x.toFixed(digits) : Math.round(x).toLocaleString('en-US'));
    const driver = p.driver && p.driver.delta !== 0 ? ` (${p.driver.label} ${p.driver.delta < 0 ? '−' : '+'}${size(Math.abs(p.driver.delta), p.driver.digits)})` : '';
    return `${p.label} ${signedMoney(p.delta, metric, scale)}${driver}`;
  };
  const against = split.parts.filter((p) => Math.sign(p.delta) !== Math.sign(split.total) && Math.abs(p.share) >= 0.1).map((p) => p.key);
  const drove = split.drivers.map((k) => part(k));
  const opposed = against.length ? ` Against it: ${against.map((k) => part(k)).join(', ')}.` : '';
  return `Why ${split.policy} costs ${amount(split.total, metric, scale)} ${split.total < 0 ? 'less' : 'more'} than ${split.baseline}: ${drove.join(', ')}.${opposed}`;
}
