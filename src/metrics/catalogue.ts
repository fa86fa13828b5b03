/**
 * The metrics a report shows, with labels, units and which direction is better. Gates and the
 * Markdown tables name metrics by these keys.
 */
import type { SessionMetrics } from './session-metrics.js';

export type MetricKey = keyof SessionMetrics;

export interface MetricInfo {
  key: MetricKey;
  label: string;
  unit: string;
  /** 'lower' when less is better; 'higher'; or 'none' for descriptive figures */
  better: 'lower' | 'higher' | 'none';
  /** the seed-003 section-6 metric number, when it is one of the seven */
  seed003?: number;
  digits: number;
}

export const HEADLINE_METRICS: readonly MetricInfo[] = [
  { key: 'eventsPer100Steps', label: 'events/100 steps', unit: 'events', better: 'lower', seed003: 1, digits: 2 },
  { key: 'eventsPer100Turns', label: 'events/100 turns', unit: 'events', better: 'lower', seed003: 1, digits: 1 },
  { key: 'meanStepsBetweenEvents', label: 'steps between events', unit: 'steps', better: 'higher', seed003: 2, digits: 1 },
  { key: 'auxCalls', label: 'aux calls', unit: 'calls', better: 'lower', seed003: 3, digits: 1 },
  { key: 'meanReclaimedTokens', label: 'tokens reclaimed/event', unit: 'tokens', better: 'higher', seed003: 4, digits: 0 },
  { key: 'totalTokens', label: 'prompt+aux tokens', unit: 'tokens', better: 'lower', seed003: 5, digits: 0 },
  { key: 'costTotal', label: 'cost $', unit: 'USD', better: 'lower', seed003: 5, digits: 3 },
  { key: 'costToOptimum', label: 'cost / bound', unit: 'ratio', better: 'lower', digits: 2 },
  { key: 'retention', label: 'retention', unit: 'fraction', better: 'higher', digits: 3 },
  { key: 'medianEarliestChangedIndex', label: 'earliest changed idx (median)', unit: 'message', better: 'higher', seed003: 6, digits: 1 },
  { key: 'pruneOnlyShare', label: 'prune-only share', unit: 'fraction', better: 'none', seed003: 7, digits: 2 },
  { key: 'cacheReadShare', label: 'cache-read share', unit: 'fraction', better: 'higher', digits: 3 },
  { key: 'breaksPer100Steps', label: 'cache breaks/100 steps', unit: 'breaks', better: 'lower', digits: 2 },
  { key: 'peakUtilization', label: 'peak util', unit: 'fraction', better: 'none', digits: 2 },
  { key: 'overflowSteps', label: 'overflow steps', unit: 'steps', better: 'lower', digits: 1 },
  { key: 'vetoes', label: 'vetoes', unit: 'count', better: 'none', digits: 1 },
  { key: 'invariantViolations', label: 'violations', unit: 'count', better: 'lower', digits: 0 },
];

export const ALL_METRIC_KEYS: readonly MetricKey[] = [
  'steps', 'userTurns', 'compactionEvents', 'eventsPer100Steps', 'eventsPer100Turns', 'meanStepsBetweenEvents',
  'medianStepsBetweenEvents', 'auxCalls', 'meanReclaimedTokens', 'promptTokens', 'auxTokens', 'totalTokens',
  'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'uncachedTokens', 'costUncached', 'costCacheWrite',
  'costCacheRead', 'costOutput', 'costAux', 'costTotal', 'medianEarliestChangedIndex', 'meanChangedFraction',
  'pruneOnlyEvents', 'summaryEvents', 'pruneToSummaryRatio', 'pruneOnlyShare', 'cacheReadShare', 'cacheBreaks', 'breaksPer100Steps',
  'breaksPer100Steps_cold-start', 'breaksPer100Steps_compaction', 'breaksPer100Steps_view-change',
  'breaksPer100Steps_ttl-expiry', 'breaksPer100Steps_model-switch', 'breaksPer100Steps_lookback-miss', 'breaksPer100Steps_best-effort-miss',
  'peakUtilization', 'meanUtilization', 'overflowSteps', 'overflowAfterCompaction', 'noopCompactions',
  'raisingCompactions', 'vetoes', 'invariantViolations', 'failed', 'optimumCost', 'costToOptimum',
  'needs', 'needsMet', 'needsReferenced', 'needsLost', 'retention',
];

export function isMetricKey(k: string): k is MetricKey {
  return (ALL_METRIC_KEYS as readonly string[]).includes(k);
}
