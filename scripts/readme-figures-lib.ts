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
const signed3 = (x: number): string => `${x < 0 ? '−' : '+'}${Math.abs(x).toFixed(3)}`;

/** candidate − baseline per seed (both sorted by seed), paired t. */
function pairedCost(base: readonly Session[], cand: readonly Session[]) {
  return tEstimate(cand.map((r, i) => Number(r.costTotal) - Number(base[i]!.costTotal)));
}

/** The scenarios in which two policies have the same cost, events and cache breaks on every seed (as the verdict's "identical"). */
function identicalIn(rows: readonly Session[], scenarios: readonly string[], a: string, b: string, label = 'policyLabel'): string[] {
  const key = (r: Session): string => `${r.seed}:${r.costTotal}/${r.eventsPer100Steps}/${r.breaksPer100Steps}`;
  const prints = (sc: string, l: string): string => rows.filter((r) => r.scenario === sc && r[label] === l).map(key).sort().join('|');
  return scenarios.filter((sc) => prints(sc, a) !== '' && prints(sc, a) === prints(sc, b));
}

/** The runway rule's counts summed over sessions, when the report has them (policy telemetry, sessions.csv). */
function ruleTotals(rows: readonly Session[], prefix = 'telemetry.'): { evaluated: number; changed: number } | null {
  if (!rows.length || rows[0]![`${prefix}rule_runway_evaluated`] === undefined) return null;
  return rows.reduce((t, r) => ({ evaluated: t.evaluated + Number(r[`${prefix}rule_runway_evaluated`] || 0), changed: t.changed + Number(r[`${prefix}rule_runway_changed`] || 0) }), { evaluated: 0, changed: 0 });
}

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
  const same = identicalIn(rows, scenarios, 'hermes-prune-first', 'hermes-runway');
  const differ = scenarios.filter((sc) => get(sc, 'hermes-runway').length && !same.includes(sc));
  const differText = differ.map((sc) => {
    const d = pairedCost(get(sc, 'hermes-prune-first'), get(sc, 'hermes-runway'));
    return `${sc}: ${d.mean < 0 ? 'runway' : 'prune-first'} cheaper by $${Math.abs(d.mean).toFixed(3)}, 95% CI [${signed3(d.lo)}, ${signed3(d.hi)}], ${d.lo > 0 || d.hi < 0 ? 'distinguishable' : 'not distinguishable'} from zero`;
  });
  const rules = ruleTotals(rows.filter((r) => r.policyLabel === 'hermes-runway'));
  const ruleText = rules ? ` At its default fraction the runway rule was evaluated ${rules.evaluated} times on the suite and changed the outcome ${rules.changed} times.` : '';
  const summary = `On the reference report (${counted} scenarios, ${seeds} seeds each), \`hermes-runway\` at its default \`runwayFraction=0.15\` is identical to \`hermes-prune-first\` on every seed in ${same.length} of ${counted} scenarios${differ.length ? ` (${differText.join('; ')})` : ''}, and upstream \`hermes\` is the cheapest of the three in ${hermesCheapest} of ${counted}.${ruleText} (\`hermes-runway\` costs less than \`hermes-prune-first\` in ${runwayBeatsPrune} of ${counted}.)`;
  const why = `Where a prune-first variant costs more than upstream \`hermes\`, which always summarizes, the table shows more compaction events and cache breaks per 100 steps: every prune-only pass is itself a cache break that buys less room than a summary. Where the two variants are identical, the runway rule at 0.15 turned down no prune, so it removed none of those passes; the sweep below shows from which fraction it does.`;
  return [BEGIN, summary, '', ...lines, '', why, END].join('\n');
}

/** The README with the block between BEGIN and END replaced (markers included); the runway figures' markers by default. */
export function replaceBlock(readme: string, block: string, begin = BEGIN, end = END): string {
  const a = readme.indexOf(begin.slice(0, 30));
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README: the markers ${begin.slice(0, 30)}… and ${end} are missing`);
  return readme.slice(0, a) + block + readme.slice(b + end.length);
}

export const SWEEP_BEGIN = '<!-- runway-sweep:begin (generated from reports/runway-sweep.csv by scripts/readme-figures.ts; do not edit) -->';
export const SWEEP_END = '<!-- runway-sweep:end -->';

/**
 * Where the runway rule binds, from the sweep (reports/runway-sweep.csv, scripts/runway-sweep.ts): per
 * scenario and runwayFraction, hermes-runway's paired cost change against hermes-prune-first ("=" when
 * identical on every seed; † when the 95% CI excludes zero) and how many of the prunes the rule judged it
 * turned down; then per scenario the first fraction at which it changed an outcome.
 */
export function runwaySweepFigures(file: string): string {
  const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Session[];
  const scenarios = [...new Set(rows.map((r) => r.scenario!))];
  const fractions = [...new Set(rows.filter((r) => r.policy === 'hermes-runway').map((r) => r.runwayFraction!))].sort((a, b) => Number(a) - Number(b));
  const at = (sc: string, f: string | null): Session[] => rows.filter((r) => r.scenario === sc && (f === null ? r.policy === 'hermes-prune-first' : r.policy === 'hermes-runway' && r.runwayFraction === f)).sort((a, b) => Number(a.seed) - Number(b.seed));
  const seeds = at(scenarios[0]!, null).length;
  const lines = [`| scenario | ${fractions.map((f) => `${f}`).join(' | ')} |`, `|---|${fractions.map(() => '--:').join('|')}|`];
  const binds: string[] = [];
  const never: string[] = [];
  for (const sc of scenarios) {
    const base = at(sc, null);
    const mean = base.reduce((t, r) => t + Number(r.costTotal), 0) / base.length;
    let first: string | null = null;
    const cells = fractions.map((f) => {
      const xs = at(sc, f);
      const rule = ruleTotals(xs, '')!;
      if (rule.changed > 0 && first === null) first = f;
      const counts = `${rule.changed}/${rule.evaluated}`;
      if (identicalIn(rows.filter((r) => r.scenario === sc), [sc], '', f, 'runwayFraction').length) return `= (${counts})`;
      const d = pairedCost(base, xs);
      const pct = (100 * d.mean) / mean;
      return `${pct < 0 ? '−' : '+'}${Math.abs(pct).toFixed(1)}%${d.lo > 0 || d.hi < 0 ? '†' : ''} (${counts})`;
    });
    lines.push(`| ${sc} | ${cells.join(' | ')} |`);
    if (first === null) never.push(sc);
    else binds.push(`${sc} from ${first}`);
  }
  const where = `The runway rule changes an outcome (turns down a prune the naive rule takes) in ${binds.length ? binds.join(', ') : 'no scenario'}${never.length ? `, and at no swept fraction in ${never.join(', ')}` : ''}.`;
  const head = `hermes-runway against hermes-prune-first by runwayFraction (${seeds} seeds; Δ% of mean cost per session, paired; † the 95% CI excludes zero; "=" identical on every seed; in brackets the prunes the rule turned down / judged, over the seeds):`;
  return [SWEEP_BEGIN, head, '', ...lines, '', where, SWEEP_END].join('\n');
}
