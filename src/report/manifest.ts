/**
 * The manifest of a report: the run's manifest (write-run.ts) plus which report was asked for, so a
 * shard's manifest carries everything `merge` needs to rebuild the unsharded output byte for byte.
 */
import type { RunPlan } from '../sim/run.js';
import type { Gate } from './gate.js';
import { buildManifest, type Manifest } from './write-run.js';

export interface SweepParam {
  name: string;
  /** values as given on the command line, in order */
  values: string[];
}

/**
 * `baseline`: the policy label the verdict pairs every policy with (default: the first policy).
 * `minRetention`: the retention floor of the verdict (default DEFAULT_MIN_RETENTION); in a comparison it
 * is also a gate check on the candidate (kept only when given, so older manifests read the same).
 */
export type ReportSpec = { minRetention?: number } & (
  /** CSVs, summary and manifest only */
  | { kind: 'run'; baseline?: string }
  /** plus aggregates, charts (CSV, Vega-Lite, SVG, PNG) and the HTML report */
  | { kind: 'report'; baseline?: string }
  | { kind: 'sweep'; params: SweepParam[]; baseline?: string }
  | { kind: 'compare'; baseline: string; candidate: string; gate: Gate | null; gateFile: string | null }
);

export interface ReportManifest extends Manifest {
  report: ReportSpec;
  /** a shard's files and their SHA-256 digests ("sha256:<hex>"), checked by merge */
  digests?: Record<string, string>;
}

export function reportManifest(plan: RunPlan, cells: number, report: ReportSpec, shard?: string): ReportManifest {
  return { ...buildManifest(plan, cells, shard), report };
}

/** The manifest without its shard fields: what the unsharded run writes. */
export function unsharded(m: ReportManifest): ReportManifest {
  const { shard: _shard, digests: _digests, ...rest } = m;
  return rest;
}
