/**
 * The verdict over recorded traces (`run --trace`): the sessions are the sample, never the seeds.
 *
 * A recorded trace replays the same messages on every seed; a seed only varies the mock summarizer, so
 * repeats of one trace are not independent samples and no difference may be called distinguishable
 * because of them. Here each trace contributes one observation per policy (its mean over seeds), the
 * paired difference policy − baseline is taken per trace, and its 95% paired Student t interval is taken
 * over traces (docs/statistics.md). One trace gives a per-trace answer that says it is one session.
 * Each trace's recorded bill (validate/recorded-bill.ts: what the provider billed, from its recorded usage
 * and the price table) is shown beside every policy's replayed cost.
 *
 * The per-scenario verdicts of trace scenarios are rewritten here (their seed intervals dropped); the
 * synthetic scenarios' verdicts are left as they are.
 */
import type { PolicyAggregate } from '../metrics/aggregate.js';
import { tEstimate, type Estimate } from '../metrics/stats.js';
import type { RecordedBill } from '../validate/recorded-bill.js';
import { escapeHtml } from './html-escape.js';
import type { RankMetric, ScenarioVerdict, Verdict } from './verdict.js';
import type { TracePolicy, TraceRow, TraceSampleVerdict } from './trace-verdict-types.js';

export const TRACE_SCENARIO_PREFIX = 'trace:';

export type { TracePolicy, TraceRow, TraceSampleVerdict } from './trace-verdict-types.js';

const isTrace = (scenario: string): boolean => scenario.startsWith(TRACE_SCENARIO_PREFIX);

const money = (x: number, metric: RankMetric): string => (metric === 'costTotal' ? `$${Math.abs(x) < 1 ? Math.abs(x).toFixed(4) : Math.abs(x).toFixed(2)}` : `${Math.round(Math.abs(x)).toLocaleString('en-US')} tokens`);
const signedMoney = (x: number, metric: RankMetric): string => `${x < 0 ? '−' : '+'}${money(x, metric)}`;

/** Mean over seeds of each policy on each trace, in the metric every trace has. */
function traceRows(aggs: readonly PolicyAggregate[], bills: ReadonlyMap<string, RecordedBill | null>): { metric: RankMetric; rows: TraceRow[] } {
  const mine = aggs.filter((a) => isTrace(a.scenario));
  const metric: RankMetric = mine.every((a) => a.metrics.costTotal) ? 'costTotal' : 'totalTokens';
  const rows: TraceRow[] = [];
  for (const trace of [...new Set(mine.map((a) => a.scenario))]) {
    const replayed: Record<string, number | null> = {};
    for (const a of mine.filter((x) => x.scenario === trace)) replayed[a.policyLabel] = a.metrics[metric]?.mean ?? null;
    rows.push({ trace, recorded: bills.get(trace) ?? null, replayed });
  }
  return { metric, rows };
}

function policiesOver(rows: readonly TraceRow[], baseline: string): TracePolicy[] {
  const labels = [...new Set(rows.flatMap((r) => Object.keys(r.replayed)))];
  const out = labels.map((label): TracePolicy => {
    const both = rows.filter((r) => Number.isFinite(r.replayed[label] ?? NaN) && Number.isFinite(r.replayed[baseline] ?? NaN));
    const values = rows.map((r) => r.replayed[label]).filter((x): x is number => x !== null && Number.isFinite(x));
    const mean = values.length ? values.reduce((s, x) => s + x, 0) / values.length : NaN;
    if (label === baseline) return { policyLabel: label, mean, delta: null, distinguishable: null };
    const delta = both.length ? tEstimate(both.map((r) => r.replayed[label]! - r.replayed[baseline]!)) : null;
    const distinguishable = !delta || !Number.isFinite(delta.lo) ? null : delta.lo > 0 || delta.hi < 0;
    return { policyLabel: label, mean, delta, distinguishable };
  });
  return out.sort((a, b) => (Number.isFinite(a.mean) ? a.mean : Infinity) - (Number.isFinite(b.mean) ? b.mean : Infinity));
}

