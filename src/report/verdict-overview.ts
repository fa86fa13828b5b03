/**
 * The answer across scenarios, above the per-scenario verdicts: for each leading policy (the cheapest, or
 * identical to the cheapest, in at least one scenario; the baseline always) where it is the cheapest, how
 * it fares against the baseline (cheaper, dearer or tied: whether the paired Δ's CI excludes zero) and its
 * worst case (the scenario where its mean is furthest above the cheapest's); and which policies were
 * identical on every seed, in how many scenarios.
 */
import type { RuleCount } from './rule-telemetry.js';
import { identicalPairs, identicalSets, type IdenticalGroup, type IdenticalPair } from './verdict-identical.js';
import type { ScenarioVerdict } from './verdict-data.js';

export interface PolicyStanding {
  policy: string;
  /** scenarios where it ranks first or is identical to the first */
  cheapestIn: string[];
  /** against the baseline (absent for the baseline itself): distinguishably cheaper, dearer, or neither */
  cheaper: string[];
  dearer: string[];
  tied: string[];
  /** the scenario where its mean is the furthest above the cheapest's mean, as a % of the cheapest; null when it is the cheapest everywhere */
  worst: { scenario: string; abovePct: number } | null;
  /** of the scenarios it ran in */
  of: number;
  /** its decision rules summed over every scenario (rule-telemetry.ts) */
  rules: RuleCount[];
}

export interface VerdictOverview {
  scenarios: number;
  baseline: string;
  /** the leading policies, most scenarios won first; the baseline among them */
  leaders: PolicyStanding[];
  /** policies not among the leaders, in run order */
  others: string[];
  /** the decision rules of the policies not among the leaders (the leaders carry their own) */
  otherRules: { policy: string; rules: RuleCount[] }[];
  /** every pair identical on every seed of at least one scenario */
  identical: IdenticalPair[];
  /** the same as groups: policies identical to each other in the same scenarios */
  identicalGroups: IdenticalGroup[];
}

function standing(policy: string, scenarios: readonly ScenarioVerdict[], baseline: string): PolicyStanding {
  const s: PolicyStanding = { policy, cheapestIn: [], cheaper: [], dearer: [], tied: [], worst: null, of: 0, rules: [] };
  const rules = new Map<string, RuleCount>();
  for (const v of scenarios) {
    const p = v.ranked.find((r) => r.policyLabel === policy);
    if (!p) continue;
    s.of++;
    const first = v.ranked[0]!;
    if (p.rank === 1 || p.sameAs === first.policyLabel) s.cheapestIn.push(v.scenario);
    else if (first.value.mean > 0) {
      const above = (100 * (p.value.mean - first.value.mean)) / first.value.mean;
      if (!s.worst || above > s.worst.abovePct) s.worst = { scenario: v.scenario, abovePct: above };
    }
    if (policy !== baseline && p.delta) {
      const bucket = p.distinguishable && p.delta.mean < 0 ? s.cheaper : p.distinguishable && p.delta.mean > 0 ? s.dearer : s.tied;
      bucket.push(v.scenario);
    }
    for (const c of p.rules) {
      const t = rules.get(c.rule) ?? { rule: c.rule, evaluated: 0, changed: 0, sessionsChanged: 0, sessions: 0 };
      rules.set(c.rule, { rule: c.rule, evaluated: t.evaluated + c.evaluated, changed: t.changed + c.changed, sessionsChanged: t.sessionsChanged + c.sessionsChanged, sessions: t.sessions + c.sessions });
    }
  }
  s.rules = [...rules.values()];
  return s;
}

export function buildOverview(scenarios: readonly ScenarioVerdict[], baseline: string): VerdictOverview {
  const labels: string[] = [];
  for (const v of scenarios) for (const r of v.ranked) if (!labels.includes(r.policyLabel)) labels.push(r.policyLabel);
  const all = labels.map((l) => standing(l, scenarios, baseline));
  const leading = all.filter((s) => s.cheapestIn.length > 0 || s.policy === baseline);
  leading.sort((a, b) => b.cheapestIn.length - a.cheapestIn.length || (a.worst?.abovePct ?? 0) - (b.worst?.abovePct ?? 0) || labels.indexOf(a.policy) - labels.indexOf(b.policy));
  const identical = identicalPairs(scenarios.map((v) => ({ scenario: v.scenario, labels: v.ranked.map((r) => r.policyLabel), groups: v.identical })));
  const others = all.filter((s) => !leading.includes(s));
  return {
    scenarios: scenarios.length, baseline, leaders: leading, others: others.map((s) => s.policy),
    otherRules: others.filter((s) => s.rules.length).map((s) => ({ policy: s.policy, rules: s.rules })), identical, identicalGroups: identicalSets(identical),
  };
}
