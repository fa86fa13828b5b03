/**
 * Writes a full report for any kind of run — `run` (CSVs, summary, manifest), `report` (plus aggregates,
 * charts and HTML), `sweep` (plus the sweep table and chart) and `compare` (plus the paired comparison,
 * the gate verdict and the Markdown for a CI job summary) — from the typed records and the manifest
 * alone. Unsharded commands and `merge` both end here, which is what makes a merged report identical.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PolicyAggregate } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import { aggregatesCsv } from './aggregates-csv.js';
import { finishCharts, joinCharts, startCharts } from './chart-files.js';
import { ChartPool } from './svg-pool.js';
import { aggregateCharts, chartContext, runCharts, runContext, type Chart } from './charts/index.js';
import { deltasChart } from './charts/deltas.js';
import { retentionCharts } from './charts/cost-retention.js';
import { sweepChart } from './charts/sweep.js';
import { compareMarkdown } from './compare-markdown.js';
import { comparisonTable } from './comparison-table.js';
import { evaluateGate, type GateVerdict, type SideFailures } from './gate-eval.js';
import { withRetentionFloor } from './gate-level.js';
import { comparisonHtml, gateHtml, manifestHtml, summaryTablesHtml, sweepHtml } from './html-tables.js';
import { reportHtml, type HtmlSection } from './html.js';
import type { ReportManifest } from './manifest.js';
import { pairedDeltas } from './paired.js';
import { sweepMarkdown, sweepTable, sweepTerminal } from './sweep-table.js';
import { tableCsv, type Table } from './table.js';
import type { Verdict } from './verdict.js';
import { verdictHtml } from './verdict-text.js';
import { summarizeRuns, writeRunFiles } from './write-run.js';

export interface ReportOptions {
  /**
   * write a PNG beside every SVG. Default: only for a compare report, whose comparison.md (a CI job
   * summary) links the PNGs; elsewhere on request, since rendering them took a sixth of a default
   * report's CPU and the SVG beside each is lossless (report.html draws the charts from their specs).
   */
  png?: boolean;
  /** write steps.csv and events.csv (default true); the charts keep their own data CSVs either way */
  raw?: boolean;
  /** threads the machine can give the report: above 1, the charts render on that many − 1 worker threads besides this one (svg-pool.ts) */
  threads?: number;
  /** prefix for the links in comparison.md (e.g. where CI publishes the report); default: relative */
  linkBase?: string;
}

export interface ReportResult {
  files: string[];
  aggregates: PolicyAggregate[];
  /** the ranking verdict (policies by cost, paired CIs against the baseline) */
  ranking: Verdict;
  /** extra tables by report kind (comparison deltas, sweep rows), for --json */
  tables: Record<string, Table>;
  /** the gate's verdict (compare only) */
  verdict: GateVerdict | null;
  /** 0 pass (or no gate), 2 gate failed, 3 gate not evaluated */
  exitCode: 0 | 2 | 3;
  /** what the command prints besides the verdict (a sweep's grid); '' when nothing */
  terminal?: string;
}

/** Per scenario, the baseline's and the candidate's failed sessions, as the verdict found them. */
function sideFailures(v: Verdict, baseline: string, candidate: string): Map<string, SideFailures> {
  const out = new Map<string, SideFailures>();
  for (const s of v.scenarios) {
    const b = s.failed.find((f) => f.policyLabel === baseline);
    const c = s.failed.find((f) => f.policyLabel === candidate);
    if (b || c) out.set(s.scenario, { ...(b ? { baseline: b } : {}), ...(c ? { candidate: c } : {}) });
  }
  return out;
}

function subtitle(m: ReportManifest): string {
  const scenarios = m.scenarios.map((s) => `${s.name} (seeds ${s.seeds.join(', ')})`).join('; ');
  return `${m.tool} ${m.version} · ${m.cells} sessions · ${m.policies.length} policies · scenarios: ${scenarios}`;
}

