/**
 * The Markdown summary: the verdict first (policies ranked by cost with paired CIs against the
 * baseline), then a table per scenario, policies as rows and the headline metrics as columns.
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { HEADLINE_METRICS } from '../metrics/catalogue.js';
import type { SessionRun } from '../sim/records.js';
import { meanCi } from './format.js';
import type { Verdict } from './verdict.js';
import { verdictMarkdown } from './verdict-text.js';

const esc = (s: string): string => s.replace(/\|/g, '\\|');

export function summaryMarkdown(aggs: readonly PolicyAggregate[], runs: readonly SessionRun[], verdict?: Verdict, title = 'compactbench summary'): string {
  const lines: string[] = [`# ${title}`, ''];
  if (verdict) lines.push(...verdictMarkdown(verdict));
  const scenarios = [...new Set(aggs.map((a) => a.scenario))];
  lines.push('## All metrics', '');
  lines.push('Values are the mean over seeds [95% percentile-bootstrap interval over seeds; it stays inside each metric\'s possible range].');
  lines.push('Metrics 1–7 of seed 003 §6 are marked with their number. Costs in USD per session.', '');
  for (const sc of scenarios) {
    const rows = aggs.filter((a) => a.scenario === sc);
    lines.push(`### ${sc}`, '', `Seeds: ${rows[0]!.seeds.join(', ')}`, '');
    const head = ['policy', ...HEADLINE_METRICS.map((m) => (m.seed003 ? `${m.label} (${m.seed003})` : m.label))];
    lines.push(`| ${head.map(esc).join(' | ')} |`, `|${head.map(() => '---').join('|')}|`);
    for (const a of rows) {
      const cells = HEADLINE_METRICS.map((m) => meanCi(a.metrics[m.key], m.digits));
      lines.push(`| ${esc(a.policyLabel)}${a.failures ? ` (${a.failures} failed)` : ''} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  const failures = runs.filter((r) => r.failure);
  if (failures.length) {
    lines.push('## Policy failures', '');
    for (const r of failures) {
      const f = r.failure!;
      lines.push(`- ${f.scenario} seed ${f.seed} ${f.policyLabel}: ${f.phase} at step ${f.step}: ${esc(f.error)}`);
    }
    lines.push('');
  }
  const violations = runs.reduce((n, r) => n + r.violations.length, 0);
  lines.push(`Invariant violations across all sessions: ${violations}.`, '');
  return lines.join('\n');
}
