/**
 * Calibration report: the generator's distributions against real transcripts, one row per
 * distribution with a two-sample KS statistic (total variation distance for the categorical tool mix,
 * absolute difference for rates). `fitTools` produces the quantile tables the scenario files use.
 */
import type { TokenCounter } from '../core/tokens.js';
import { generateWorkload } from './generator.js';
import { ks, quantile } from './ks.js';
import type { Scenario } from './scenario-schema.js';
import type { TraceSession } from './trace-read.js';
import { statsOf, workloadSession, type SessionStats } from './trace-stats.js';

export interface SampleSummary {
  n: number;
  median: number;
  p90: number;
  mean: number;
}

export interface CalibrationRow {
  distribution: string;
  generated: SampleSummary | number;
  real: SampleSummary | number;
  statistic: 'KS' | 'TVD' | '|diff|';
  value: number;
  /** KS p-value (asymptotic) */
  p?: number;
}

function summary(v: readonly number[]): SampleSummary {
  let sum = 0;
  for (const x of v) sum += x;
  return { n: v.length, median: quantile(v, 0.5), p90: quantile(v, 0.9), mean: v.length ? sum / v.length : NaN };
}

function ksRow(name: string, gen: readonly number[], real: readonly number[]): CalibrationRow {
  const r = ks(gen, real);
  return { distribution: name, generated: summary(gen), real: summary(real), statistic: 'KS', value: r.d, p: r.p };
}

const rateRow = (name: string, gen: number, real: number): CalibrationRow => ({
  distribution: name, generated: gen, real, statistic: '|diff|', value: Math.abs(gen - real),
});

/** total variation distance between two count tables */
export function tvd(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  const ta = [...a.values()].reduce((x, y) => x + y, 0) || 1;
  const tb = [...b.values()].reduce((x, y) => x + y, 0) || 1;
  let d = 0;
  for (const k of new Set([...a.keys(), ...b.keys()])) d += Math.abs((a.get(k) ?? 0) / ta - (b.get(k) ?? 0) / tb);
  return d / 2;
}

const share = (v: readonly number[], over: number) => (v.length ? v.filter((x) => x > over).length / v.length : NaN);

export function compareStats(gen: SessionStats, real: SessionStats): CalibrationRow[] {
  const rows: CalibrationRow[] = [
    ksRow('tool-result tokens', gen.resultTokens, real.resultTokens),
    ksRow('argument tokens', gen.argTokens, real.argTokens),
    ksRow('steps per user turn', gen.stepsPerTurn, real.stepsPerTurn),
    ksRow('assistant text tokens', gen.textTokens, real.textTokens),
  ];
  for (const [name, r] of real.resultTokensByTool) {
    const g = gen.resultTokensByTool.get(name);
    if (g && r.length >= 20) rows.push(ksRow(`tool-result tokens: ${name}`, g, r));
  }
  for (const [name, r] of real.argTokensByTool) {
    const g = gen.argTokensByTool.get(name);
    if (g && r.length >= 20) rows.push(ksRow(`argument tokens: ${name}`, g, r));
  }
  rows.push({ distribution: 'tool mix', generated: gen.calls, real: real.calls, statistic: 'TVD', value: tvd(gen.toolMix, real.toolMix) });
  rows.push(rateRow('repeat rate (identical calls)', gen.repeatedCalls / (gen.calls || 1), real.repeatedCalls / (real.calls || 1)));
  rows.push(rateRow('parallel-call rate', gen.parallelResponses / (gen.responses || 1), real.parallelResponses / (real.responses || 1)));
  if (real.userGaps.length) {
    rows.push(ksRow('user-turn gap seconds', gen.userGaps, real.userGaps));
    rows.push(rateRow('pauses > 300 s', share(gen.userGaps, 300), share(real.userGaps, 300)));
    rows.push(rateRow('pauses > 3600 s', share(gen.userGaps, 3600), share(real.userGaps, 3600)));
  }
  return rows;
}

/** generates `seeds` sessions of the scenario and compares them with the real sessions */
export function calibrate(s: Scenario, real: readonly TraceSession[], tokens: TokenCounter, seeds = 20): CalibrationRow[] {
  const gen = [];
  for (let seed = 1; seed <= seeds; seed++) gen.push(workloadSession(generateWorkload(s, seed, tokens)));
  return compareStats(statsOf(gen, tokens), statsOf(real, tokens));
}

const fmt = (x: number) => (Number.isNaN(x) ? 'n/a' : Number.isInteger(x) ? String(x) : x.toFixed(3));
const cell = (v: SampleSummary | number) =>
  typeof v === 'number' ? fmt(v) : `n=${v.n} p50=${fmt(v.median)} p90=${fmt(v.p90)} mean=${Number.isNaN(v.mean) ? 'n/a' : v.mean.toFixed(1)}`;

export function calibrationTable(rows: readonly CalibrationRow[]): string {
  const out = ['| distribution | generated | real | statistic | value | p |', '|---|---|---|---|---|---|'];
  for (const r of rows) {
    out.push(`| ${r.distribution} | ${cell(r.generated)} | ${cell(r.real)} | ${r.statistic} | ${fmt(r.value)} | ${r.p === undefined ? '' : fmt(r.p)} |`);
  }
  return out.join('\n');
}

/** quantile points (as scenario `quantiles` distributions) of each tool's result and argument tokens */
/** probabilities of the fitted tables: fine at the low end, where point masses (empty outputs, fixed acknowledgements) sit */
export const FIT_PROBS: readonly number[] = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1];

export function fitTools(real: SessionStats, probs: readonly number[] = FIT_PROBS) {
  const points = (v: readonly number[]) => probs.map((p) => [p, p === 0 ? Math.min(...v) : quantile(v, p)] as [number, number]);
  const out: Record<string, { n: number; share: number; resultTokens: unknown; argTokens: unknown }> = {};
  for (const [name, v] of real.resultTokensByTool) {
    const args = real.argTokensByTool.get(name) ?? [0];
    out[name] = {
      n: v.length,
      share: (real.toolMix.get(name) ?? 0) / (real.calls || 1),
      resultTokens: { kind: 'quantiles', points: points(v) },
      argTokens: { kind: 'quantiles', points: points(args) },
    };
  }
  return {
    tools: out,
    stepsPerTurn: { kind: 'quantiles', points: points(real.stepsPerTurn) },
    assistantTextTokens: { kind: 'quantiles', points: points(real.textTokens.filter((x) => x > 0)) },
    emptyTextRate: real.textTokens.filter((x) => x === 0).length / (real.textTokens.length || 1),
    repeatRate: real.repeatedCalls / (real.calls || 1),
    parallelRate: real.parallelResponses / (real.responses || 1),
    userGaps: real.userGaps.length ? [...real.userGaps].sort((a, b) => a - b).map((x) => Math.round(x)) : undefined,
  };
}