function sentenceOver(v: Omit<TraceSampleVerdict, 'sentence'>): string {
  const n = v.traces.length;
  const best = v.policies[0];
  const other = best?.policyLabel === v.baseline ? v.policies[1] : best;
  if (!best || !other?.delta) return `Over ${n} recorded trace(s): nothing to compare.`;
  const d = other.delta;
  const who = best.policyLabel === v.baseline ? `the baseline ${v.baseline} is the cheapest; ${other.policyLabel} costs` : `${other.policyLabel} is the cheapest; it costs`;
  const by = `${money(d.mean, v.metric)} per session ${d.mean <= 0 ? 'less than' : 'more than'} ${best.policyLabel === v.baseline ? 'it' : `the baseline ${v.baseline}`}`;
  if (n === 1) return `One recorded trace: ${who} ${by} on this one session. One session is one observation, with no interval (seeds only vary the mock summarizer); replay more recorded sessions to know whether it generalizes.`;
  const ci = Number.isFinite(d.lo) ? ` (paired 95% CI over the ${n} traces [${signedMoney(d.lo, v.metric)}, ${signedMoney(d.hi, v.metric)}])` : '';
  const verdict = other.distinguishable ? 'distinguishable from zero' : `not distinguishable from zero over ${n} traces (more recorded sessions would tell; more seeds would not)`;
  return `Over ${n} recorded traces (each session one sample): ${who} ${by}${ci}: ${verdict}.`;
}

/** The per-trace answer: one session, its recorded bill, and no seed interval. */
function perTraceSentence(s: ScenarioVerdict, bill: RecordedBill | null): string {
  const [first, second] = s.ranked;
  const billed = bill ? ` (recorded: ${bill.costUsd === null ? `${bill.promptTokens.toLocaleString('en-US')} prompt tokens, unpriced model` : `billed $${bill.costUsd.toFixed(2)}`})` : '';
  const head = `${s.scenario}: one recorded session${billed}`;
  if (!first || !second) return `${head}; nothing to compare.`;
  const d = (second.policyLabel === s.baseline ? first : second).delta;
  const gap = d ? money(d.mean, s.metric) : '?';
  const what = first.policyLabel === s.baseline
    ? `the baseline ${s.baseline} is the cheapest at ${money(first.value.mean, s.metric)}, ${second.policyLabel} costs ${gap} more`
    : `${first.policyLabel} is the cheapest at ${money(first.value.mean, s.metric)}, ${gap} ${d && d.mean > 0 ? 'more' : 'less'} than the baseline ${s.baseline}`;
  const tie = d && d.mean === 0 ? `the baseline ${s.baseline} and ${second.policyLabel} cost the same, ${money(first.value.mean, s.metric)}` : what;
  return `${head}: ${tie} on this session (one observation: seeds only vary the mock summarizer, so no interval is drawn from them).`;
}

/**
 * The verdict with its trace scenarios answered as sessions: per-trace seed intervals dropped, the
 * verdict over traces added (`traces`). A verdict with no trace scenario is returned as it is.
 */
export function withTraceSample(v: Verdict, aggs: readonly PolicyAggregate[], bills: ReadonlyMap<string, RecordedBill | null>): Verdict {
  if (!v.scenarios.some((s) => isTrace(s.scenario))) return v;
  const { metric, rows } = traceRows(aggs, bills);
  const scenarios = v.scenarios.map((s): ScenarioVerdict => {
    if (!isTrace(s.scenario)) return s;
    // a seed interval of a replayed session measures only the mock summarizer: dropped, the mean kept
    const noSeedCi = (d: Estimate | null): Estimate | null => (d ? { ...d, lo: NaN, hi: NaN } : null);
    const ranked = s.ranked.map((p) => ({ ...p, delta: noSeedCi(p.delta), distinguishable: null }));
    const lead = s.lead ? { ...s.lead, delta: noSeedCi(s.lead.delta), distinguishable: null } : null;
    return { ...s, ranked, lead, resolved: null, sentence: perTraceSentence({ ...s, ranked }, bills.get(s.scenario) ?? null) };
  });
  const partial = { metric, baseline: v.baseline, traces: rows, policies: policiesOver(rows, v.baseline) };
  return { ...v, scenarios, unresolved: v.unresolved.filter((s) => !isTrace(s)), traces: { ...partial, sentence: sentenceOver(partial) } };
}