export async function writeReport(dir: string, runs: readonly SessionRun[], manifest: ReportManifest, opts: ReportOptions = {}): Promise<ReportResult> {
  const spec = manifest.report;
  const baseline = spec.baseline ?? manifest.policies[0]?.label ?? '';
  if (spec.kind === 'run') {
    const summary = summarizeRuns(runs, manifest, baseline, spec.minRetention);
    return { files: writeRunFiles(dir, runs, manifest, summary, { raw: opts.raw }), aggregates: summary.aggregates, ranking: summary.verdict, tables: {}, verdict: null, exitCode: 0 };
  }
  const png = opts.png ?? spec.kind === 'compare';
  // chart workers, one per thread the run used besides this one; the charts drawn from the runs alone are
  // queued at once, so the workers draw them while this thread summarizes the runs
  const pool = new ChartPool((opts.threads ?? 1) - 1);
  const fromRuns = runCharts(runs, runContext(runs, baseline));
  const early = startCharts(fromRuns, pool, { png });
  const summary = summarizeRuns(runs, manifest, baseline, spec.minRetention);
  const ranking = summary.verdict;
  const tables: Record<string, Table> = {};
  const aggs = summary.aggregates;
  const ctx = chartContext(aggs, runs, ranking);
  const charts: Chart[] = [...aggregateCharts(aggs, ctx), ...retentionCharts(aggs, ctx, ranking)];
  const files: Record<string, string> = { 'aggregates.csv': aggregatesCsv(aggs) };
  const before: HtmlSection[] = [{ id: 'verdict', title: 'Verdict', html: verdictHtml(ranking) }];
  let verdict: GateVerdict | null = null;
  let terminal = '';
  let title = 'compactbench report';
  if (spec.kind === 'sweep') {
    title = 'compactbench sweep';
    charts.unshift(sweepChart(aggs, manifest, spec.params, ctx));
    tables.sweep = sweepTable(aggs, manifest, spec.params, summary.rows);
    files['sweep.csv'] = tableCsv(tables.sweep);
    files['sweep.md'] = sweepMarkdown(aggs, manifest, spec.params, ranking, summary.rows);
    terminal = sweepTerminal(aggs, manifest, spec.params, summary.rows);
    before.push({ id: 'sweep', title: 'Sweep', html: sweepHtml(aggs, manifest, spec.params) });
  } else if (spec.kind === 'compare') {
    title = `compactbench comparison: ${spec.baseline} → ${spec.candidate}`;
    const deltas = pairedDeltas(summary.rows, spec.baseline, spec.candidate);
    const gate = withRetentionFloor(spec.gate, spec.minRetention);
    verdict = gate ? evaluateGate(gate, deltas, sideFailures(ranking, spec.baseline, spec.candidate)) : null;
    charts.unshift(deltasChart(deltas, verdict, spec.baseline, spec.candidate));
    tables.comparison = comparisonTable(deltas, verdict);
    files['comparison.csv'] = tableCsv(tables.comparison);
    files['comparison.md'] = compareMarkdown({
      baseline: spec.baseline, candidate: spec.candidate, deltas, verdict, gateFile: spec.gateFile, ranking,
      charts: [...charts, ...fromRuns].map((c) => ({ name: c.name, title: c.title })), linkBase: opts.linkBase,
    });
    before.unshift({ id: 'gate', title: 'Gate', html: gateHtml(verdict, spec.gateFile) });
    before.push({ id: 'comparison', title: 'Comparison', html: comparisonHtml(deltas, verdict) });
  }
  // the charts render (on the chart workers when there are some) while the run's files are written here
  const late = startCharts(charts, pool, { png });
  const baseFiles = writeRunFiles(dir, runs, manifest, summary, { raw: opts.raw });
  const written = await finishCharts(dir, joinCharts([late, early]), pool);
  files['report.html'] = reportHtml({
    title, subtitle: subtitle(manifest), before, charts: written,
    // with many policies, the charts with a row or a panel per policy come after the others, folded
    folded: manifest.policies.length > 8 ? written.map((w) => w.name).filter((n) => n.startsWith('sawtooth-') || n === 'changed-index' || n === 'cache-share') : [],
    after: [
      { id: 'summary', title: 'Summary per policy', html: summaryTablesHtml(aggs) },
      { id: 'manifest', title: 'Manifest', html: manifestHtml(manifest) },
    ],
  });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return {
    files: [...baseFiles, ...written.flatMap((w) => w.files), ...Object.keys(files).map((f) => join(dir, f))],
    aggregates: aggs,
    ranking,
    tables,
    verdict,
    exitCode: verdict?.exitCode ?? 0,
    terminal,
  };
}
