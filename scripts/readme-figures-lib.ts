/**
 * The README's runway figures, computed from a committed report directory: per scenario, compaction
 * events and cache breaks per 100 steps and cost per session of `hermes`, `hermes-prune-first` and
 * `hermes-runway` (its default runwayFraction), with each variant's paired cost difference to `hermes`
 * and its 95% CI (paired t over the seeds of sessions.csv), and a sentence counting where each wins.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { tEstimate } from '../src/metrics/stats.js';

export const BEGIN = '<!-- runway-figures:begin (generated from reports/default by scripts/readme-figures.ts; do not edit) -->';
export const END = '<!-- runway-figures:end -->';
export const RUNWAY_POLICIES = ['hermes', 'hermes-prune-first', 'hermes-runway'] as const;

type Session = Record<string, string>;

const signed = (x: number): string => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(2)}`;

export function runwayFigures(dir: string): string {
  const rows = parse(readFileSync(join(dir, 'sessions.csv'), 'utf8'), { columns: true }) as Session[];
  const scenarios = [...new Set(rows.map((r) => r.scenario!))];
  const get = (sc: string, label: string): Session[] => rows.filter((r) => r.scenario === sc && r.policyLabel === label).sort((a, b) => Number(a.seed) - Number(b.seed));
  const mean = (xs: Session[], k: string): number => xs.reduce((s, r) => s + Number(r[k]), 0) / xs.length;
  const lines = ['| scenario | policy | events/100 steps | cache breaks/100 steps | cost $/session | Δ cost vs hermes [95% CI] |', '|---|---|--:|--:|--:|--:|'];
  let hermesCheapest = 0, runwayBeatsPrune = 0, seeds = 0, counted = 0;
  for (const sc of scenarios) {
    const base = get(sc, 'hermes');
    if (!base.length || RUNWAY_POLICIES.some((p) => !get(sc, p).length)) continue;
    counted++;
    seeds = base.length;
    const cost: Record<string, number> = {};
    for (const p of RUNWAY_POLICIES) {
      const xs = get(sc, p);
      cost[p] = mean(xs, 'costTotal');
      let delta = '—';
      if (p !== 'hermes') {
        const d = tEstimate(xs.map((r, i) => Number(r.costTotal) - Number(base[i]!.costTotal)));
        delta = Number.isFinite(d.lo) ? `${signed(d.mean)} [${signed(d.lo)}, ${signed(d.hi)}]` : signed(d.mean);
      }
      lines.push(`| ${sc} | \`${p}\` | ${mean(xs, 'eventsPer100Steps').toFixed(2)} | ${mean(xs, 'breaksPer100Steps').toFixed(2)} | ${cost[p]!.toFixed(2)} | ${delta} |`);
    }
    if (cost.hermes! <= Math.min(cost['hermes-prune-first']!, cost['hermes-runway']!)) hermesCheapest++;
    if (cost['hermes-runway']! < cost['hermes-prune-first']!) runwayBeatsPrune++;
  }
  const summary = `On the reference report (${counted} scenarios, ${seeds} seeds each), \`hermes-runway\` costs less than \`hermes-prune-first\` in ${runwayBeatsPrune} of ${counted} scenarios, and upstream \`hermes\` is the cheapest of the three in ${hermesCheapest} of ${counted}.`;
  return [BEGIN, summary, '', ...lines, END].join('\n');
}

/** The README with the block between BEGIN and END replaced (markers included). */
export function replaceBlock(readme: string, block: string): string {
  const a = readme.indexOf(BEGIN.slice(0, 30));
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README: the markers ${BEGIN.slice(0, 30)}… and ${END} are missing`);
  return readme.slice(0, a) + block + readme.slice(b + END.length);
}
