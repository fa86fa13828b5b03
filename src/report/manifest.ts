/**
 * The manifest of a run (tool, version, seeds, scenarios, policies, token scales) and of a report: the
 * run's plus which report was asked for, so a
 * shard's manifest carries everything `merge` needs to rebuild the unsharded output byte for byte.
 */
import { TOKEN_SCALES } from '../cache/token-scale.js';
import type { RunPlan } from '../sim/run.js';
import { TOOL_VERSION } from '../version.js';
import type { Gate } from './gate.js';
import type { RecordedBill } from '../validate/recorded-bill.js';

export interface Manifest {
  tool: string;
  version: string;
  seeds: number[];
  scenarios: { name: string; hash: string; seeds: number[]; settings: unknown; maxSteps?: number; recorded?: RecordedBill | null }[];
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
    scenarios: plan.scenarios.map((s) => ({ name: s.name, hash: s.hash, seeds: [...(s.seeds ?? plan.seeds)], settings: s.settings, ...(s.maxSteps !== undefined ? { maxSteps: s.maxSteps } : {}), ...(s.recorded !== undefined ? { recorded: s.recorded } : {}) })),
    policies: plan.policies.map((p) => ({ id: p.def.id, label: p.label, paramsHash: p.paramsHash, source: p.def.source, version: p.def.version ?? null, params: p.params })),
    cells,
    tokenScales: Object.fromEntries(Object.values(TOKEN_SCALES).map((t) => [t.provider, { scale: t.scale, perMessage: t.perMessage, source: t.source }])),
    ...(shard ? { shard } : {}),
  };
}


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
