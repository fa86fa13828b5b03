/**
 * The sweep table: one row per (scenario, grid point) with the swept parameter values and the mean and
 * 95% CI of the metrics a sweep is about. Written as sweep.csv and as Markdown (sweep.md).
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { HEADLINE_METRICS, type MetricKey } from '../metrics/catalogue.js';
import { meanCi } from './format.js';
import type { Verdict } from './verdict.js';
import { verdictMarkdown } from './verdict-text.js';
import type { ReportManifest, SweepParam } from './manifest.js';
import { estimateCells, type Row, type Table } from './table.js';

export const SWEEP_METRICS: readonly MetricKey[] = ['costTotal', 'breaksPer100Steps', 'eventsPer100Steps', 'cacheReadShare', 'auxCalls', 'peakUtilization'];

/** The resolved value of each swept parameter for a policy label; null where the policy lacks it. */
export function sweepValues(manifest: ReportManifest, params: readonly SweepParam[], label: string): Record<string, number | string | boolean | null> {
  const p = manifest.policies.find((q) => q.label === label);
  return Object.fromEntries(params.map((s) => [s.name, p && s.name in p.params ? (p.params[s.name] as number | string | boolean) : null]));
}

export function sweepTable(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[]): Table {
  const rows: Row[] = aggs.map((a) => ({
    scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel,
    ...sweepValues(manifest, params, a.policyLabel),
    ...Object.assign({}, ...SWEEP_METRICS.map((m) => estimateCells(m, a.metrics[m]))),
    seeds: a.seeds.length,
  }));
  const columns = ['scenario', 'policy', 'policyLabel', ...params.map((p) => p.name), ...SWEEP_METRICS.flatMap((m) => [m, `${m}_lo`, `${m}_hi`]), 'seeds'];
  return { columns, rows };
}

const esc = (s: string): string => s.replace(/\|/g, '\\|');

export function sweepMarkdown(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[], ranking?: Verdict): string {
  const info = SWEEP_METRICS.map((k) => HEADLINE_METRICS.find((m) => m.key === k)!);
  const lines = [`# compactbench sweep: ${params.map((p) => `${p.name} ∈ {${p.values.join(', ')}}`).join(' × ')}`, ''];
  if (ranking) lines.push(...verdictMarkdown(ranking), '## Grid', '');
  lines.push('Mean over seeds [95% percentile-bootstrap interval over seeds]. Costs in USD per session.', '');
  for (const sc of [...new Set(aggs.map((a) => a.scenario))]) {
    const rows = aggs.filter((a) => a.scenario === sc);
    const head = ['policy', ...params.map((p) => p.name), ...info.map((m) => m.label)];
    lines.push(`### ${sc}`, '', `Seeds: ${rows[0]!.seeds.join(', ')}`, '', `| ${head.map(esc).join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
    for (const a of rows) {
      const vals = sweepValues(manifest, params, a.policyLabel);
      const cells = [a.policyLabel, ...params.map((p) => (vals[p.name] === null ? '—' : String(vals[p.name]))), ...info.map((m) => meanCi(a.metrics[m.key], m.digits))];
      lines.push(`| ${cells.map(esc).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}
