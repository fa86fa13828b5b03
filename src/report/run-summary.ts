/**
 * What every report is built on: a row per session (its metrics), the aggregates per (scenario, policy)
 * and the ranking verdict. Data only; write-run.ts and write-report.ts write files from it.
 */
import { aggregate, toRows, type PolicyAggregate, type SessionRow } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import type { Manifest } from './manifest.js';
import { buildVerdict, type Verdict } from './verdict.js';

/** What every report is built on: a row per session, the aggregates and the ranking verdict. */
export interface RunSummary {
  rows: SessionRow[];
  aggregates: PolicyAggregate[];
  verdict: Verdict;
}

export function summarizeRuns(runs: readonly SessionRun[], manifest: Manifest, baseline?: string): RunSummary {
  const rows = toRows(runs);
  const aggregates = aggregate(rows);
  const verdict = buildVerdict(rows, aggregates, baseline ?? manifest.policies[0]?.label ?? '');
  return { rows, aggregates, verdict };
}