/** Each trace's recorded bill beside every policy's replayed cost: header and rows, as text cells. */
function traceTable(t: TraceSampleVerdict): { head: string[]; rows: string[][] } {
  const labels = t.policies.map((p) => p.policyLabel);
  const unit = t.metric === 'costTotal' ? '$/session' : 'prompt+aux tokens/session';
  const cell = (x: number | null | undefined): string => (x === null || x === undefined || !Number.isFinite(x) ? '—' : t.metric === 'costTotal' ? x.toFixed(4) : Math.round(x).toLocaleString('en-US'));
  const billed = (r: TraceRow): string => (!r.recorded ? '—' : r.recorded.costUsd === null ? `${r.recorded.promptTokens.toLocaleString('en-US')} tokens (unpriced)` : r.recorded.costUsd.toFixed(4));
  return {
    head: ['trace', 'recorded (billed)', ...labels.map((l) => `${l} (${unit})`)],
    rows: t.traces.map((r) => [r.trace, billed(r), ...labels.map((l) => cell(r.replayed[l]))]),
  };
}

/** Markdown lines: the sentence, the per-trace table and the paired differences over traces. */
export function traceSampleMarkdown(t: TraceSampleVerdict): string[] {
  const esc = (c: string): string => c.replace(/\|/g, '\\|');
  const { head, rows } = traceTable(t);
  const lines = [`### Over ${t.traces.length} recorded trace${t.traces.length === 1 ? '' : 's'}`, '', `**${t.sentence}**`, ''];
  lines.push(`| ${head.map(esc).join(' | ')} |`, `|---|${head.slice(1).map(() => '--:').join('|')}|`);
  for (const r of rows) lines.push(`| ${r.map(esc).join(' | ')} |`);
  const deltas = t.policies.filter((p) => p.delta);
  if (deltas.length) {
    lines.push('', `| policy | Δ vs ${t.baseline} per session (paired over traces) | 95% CI | Δ ≠ 0 |`, '|---|--:|--:|--:|');
    for (const p of deltas) {
      const d = p.delta!;
      const ci = Number.isFinite(d.lo) ? `[${signedMoney(d.lo, t.metric)}, ${signedMoney(d.hi, t.metric)}]` : '— (one trace)';
      lines.push(`| ${p.policyLabel} | ${signedMoney(d.mean, t.metric)} | ${ci} | ${p.distinguishable === null ? 'n/a' : p.distinguishable ? 'yes' : 'no'} |`);
    }
  }
  lines.push('');
  return lines;
}

/** The same for report.html: the sentence and the per-trace table. */
export function traceSampleHtml(t: TraceSampleVerdict): string {
  const { head, rows } = traceTable(t);
  const body = rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`).join('\n');
  return `<h3>Over ${t.traces.length} recorded trace${t.traces.length === 1 ? '' : 's'}</h3><p class="sentence">${escapeHtml(t.sentence)}</p>`
    + `<div class="scroll"><table class="verdict-table"><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

/** Terminal lines: the sentence, and the recorded total beside each policy's replayed total. */
export function traceSampleTerminal(t: TraceSampleVerdict): string[] {
  const total = (f: (r: TraceRow) => number | null | undefined): number | null => {
    let s = 0;
    for (const r of t.traces) {
      const x = f(r);
      if (x === null || x === undefined || !Number.isFinite(x)) return null;
      s += x;
    }
    return s;
  };
  const recorded = total((r) => (t.metric === 'costTotal' ? r.recorded?.costUsd : r.recorded?.promptTokens));
  const parts = t.policies.map((p) => `${p.policyLabel} ${(() => { const x = total((r) => r.replayed[p.policyLabel]); return x === null ? '—' : money(x, t.metric); })()}`);
  return [`  ${t.sentence}`, `  total over the traces: recorded ${recorded === null ? '—' : money(recorded, t.metric)}; replayed ${parts.join(', ')}`];
}
