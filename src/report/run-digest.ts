/**
 * What a report needs from each run besides its small fields, computed on the thread that simulated
 * the run and sent back with it: its session metrics, its part of the cache-share chart and, when the
 * command writes them, its CSV rows.
 * Why: the main thread then neither formats ~220k step rows after the simulation (serial work, with
 * every other thread idle) nor reads the step records of the runs a worker sent (sim/packed-steps.ts
 * keeps those packed until read). The values are the same wherever they are computed: each depends on
 * its run alone.
 */
import { keepSessionMetrics } from '../metrics/aggregate.js';
import { sessionMetrics, type SessionMetrics } from '../metrics/session-metrics.js';
import type { SessionRun } from '../sim/records.js';
import type { RunDigester } from '../sim/run-digester.js';
import { keepRunBuckets, runBuckets, type RunBucket } from './charts/cache-share.js';
import { formatRawRows, keepRawRows, type RawRows } from './raw-rows.js';

export interface RunDigest {
  metrics: SessionMetrics;
  /** its part of the cache-share chart (null: not integer token counts, the chart reads the steps) */
  buckets: RunBucket[] | null;
  raw?: RawRows;
}

export interface DigestOptions {
  /** also format the steps.csv/events.csv rows */
  rawRows: boolean;
}

/** This module as the digester a run names (sim/run-digester.ts), so sim/'s threads can load it. */
export function runDigester(opts: DigestOptions): RunDigester {
  return { module: import.meta.url, options: opts };
}

export function digestRun(run: SessionRun, opts: DigestOptions): RunDigest {
  return { metrics: sessionMetrics(run), buckets: runBuckets(run), ...(opts.rawRows ? { raw: formatRawRows(run) } : {}) };
}

/** Keeps a digest made for `run` (here or on a worker) for the report to use instead of recomputing it. */
export function keepDigest(run: SessionRun, d: RunDigest): void {
  keepSessionMetrics(run, d.metrics);
  if (d.buckets) keepRunBuckets(run, d.buckets);
  if (d.raw) keepRawRows(run, d.raw);
}
