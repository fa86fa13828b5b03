/**
 * Why a policy costs what it does against the baseline: the paired Δ of the ranking metric split into the
 * parts it is the sum of (cache writes, cache reads, uncached input, output, summary calls), each with a
 * count that explains it (cache breaks, aux calls…), and whatever the listed parts do not account for as
 * "other". The list is data: a column another part of the bench adds (re-fetches under the closed loop)
 * joins with one more entry (`extraCauses`), and until it does its dollars show up as "other".
 */
import type { SessionRow } from '../metrics/aggregate.js';
import type { MetricKey } from '../metrics/catalogue.js';
import { pairedDeltas } from './paired.js';

/** What the verdict ranks by: dollars, or prompt + aux tokens for an unpriced model. */
export type RankMetric = 'costTotal' | 'totalTokens';

export interface CostCause {
  /** the session metric holding this part of the total (a sessions.csv column) */
  key: string;
  label: string;
  /** a count that explains the part, e.g. cache breaks for cache writes */
  driver?: { key: string; label: string; digits: number };
}

const BREAKS = { key: 'breaksPer100Steps', label: 'cache breaks per 100 steps', digits: 2 };
const TTL = { key: 'breaksPer100Steps_ttl-expiry', label: 'TTL-expiry breaks per 100 steps', digits: 2 };
const AUX = { key: 'auxCalls', label: 'summary calls per session', digits: 1 };

/** The parts of costTotal (session-metrics.ts sums them per step). */
export const COST_CAUSES: readonly CostCause[] = [
  { key: 'costCacheWrite', label: 'cache writes', driver: { key: 'cacheWriteTokens', label: 'cache-write tokens per session', digits: 0 } },
  { key: 'costCacheRead', label: 'cache reads', driver: { key: 'cacheReadTokens', label: 'cache-read tokens per session', digits: 0 } },
  { key: 'costUncached', label: 'uncached input', driver: TTL },
  { key: 'costOutput', label: 'output', driver: { key: 'outputTokens', label: 'output tokens per session', digits: 0 } },
  { key: 'costAux', label: 'summary calls', driver: AUX },
];

/** The parts of totalTokens (prompt = read + write + uncached, plus the auxiliary calls' tokens), for unpriced models. */
export const TOKEN_CAUSES: readonly CostCause[] = [
  { key: 'cacheWriteTokens', label: 'cache writes', driver: BREAKS },
  { key: 'cacheReadTokens', label: 'cache reads' },
  { key: 'uncachedTokens', label: 'uncached input', driver: TTL },
  { key: 'auxTokens', label: 'summary calls', driver: AUX },
];

export interface CausePart {
  key: string;
  label: string;
  /** mean paired difference policy − baseline, in the ranking metric's unit */
  delta: number;
  /** share of the total Δ (signed; the parts' shares sum to 1 with "other") */
  share: number;
  driver: { label: string; delta: number; digits: number } | null;
}

export interface CostSplit {
  policy: string;
  baseline: string;
  total: number;
  /** the listed parts, largest |Δ| first, then "other" (total − their sum) when it is not negligible */
  parts: CausePart[];
  /** the parts pushing in the total's direction that make up at least half of it: what drove it */
  drivers: string[];
}

const meanDelta = (rows: readonly SessionRow[], baseline: string, policy: string, key: string): number | null => {
  const d = pairedDeltas(rows, baseline, policy, [key as MetricKey])[0]?.delta;
  return d && Number.isFinite(d.mean) ? d.mean : null;
};

/**
 * The split of `policy − baseline` in one scenario's rows; null when either is missing or the total is
 * unpriced. `extraCauses` are appended to the metric's own list.
 */
export function splitCost(rows: readonly SessionRow[], baseline: string, policy: string, metric: RankMetric, extraCauses: readonly CostCause[] = []): CostSplit | null {
  const total = meanDelta(rows, baseline, policy, metric);
  if (total === null) return null;
  const causes = [...(metric === 'costTotal' ? COST_CAUSES : TOKEN_CAUSES), ...extraCauses];
  const parts: CausePart[] = [];
  let listed = 0;
  for (const c of causes) {
    const delta = meanDelta(rows, baseline, policy, c.key);
    if (delta === null) continue;
    listed += delta;
    const dd = c.driver ? meanDelta(rows, baseline, policy, c.driver.key) : null;
    parts.push({ key: c.key, label: c.label, delta, share: total ? delta / total : 0, driver: c.driver && dd !== null ? { label: c.driver.label, delta: dd, digits: c.driver.digits } : null });
  }
  const other = total - listed;
  // a rounding error of the sums is not a cause
  if (Math.abs(other) > 1e-9 * Math.max(1, Math.abs(total))) parts.push({ key: 'other', label: 'other', delta: other, share: total ? other / total : 0, driver: null });
  parts.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  const drivers: string[] = [];
  let covered = 0;
  for (const p of parts) {
    if (covered >= Math.abs(total) / 2 || Math.sign(p.delta) !== Math.sign(total) || !total) break;
    drivers.push(p.key);
    covered += Math.abs(p.delta);
  }
  return { policy, baseline, total, parts, drivers };
}
