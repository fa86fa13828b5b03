/**
 * What every report is built on: a row per session (its metrics), the aggregates per (scenario, policy)
 * and the ranking verdict. Data only; write-run.ts and write-report.ts write files from it.
 */
import { aggregate, toRows, type PolicyAggregate, type SessionRow } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import type { Manifest } from './manifest.js';
import { buildVerdict, type Verdict } from './verdict.js';
import { withTraceSample } from './trace-verdict.js';
import { judgeRetention } from './verdict-retention.js';

/** What every report is built on: a row per session, the aggregates and the ranking verdict. */
export interface RunSummary {
  rows: SessionRow[];
  aggregates: PolicyAggregate[];
  verdict: Verdict;
}

export function summarizeRuns(runs: readonly SessionRun[], manifest: Manifest, baseline?: string, minRetention?: number): RunSummary {
  const rows = toRows(runs);
  const aggregates = aggregate(rows);
  // recorded traces carry what the provider billed (trace-verdict.ts); generated ones may run closed-loop
  const bills = new Map(manifest.scenarios.filter((s) => s.recorded !== undefined).map((s) => [s.name, s.recorded ?? null]));
  const closed = manifest.scenarios.filter((s) => (s.settings as { reaction?: unknown } | null)?.reaction).length;
  const loop = closed === 0 ? 'none' : closed === manifest.scenarios.length ? 'all' : 'some';
  const verdict = buildVerdict(rows, aggregates, baseline ?? manifest.policies[0]?.label ?? '');
  const judged = judgeRetention(verdict, aggregates, minRetention, loop);
  return { rows, aggregates, verdict: withTraceSample(judged, aggregates, bills) };
}

