/**
 * The sweep table: one row per (scenario, grid point) with the swept parameter values and the mean and
 * 95% CI of the metrics a sweep is about, each point named by its parameters (`runwayFraction=0.15`, also
 * where that is the policy's default and its label is the bare id), and the policies' decision rules:
 * how often evaluated, how often they changed the outcome (rule-telemetry.ts). Written as sweep.csv, as
 * Markdown (sweep.md) and as a short table for the terminal.
 */
import type { PolicyAggregate, SessionRow } from '../metrics/aggregate.js';
import { HEADLINE_METRICS, type MetricKey } from '../metrics/catalogue.js';
import { fixed, meanCi } from './format.js';
import { ruleCounts, type RuleCount } from './rule-telemetry.js';
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

/** A grid point by its swept parameters: `runwayFraction=0.15`; '' for a policy without them. */
export function pointLabel(manifest: ReportManifest, params: readonly SweepParam[], label: string): string {
  const vals = sweepValues(manifest, params, label);
  return params.filter((p) => vals[p.name] !== null).map((p) => `${p.name}=${String(vals[p.name])}`).join(', ');
}

/** The rule names the sweep's sessions report, in first-seen order. */
const rulesIn = (rows: readonly SessionRow[]): string[] => [...new Set(rows.flatMap((r) => ruleCounts([r], r.run.key.policyLabel).map((c) => c.rule)))];

const ruleOf = (rows: readonly SessionRow[], a: PolicyAggregate, rule: string): RuleCount | undefined =>
  ruleCounts(rows.filter((r) => r.run.key.scenario === a.scenario), a.policyLabel).find((c) => c.rule === rule);

export function sweepTable(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[], rows: readonly SessionRow[] = []): Table {
  const rules = rulesIn(rows);
  const out: Row[] = aggs.map((a) => ({
    scenario: a.scenario, policy: a.policy, policyLabel: a.policyLabel, point: pointLabel(manifest, params, a.policyLabel),
    ...sweepValues(manifest, params, a.policyLabel),
    ...Object.assign({}, ...SWEEP_METRICS.map((m) => estimateCells(m, a.metrics[m]))),
    ...Object.fromEntries(rules.flatMap((r) => {
      const c = ruleOf(rows, a, r);
      return [[`rule_${r}_evaluated`, c?.evaluated ?? null], [`rule_${r}_changed`, c?.changed ?? null]];
    })),
    seeds: a.seeds.length,
  }));
  const columns = ['scenario', 'policy', 'policyLabel', 'point', ...params.map((p) => p.name), ...SWEEP_METRICS.flatMap((m) => [m, `${m}_lo`, `${m}_hi`]), ...rules.flatMap((r) => [`rule_${r}_evaluated`, `rule_${r}_changed`]), 'seeds'];
  return { columns, rows: out };
}

const esc = (s: string): string => s.replace(/\|/g, '\\|');
const ruleCell = (c: RuleCount | undefined): string => (c ? `${c.changed} of ${c.evaluated}` : '—');

export function sweepMarkdown(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[], ranking?: Verdict, rows: readonly SessionRow[] = []): string {
  const info = SWEEP_METRICS.map((k) => HEADLINE_METRICS.find((m) => m.key === k)!);
  const rules = rulesIn(rows);
  const lines = [`# compactbench sweep: ${params.map((p) => `${p.name} ∈ {${p.values.join(', ')}}`).join(' × ')}`, ''];
  if (ranking) lines.push(...verdictMarkdown(ranking), '## Grid', '');
  lines.push('Mean over seeds [95% percentile-bootstrap interval over seeds]. Costs in USD per session.');
  if (rules.length) lines.push('A rule\'s column counts the times it changed the outcome of the times it was evaluated, over the scenario\'s sessions.');
  lines.push('');
  for (const sc of [...new Set(aggs.map((a) => a.scenario))]) {
    const mine = aggs.filter((a) => a.scenario === sc);
    const head = ['policy', 'point', ...info.map((m) => m.label), ...rules.map((r) => `${r} rule changed / evaluated`)];
    lines.push(`### ${sc}`, '', `Seeds: ${mine[0]!.seeds.join(', ')}`, '', `| ${head.map(esc).join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
    for (const a of mine) {
      const cells = [a.policy, pointLabel(manifest, params, a.policyLabel) || '—', ...info.map((m) => meanCi(a.metrics[m.key], m.digits)), ...rules.map((r) => ruleCell(ruleOf(rows, a, r)))];
      lines.push(`| ${cells.map(esc).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** The grid for the terminal: per scenario, each point's cost, breaks, events and rule counts (means only). */
export function sweepTerminal(aggs: readonly PolicyAggregate[], manifest: ReportManifest, params: readonly SweepParam[], rows: readonly SessionRow[] = []): string {
  const rules = rulesIn(rows);
  const head = ['scenario', 'point', 'cost $', 'breaks/100', 'events/100', ...rules.map((r) => `${r} changed/evaluated`)];
  const body = aggs.map((a) => {
    const m = (k: MetricKey, d: number): string => (a.metrics[k] ? fixed(a.metrics[k]!.mean, d) : '—');
    return [a.scenario, `${a.policy} ${pointLabel(manifest, params, a.policyLabel) || '(no swept parameter)'}`, m('costTotal', 3), m('breaksPer100Steps', 2), m('eventsPer100Steps', 2), ...rules.map((r) => ruleCell(ruleOf(rows, a, r)))];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (r: readonly string[]): string => `  ${r.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')}`.trimEnd();
  return `sweep grid (means over seeds):\n${[head, ...body].map(line).join('\n')}\n`;
}
