/**
 * The verdict every report opens with: the answer across scenarios (verdict-overview.ts), then per
 * scenario the policies ranked by mean cost per session with paired CIs against a baseline
 * (verdict-data.ts), a sentence naming the cheapest, whether its difference from the baseline is
 * distinguishable from zero and which policies were identical, and what drove that difference
 * (verdict-sentence.ts). Data first, then text: renderings of it are in verdict-text.ts.
 */
import type { PolicyAggregate, SessionRow } from '../metrics/aggregate.js';
import { rankScenario, VERDICT_METHOD, type ScenarioVerdict, type VerdictOptions } from './verdict-data.js';
import { buildOverview, type VerdictOverview } from './verdict-overview.js';
import { sentenceFor, whyText } from './verdict-sentence.js';

import type { TraceSampleVerdict } from './trace-verdict-types.js';

export { VERDICT_METHOD, type RankedPolicy, type RankMetric, type ScenarioVerdict, type VerdictOptions } from './verdict-data.js';
export { money } from './verdict-sentence.js';

export interface Verdict {
  baseline: string;
  method: string;
  /** the answer across scenarios (verdict-overview.ts) */
  overview: VerdictOverview;
  scenarios: ScenarioVerdict[];
  /** scenarios whose answer is not resolved (see ScenarioVerdict.resolved) */
  unresolved: string[];
  /** recorded traces replayed: the verdict over them, the sessions being the sample (trace-verdict.ts) */
  traces?: TraceSampleVerdict;
  /** the retention floor the verdict names the cheapest policy above (--min-retention) */
  minRetention?: number;
}

/** The verdict for every scenario in which the baseline ran. `aggs` gives the order and the levels. */
export function buildVerdict(rows: readonly SessionRow[], aggs: readonly PolicyAggregate[], baseline: string, opts: VerdictOptions = {}): Verdict {
  const scenarios: ScenarioVerdict[] = [];
  for (const scenario of [...new Set(aggs.map((a) => a.scenario))]) {
    const ranked = rankScenario(rows, aggs, scenario, baseline, opts);
    if (!ranked) continue;
    scenarios.push({ ...ranked, sentence: sentenceFor(ranked), why: ranked.ranked.length ? whyText(ranked.split, ranked.metric, ranked.ranked[0]!.value.mean) : '' });
  }
  return {
    baseline,
    method: VERDICT_METHOD,
    overview: buildOverview(scenarios, baseline),
    scenarios,
    unresolved: scenarios.filter(unsettled).map((s) => s.scenario),
  };
}

/** More seeds could settle it (a failed baseline cannot be settled by seeds: verdict-failures.ts says so instead). */
function unsettled(s: ScenarioVerdict): boolean {
  if (s.failed.some((f) => f.policyLabel === s.baseline)) return false;
  return s.resolved === false || (s.resolved === null && s.ranked.length > 1);
}
