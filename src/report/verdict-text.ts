/**
 * The verdict written out: a Markdown section (summary.md, comparison.md), an HTML section (report.html)
 * and a few plain lines for the terminal at the end of a command. Each opens with the answer across
 * scenarios; in HTML a scenario's table shows the leaders and folds the rest.
 */
import type { Estimate } from '../metrics/stats.js';
import { fixed } from './format.js';
import { cellHtml, escapeHtml } from './html-escape.js';
import type { RankedPolicy, ScenarioVerdict } from './verdict-data.js';
import type { Verdict } from './verdict.js';
import { overviewLines } from './verdict-overview-text.js';
import { failureLines, type FailedPolicy } from './verdict-failures.js';
import { TRACE_SCENARIO_PREFIX, traceSampleHtml, traceSampleMarkdown, traceSampleTerminal } from './trace-verdict.js';
import { retentionCell, retentionSentence } from './verdict-retention-text.js';

const esc = (s: string): string => s.replace(/\|/g, '\\|');

function level(e: Estimate | null, digits: number): string {
  if (!e || !Number.isFinite(e.mean)) return '—';
  return Number.isFinite(e.lo) && fixed(e.lo, digits) !== fixed(e.hi, digits) ? `${fixed(e.mean, digits)} [${fixed(e.lo, digits)}, ${fixed(e.hi, digits)}]` : fixed(e.mean, digits);
}

const signed = (x: number, digits: number): string => (x === 0 ? fixed(0, digits) : `${x > 0 ? '+' : '−'}${fixed(Math.abs(x), digits)}`);

function deltaCell(p: RankedPolicy, digits: number): string {
  if (!p.delta) return 'baseline';
  const d = p.delta;
  return Number.isFinite(d.lo) ? `${signed(d.mean, digits)} [${signed(d.lo, digits)}, ${signed(d.hi, digits)}]` : signed(d.mean, digits);
}

const pctCell = (p: RankedPolicy): string => (p.deltaPct && Number.isFinite(p.deltaPct.mean) ? `${signed(p.deltaPct.mean, 1)}%` : '—');
const distinctCell = (p: RankedPolicy): string => (p.delta === null ? '' : p.distinguishable === null ? 'n/a' : p.distinguishable ? 'yes' : 'no');

function rowCells(v: ScenarioVerdict, p: RankedPolicy): string[] {
  const digits = v.metric === 'costTotal' ? 3 : 0;
  return [
    String(p.rank), `${p.policyLabel}${p.sameAs ? ` (= ${p.sameAs})` : ''}${p.failures ? ` (${p.failures} failed)` : ''}`, level(p.value, digits), deltaCell(p, digits), pctCell(p), distinctCell(p),
    level(p.breaksPer100Steps, 2), level(p.eventsPer100Steps, 2),
    ...(v.byRetention?.measured ? [retentionCell(v, p)] : []),
  ];
}

/** A failed policy's row: no rank and no figures, only that it failed. */
const failedCells = (v: ScenarioVerdict, f: FailedPolicy): string[] =>
  ['—', `${f.policyLabel} (FAILED ${f.failures} of ${f.sessions})`, 'failed: not a result', '—', '—', '', '—', '—', ...(v.byRetention?.measured ? ['—'] : [])];

function head(v: ScenarioVerdict): string[] {
  const what = v.metric === 'costTotal' ? 'cost $/session' : 'prompt+aux tokens/session';
  return ['#', 'policy', what, `Δ vs ${v.baseline} (95% CI)`, 'Δ%', 'Δ ≠ 0', 'cache breaks/100 steps', 'events/100 steps', ...(v.byRetention?.measured ? ['retention'] : [])];
}

/** Failed policies first: they decide more than any interval. */
function unresolvedNote(v: Verdict): string {
  const failed = failureLines(v);
  const note = settledNote(v);
  if (!failed.length) return note;
  return `FAILED — not ranked, no cost: ${failed.join('; ')}.${v.unresolved.length ? ` ${note}` : ''}`;
}

function settledNote(v: Verdict): string {
  if (!v.unresolved.length && v.traces && v.scenarios.every((s) => s.scenario.startsWith(TRACE_SCENARIO_PREFIX))) {
    return 'Recorded traces: each is one session, answered on its own below; the verdict over them closes this section.';
  }
  if (!v.unresolved.length) return 'Resolved: in every scenario the cheapest policy\'s difference from the baseline and its lead over the next cheapest are distinguishable from zero.';
  return `Not resolved with these seeds: ${v.unresolved.join(', ')} — there the cheapest policy\'s difference from the baseline or its lead over the next cheapest is not distinguishable from zero; rerun with more \`--seeds\` before deciding.`;
}

/** The sentence under its scenario's heading, without repeating the scenario's name. */
const withoutScenario = (s: ScenarioVerdict): string => s.sentence.replace(`${s.scenario}: `, '');

const scenarioNames = (v: Verdict): string[] => v.scenarios.map((s) => s.scenario);
const acrossTitle = (v: Verdict): string => `Across ${v.scenarios.length} scenario${v.scenarios.length === 1 ? '' : 's'} (baseline ${v.baseline})`;

