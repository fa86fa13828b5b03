/** HTML tables for the report page: summaries, comparison, sweep and manifest (all text escaped). */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { HEADLINE_METRICS } from '../metrics/catalogue.js';
import { checksFor, metricInfo, shownMetrics } from './comparison-table.js';
import { deltaText, pctText } from './compare-markdown.js';
import { meanCi } from './format.js';
import type { GateVerdict } from './gate-eval.js';
import type { ReportManifest, SweepParam } from './manifest.js';
import { cellHtml, escapeHtml } from './html-escape.js';
import type { PairedDelta } from './paired.js';
import { sweepValues, SWEEP_METRICS } from './sweep-table.js';

/** Glyphs DejaVu Sans has (the Markdown's emoji render as boxes in a browser without an emoji font). */
const ICON: Record<string, string> = { pass: '✓', fail: '✗', 'not-evaluated': '?', '': '' };
const VERDICT: Record<string, string> = { pass: 'PASS', fail: 'FAIL', 'not-evaluated': 'NOT EVALUATED' };

/** `cls` "metrics" tables are sortable by any column (a click on its header). */
export function tableHtml(head: readonly string[], rows: readonly (readonly string[])[], cls = ''): string {
  const th = head.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const trs = rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${cellHtml(c)}</td>`)).join('')}</tr>`).join('\n');
  const classes = cls === 'metrics' ? 'metrics sortable' : cls;
  return `<div class="scroll"><table${classes ? ` class="${classes}"` : ''}><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table></div>`;
}

const scenariosOf = <T extends { scenario: string }>(xs: readonly T[]): string[] => [...new Set(xs.map((x) => x.scenario))];

/** Two tables per scenario, so each fits the page: seed 003's metrics, then the cache and safety ones. */
/** With more policies than this, each scenario's tables are folded under its name. */
const FOLD_ABOVE = 8;

export function summaryTablesHtml(aggs: readonly PolicyAggregate[]): string {
  const groups = [HEADLINE_METRICS.filter((m) => m.seed003), HEADLINE_METRICS.filter((m) => !m.seed003)];
  return scenariosOf(aggs).map((sc) => {
    const rows = aggs.filter((a) => a.scenario === sc);
    const tables = groups.map((metrics) => {
      const head = ['policy', ...metrics.map((m) => (m.seed003 ? `${m.label} (${m.seed003})` : m.label))];
      const body = rows.map((a) => [`${a.policyLabel}${a.failures ? ` (${a.failures} failed)` : ''}`, ...metrics.map((m) => meanCi(a.metrics[m.key], m.digits))]);
      return tableHtml(head, body, 'metrics');
    });
    const body = `<p class="note">Seeds: ${escapeHtml(rows[0]!.seeds.join(', '))}</p>\n${tables.join('\n')}`;
    return rows.length > FOLD_ABOVE ? `<details class="more"><summary><h3>${escapeHtml(sc)}</h3> (${rows.length} policies)</summary>\n${body}</details>` : `<h3>${escapeHtml(sc)}</h3>${body}`;
  }).join('\n');
}

export function gateHtml(v: GateVerdict | null, gateFile: string | null): string {
  if (!v) return '<p class="verdict none">No gate file was given: exit code 0.</p>';
  const rows = v.checks.map((c) => [c.scenario, metricInfo(c.metric).label, c.rule, c.test, c.reason, `${ICON[c.status]} ${c.status}`]);
  return `<p class="verdict ${v.status}">Gate: ${escapeHtml(VERDICT[v.status]!)} · exit code ${v.exitCode} · ${escapeHtml(gateFile ?? '(inline gate)')}</p>\n${tableHtml(['scenario', 'metric', 'rule', 'test', 'observed', 'result'], rows)}`;
}

export function comparisonHtml(deltas: readonly PairedDelta[], v: GateVerdict | null): string {
  return scenariosOf(deltas).map((sc) => {
    const ds = deltas.filter((d) => d.scenario === sc);
    const rows = shownMetrics(v).flatMap((k) => {
      const d = ds.find((x) => x.metric === k);
      if (!d) return [];
      const info = metricInfo(k);
      return [[info.label, meanCi(d.baseline, info.digits), meanCi(d.candidate, info.digits), deltaText(d.delta, info.digits), pctText(d), ICON[checksFor(v, sc, k).status]!]];
    });
    return `<h3>${escapeHtml(sc)}</h3><p class="note">Paired seeds: ${escapeHtml(ds[0]?.seeds.join(', ') ?? '')}</p>\n${tableHtml(['metric', 'baseline', 'candidate', 'Δ (95% CI)', 'Δ% (95% CI)', 'gate'], rows, 'metrics')}`;
  }).join('\n');
}

export function sweepHtml(aggs: readonly PolicyAggregate[], m: ReportManifest, params: readonly SweepParam[]): string {
  const info = SWEEP_METRICS.map((k) => metricInfo(k));
  return scenariosOf(aggs).map((sc) => {
    const rows = aggs.filter((a) => a.scenario === sc).map((a) => {
      const vals = sweepValues(m, params, a.policyLabel);
      return [a.policyLabel, ...params.map((p) => (vals[p.name] === null ? '—' : String(vals[p.name]))), ...info.map((i) => meanCi(a.metrics[i.key], i.digits))];
    });
    return `<h3>${escapeHtml(sc)}</h3>\n${tableHtml(['policy', ...params.map((p) => p.name), ...info.map((i) => i.label)], rows, 'metrics')}`;
  }).join('\n');
}

export function manifestHtml(m: ReportManifest): string {
  const sc = tableHtml(['scenario', 'hash', 'seeds'], m.scenarios.map((s) => [s.name, s.hash, s.seeds.join(', ')]));
  const po = tableHtml(['policy', 'id', 'params hash', 'parameters', 'source'], m.policies.map((p) => [p.label, p.id, p.paramsHash, Object.entries(p.params).map(([k, v]) => `${k}=${String(v)}`).join(', '), p.source]), 'wrap');
  const json = escapeHtml(JSON.stringify(m, null, 2));
  return `<p>${escapeHtml(`${m.tool} ${m.version} · ${m.cells} sessions`)}</p>\n${sc}\n${po}\n<details><summary>manifest.json</summary><pre>${json}</pre></details>`;
}
