/**
 * Writes a run's outputs to a directory: steps.csv, events.csv, sessions.csv, violations.csv,
 * summary.json, summary.md (the verdict first), verdict.json and manifest.json. Byte-identical for identical inputs (no timestamps).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringifySafe as stringify } from './csv-safe.js';
import { aggregate, toRows, type PolicyAggregate, type SessionRow } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import type { RunPlan } from '../sim/run.js';
import { sessionsCsv, writeEventsCsv, writeStepsCsv } from './csv.js';
import { writeFileChunked } from './file-sink.js';
import { jsonSafe } from './format.js';
import { summaryMarkdown } from './markdown.js';
import { buildVerdict, type Verdict } from './verdict.js';
import { TOOL_VERSION } from '../version.js';
import { TOKEN_SCALES } from '../cache/token-scale.js';

export interface Manifest {
  tool: string;
  version: string;
  seeds: number[];
  scenarios: { name: string; hash: string; seeds: number[]; settings: unknown; maxSteps?: number }[];
  policies: { id: string; label: string; paramsHash: string; source: string; version: string | null; params: Record<string, unknown> }[];
  cells: number;
  /** the provider token count each run was billed in: o200k × scale + perMessage per message (cache/token-scale.ts) */
  tokenScales: Record<string, { scale: number; perMessage: number; source: string }>;
  shard?: string;
}

export function buildManifest(plan: RunPlan, cells: number, shard?: string): Manifest {
  return {
    tool: 'compactbench',
    version: TOOL_VERSION,
    seeds: [...plan.seeds],
    scenarios: plan.scenarios.map((s) => ({ name: s.name, hash: s.hash, seeds: [...(s.seeds ?? plan.seeds)], settings: s.settings, ...(s.maxSteps !== undefined ? { maxSteps: s.maxSteps } : {}) })),
    policies: plan.policies.map((p) => ({ id: p.def.id, label: p.label, paramsHash: p.paramsHash, source: p.def.source, version: p.def.version ?? null, params: p.params })),
    cells,
    tokenScales: Object.fromEntries(Object.values(TOKEN_SCALES).map((t) => [t.provider, { scale: t.scale, perMessage: t.perMessage, source: t.source }])),
    ...(shard ? { shard } : {}),
  };
}

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

/** `raw: false` leaves out steps.csv and events.csv (the per-step and per-event records), e.g. for a committed report. */
export function writeRunOutputs(dir: string, runs: readonly SessionRun[], manifest: Manifest, opts: { raw?: boolean; baseline?: string } = {}): RunOutputs {
  const summary = summarizeRuns(runs, manifest, opts.baseline);
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