export function verdictMarkdown(v: Verdict): string[] {
  const across = v.scenarios.length > 1 ? [`**${acrossTitle(v)}:**`, '', ...overviewLines(v.overview, scenarioNames(v), true).map((l) => `- ${l}`), ''] : [];
  const lines = ['## Verdict', '', ...across, `Baseline: \`${v.baseline}\`. ${v.method}`, '', unresolvedNote(v), ''];
  for (const s of v.scenarios) {
    lines.push(`### ${s.scenario}`, '', `**${withoutScenario(s)}**`, '', ...(s.why ? [s.why, ''] : []), ...retentionSentence(s, (t) => [t, '']), `Seeds: ${s.seeds.join(', ')}`, '');
    const h = head(s);
    lines.push(`| ${h.map(esc).join(' | ')} |`, `|${h.map((_, i) => (i < 2 ? '---' : '--:')).join('|')}|`);
    for (const p of s.ranked) lines.push(`| ${rowCells(s, p).map(esc).join(' | ')} |`);
    for (const f of s.failed ?? []) lines.push(`| ${failedCells(s, f).map(esc).join(' | ')} |`);
    lines.push('');
  }
  if (v.traces) lines.push(...traceSampleMarkdown(v.traces));
  return lines;
}

/** Rows shown before the fold: the five cheapest and the baseline; the rest fold when there are many. */
const SHOWN = 5;
const FOLD_ABOVE = 8;

function tableHtml(s: ScenarioVerdict, rows: readonly RankedPolicy[], failed: readonly FailedPolicy[] = []): string {
  const trs = rows.map((p) => {
    const cls = p.policyLabel === s.baseline ? ' class="baseline"' : p.rank === 1 ? ' class="best"' : '';
    return `<tr${cls}>${rowCells(s, p).map((c, i) => (i === 1 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${cellHtml(c)}</td>`)).join('')}</tr>`;
  }).concat(failed.map((f) => `<tr class="failed">${failedCells(s, f).map((c, i) => (i === 1 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`)).join('\n');
  return `<div class="scroll"><table class="verdict-table sortable"><thead><tr>${head(s).map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${trs}\n</tbody></table></div>`;
}

export function verdictHtml(v: Verdict): string {
  const parts: string[] = [];
  if (v.scenarios.length > 1) parts.push(`<div class="answer"><p><strong>${escapeHtml(acrossTitle(v))}</strong></p><ul>${overviewLines(v.overview, scenarioNames(v), false).map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></div>`);
  parts.push(`<p class="note">Baseline: <code>${escapeHtml(v.baseline)}</code>. ${escapeHtml(v.method)}</p>`, `<p class="${v.unresolved.length ? 'warn' : 'note'}">${escapeHtml(unresolvedNote(v).replace(/`/g, ''))}</p>`);
  for (const s of v.scenarios) {
    const fold = s.ranked.length > FOLD_ABOVE;
    const shown = fold ? s.ranked.filter((p) => p.rank <= SHOWN || p.policyLabel === s.baseline) : s.ranked;
    const rest = s.ranked.filter((p) => !shown.includes(p));
    parts.push(
      `<h3>${escapeHtml(s.scenario)}</h3><p class="sentence${s.resolved === false ? ' unresolved' : ''}">${escapeHtml(withoutScenario(s))}</p>${s.why ? `<p class="why">${escapeHtml(s.why)}</p>` : ''}${retentionSentence(s, (t) => [`<p class="retention">${escapeHtml(t)}</p>`]).join('')}<p class="note">Seeds: ${escapeHtml(s.seeds.join(', '))}</p>`,
      tableHtml(s, shown, s.failed ?? []),
      ...(rest.length ? [`<details class="more"><summary>${rest.length} more policies, ranks ${rest[0]!.rank}–${rest[rest.length - 1]!.rank}</summary>${tableHtml(s, rest)}</details>`] : []),
    );
  }
  if (v.traces) parts.push(traceSampleHtml(v.traces));
  return parts.join('\n');
}

/** What a command prints at its end: the answer across scenarios, one sentence (and its why) per scenario, and the resolution note. */
export function verdictTerminal(v: Verdict): string {
  if (!v.scenarios.length) return '';
  const across = v.scenarios.length > 1 ? [`a${acrossTitle(v).slice(1)}:`, ...overviewLines(v.overview, scenarioNames(v), false).map((l) => `  ${l}`)] : [];
  const lines = [...across, `verdict (baseline ${v.baseline}; paired 95% CIs):`, ...v.scenarios.flatMap((s) => [`  ${s.sentence}`, ...(s.why ? [`    ${s.why}`] : []), ...retentionSentence(s, (t) => [`    ${t}`])])];
  const failed = failureLines(v);
  if (failed.length) lines.push(`  FAILED (not ranked, no cost): ${failed.join('; ')}`);
  if (v.unresolved.length) lines.push(`  not resolved with these seeds: ${v.unresolved.join(', ')} (rerun with more --seeds)`);
  if (v.traces) lines.push(...traceSampleTerminal(v.traces));
  return `${lines.join('\n')}\n`;
}
