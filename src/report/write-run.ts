/**
 * Writes a run's outputs to a directory: steps.csv, events.csv, sessions.csv, violations.csv,
 * summary.json, summary.md (the verdict first), verdict.json and manifest.json. Byte-identical for identical inputs (no timestamps).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifySafe as stringify } from './csv-safe.js';
import type { PolicyAggregate } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import { sessionsCsv, writeEventsCsv, writeStepsCsv } from './csv.js';
import { writeFileChunked } from './file-sink.js';
import { jsonSafe } from './format.js';
import type { Manifest } from './manifest.js';
import { summaryMarkdown } from './markdown.js';
import { summarizeRuns, type RunSummary } from './run-summary.js';
import type { Verdict } from './verdict.js';

export { buildManifest, type Manifest } from './manifest.js';
export { summarizeRuns, type RunSummary } from './run-summary.js';

function violationsCsv(runs: readonly SessionRun[]): string {
  const header = ['scenario', 'seed', 'policy', 'policyLabel', 'paramsHash', 'step', 'phase', 'code', 'index', 'detail'];
  const rows = runs.flatMap((r) => r.violations.map((v) => header.map((h) => String((v as unknown as Record<string, unknown>)[h]))));
  return stringify([header, ...rows]);
}

export interface RunOutputs {
  aggregates: PolicyAggregate[];
  verdict: Verdict;
  files: string[];
}

/** `raw: false` leaves out steps.csv and events.csv (the per-step and per-event records), e.g. for a committed report. */
export function writeRunOutputs(dir: string, runs: readonly SessionRun[], manifest: Manifest, opts: { raw?: boolean; baseline?: string; minRetention?: number } = {}): RunOutputs {
  const summary = summarizeRuns(runs, manifest, opts.baseline, opts.minRetention);
  return { aggregates: summary.aggregates, verdict: summary.verdict, files: writeRunFiles(dir, runs, manifest, summary, opts) };
}

/** Writes the run's files from its summary; returns their paths. */
export function writeRunFiles(dir: string, runs: readonly SessionRun[], manifest: Manifest, summary: RunSummary, opts: { raw?: boolean } = {}): string[] {
  mkdirSync(dir, { recursive: true });
  const { rows, aggregates, verdict } = summary;
  // the per-step and per-event records are streamed to their files (steps.csv is the largest output)
  const raw = opts.raw === false ? [] : ['steps.csv', 'events.csv'];
  if (raw.length) {
    writeFileChunked(join(dir, 'steps.csv'), (sink) => writeStepsCsv(sink, runs));
    writeFileChunked(join(dir, 'events.csv'), (sink) => writeEventsCsv(sink, runs));
  }
  const files: Record<string, string> = {
    'sessions.csv': sessionsCsv(rows),
    'violations.csv': violationsCsv(runs),
    'summary.json': `${JSON.stringify({ aggregates, failures: runs.filter((r) => r.failure).map((r) => r.failure) }, jsonSafe, 2)}\n`,
    'summary.md': summaryMarkdown(aggregates, runs, verdict),
    'verdict.json': `${JSON.stringify(verdict, jsonSafe, 2)}\n`,
    'manifest.json': `${JSON.stringify(manifest, jsonSafe, 2)}\n`,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return [...raw, ...Object.keys(files)].map((f) => join(dir, f));
}
