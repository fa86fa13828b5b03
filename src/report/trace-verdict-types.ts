/** The shape of the verdict over recorded traces (trace-verdict.ts), apart so that the verdict (verdict.ts) can name it without a cycle. */
import type { Estimate } from '../metrics/stats.js';
import type { RecordedBill } from '../validate/recorded-bill.js';
import type { RankMetric } from './verdict-causes.js';

export interface TraceRow {
  trace: string;
  /** what the recorded session was billed (null: no recorded usage) */
  recorded: RecordedBill | null;
  /** per policy label: the replay's mean over seeds in the verdict's metric (null: unpriced) */
  replayed: Record<string, number | null>;
}

export interface TracePolicy {
  policyLabel: string;
  /** mean over traces of the replayed metric */
  mean: number;
  /** policy − baseline per trace, with the paired t interval over traces; null for the baseline */
  delta: Estimate | null;
  /** the interval excludes zero; null for the baseline or with fewer than two traces */
  distinguishable: boolean | null;
}

export interface TraceSampleVerdict {
  metric: RankMetric;
  baseline: string;
  traces: TraceRow[];
  /** cheapest first */
  policies: TracePolicy[];
  sentence: string;
}
