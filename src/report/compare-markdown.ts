/**
 * The comparison as Markdown for a CI job summary or a PR comment: the gate verdict first, then per
 * scenario a table of baseline, candidate and the paired delta with its 95% CI, then links to the
 * charts and the HTML report (relative to the report directory, or under `linkBase`).
 */
import type { Estimate } from '../metrics/stats.js';
import { checksFor, metricInfo, shownMetrics } from './comparison-table.js';
import type { GateVerdict } from './gate-eval.js';
import { fixed, meanCi } from './format.js';
import { relativeLabel, type PairedDelta } from './paired.js';
import type { Verdict } from './verdict.js';
import { verdictMarkdown } from './verdict-text.js';

export interface CompareMarkdownInput {
  baseline: string;
  candidate: string;
  deltas: readonly PairedDelta[];
  verdict: GateVerdict | null;
  gateFile: string | null;
  /** the ranking verdict (both policies, cost with paired CIs) */
  ranking?: Verdict;
  /** chart file stems under charts/, with their titles */
  charts: readonly { name: string; title: string }[];
  linkBase?: string;
}

const esc = (s: string): string => s.replace(/\|/g, '\\|');
export const ICON: Record<string, string> = { pass: '✅', fail: '❌', 'not-evaluated': '⚠️', '': '' };
export const VERDICT: Record<string, string> = { pass: '✅ PASS', fail: '❌ FAIL', 'not-evaluated': '⚠️ NOT EVALUATED' };

function signedNum(x: number, digits: number, suffix = ''): string {
  if (Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return `${x > 0 ? '+' : '−'}∞${suffix}`;
  return `${x >= 0 ? '+' : ''}${fixed(x, digits)}${suffix}`;
}

export function deltaText(e: Estimate | null, digits: number): string {
  if (!e) return 'unpriced';
  if (Number.isNaN(e.mean)) return '—';
  const m = signedNum(e.mean, digits);
  return Number.isFinite(e.lo) && Number.isFinite(e.hi) ? `${m} [${signedNum(e.lo, digits)}, ${signedNum(e.hi, digits)}]` : m;
}

/** Δ% with its interval; "new" or "n/a" where a percentage has no number (paired.ts relativeLabel). */
export function pctText(d: Pick<PairedDelta, 'baseline' | 'delta' | 'relativePct'>): string {
  const iv = d.relativePct;
  if (!d.delta || !iv) return '—';
  const label = relativeLabel(d);
  if (label) return label;
  const m = signedNum(iv.mean, 1, '%');
  return Number.isNaN(iv.lo) ? m : `${m} [${signedNum(iv.lo, 1, '%')}, ${signedNum(iv.hi, 1, '%')}]`;
}

function gateSection(v: GateVerdict | null, gateFile: string | null): string[] {
  if (!v) return ['## Gate: none', '', 'No gate file was given (`--gate FILE`); exit code 0.', ''];
  const lines = [`## Gate: ${VERDICT[v.status]}`, '', `Gate file: \`${gateFile ?? '(inline)'}\` · exit code ${v.exitCode} (0 pass, 2 fail, 3 not evaluated)`, ''];
  lines.push('| scenario | metric | rule | test | observed | result |', '|---|---|---|---|---|---|');
  for (const c of v.checks) {
    lines.push(`| ${esc(c.scenario)} | ${esc(metricInfo(c.metric).label)} | ${esc(c.rule)} | ${c.test} | ${esc(c.reason)} | ${ICON[c.status]} ${c.status} |`);
  }
  return [...lines, ''];
}

export function compareMarkdown(x: CompareMarkdownInput): string {
  const scenarios = [...new Set(x.deltas.map((d) => d.scenario))];
  const link = (f: string): string => `${x.linkBase ? `${x.linkBase.replace(/\/+$/, '')}/` : ''}${f}`;
  const lines = [
    '# compactbench comparison', '',
    `**Baseline** \`${x.baseline}\` → **candidate** \`${x.candidate}\`, paired on identical workloads and seeds.`,
    'Δ = candidate − baseline; means over seeds with their 95% percentile-bootstrap interval [low, high]; Δ with its 95% CI [low, high] from a paired t test on the per-seed differences; Δ% relative to the baseline mean.', '',
    ...gateSection(x.verdict, x.gateFile),
    ...(x.ranking ? verdictMarkdown(x.ranking) : []),
    '## All metrics', '',
  ];
  for (const sc of scenarios) {
    const ds = x.deltas.filter((d) => d.scenario === sc);
    lines.push(`### ${sc}`, '', `Paired seeds: ${ds[0]?.seeds.join(', ') || '—'}`, '');
    lines.push('| metric | baseline | candidate | Δ (95% CI) | Δ% (95% CI) | gate |', '|---|---|---|---|---|---|');
    for (const key of shownMetrics(x.verdict)) {
      const d = ds.find((y) => y.metric === key);
      if (!d) continue;
      const info = metricInfo(key);
      const name = info.seed003 ? `${info.label} (${info.seed003})` : info.label;
      lines.push(`| ${esc(name)} | ${meanCi(d.baseline, info.digits)} | ${meanCi(d.candidate, info.digits)} | ${deltaText(d.delta, info.digits)} | ${pctText(d)} | ${ICON[checksFor(x.verdict, sc, key).status]} |`);
    }
    lines.push('');
  }
  lines.push('## Charts', '', ...x.charts.map((c) => `- [${c.title}](${link(`charts/${c.name}.png`)}) ([SVG](${link(`charts/${c.name}.svg`)}), [data](${link(`charts/${c.name}.csv`)}))`));
  lines.push(`- [Interactive HTML report](${link('report.html')}) · [comparison.csv](${link('comparison.csv')})`, '');
  lines.push('Metric numbers in parentheses are those of seed 003 §6. Costs in USD per session.', '');
  return lines.join('\n');
}
