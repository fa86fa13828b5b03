/**
 * `calibrate --needs FILE|DIR...`: fits the need distributions (workload/needs/fit.ts) and the
 * summary-keeps model (workload/needs/summary-fit.ts) on recorded transcripts in any importable format,
 * and prints the data, the fit beside the shipped values (needs/table.ts, sim/summary-keeps.ts), the
 * residuals, and a leave-one-session-out check: each session against the fit of all the others. With
 * `--scenario`, also that scenario's generated needs against the real ones. Files that do not import are
 * listed and left out.
 */
import { createTokenCounter } from '../core/tokens.js';
import { SUMMARY_NAMES_DEFAULT } from '../sim/summary-keeps.js';
import { generateWorkload } from '../workload/generator.js';
import { importTrace, traceToWorkload } from '../workload/import/index.js';
import { ksStatistic } from '../workload/ks.js';
import { fitNeedTable, type NeedSession, type NeedTable } from '../workload/needs/fit.js';
import { summaryKeepSamples, type SummaryKeepSample } from '../workload/needs/summary-fit.js';
import { NEED_TABLE } from '../workload/needs/table.js';
import { NEED_KINDS } from '../workload/needs/types.js';
import { loadScenario } from '../workload/scenario.js';
import { expandTracePaths } from '../workload/import/collect.js';
import { UsageError } from './errors.js';

export interface NeedsCalibration {
  sessions: { file: string; steps: number; needs: number; edit: number; reference: number; instruction: number; perStepResidual: number }[];
  skipped: { file: string; error: string }[];
  fit: NeedTable;
  shipped: NeedTable;
  leaveOneOut: { file: string; perStepError: number; distanceKs: number }[];
  summaries: { samples: SummaryKeepSample[]; names: number; quoted: number; namesUsedAfter: number; shipped: number; residuals: number[] };
  generated?: { scenario: string; sessions: number; perStep: number; realPerStep: number; distanceKs: number; kinds: Record<string, number> };
}

const meanPerStep = (t: NeedTable): number => (t.steps ? t.needs / t.steps : NaN);
const distances = (ss: readonly NeedSession[]): number[] => ss.flatMap((s) => s.needs.map((n) => n.step - n.sourceStep));

export async function needsCalibration(paths: readonly string[], scenario?: string, seeds = 10): Promise<NeedsCalibration> {
  const sessions: NeedSession[] = [];
  const skipped: { file: string; error: string }[] = [];
  const samples: SummaryKeepSample[] = [];
  for (const f of expandTracePaths(paths)) {
    try {
      const tr = await importTrace(f);
      const w = traceToWorkload(tr, { contextWindow: 200_000, maxOutputTokens: 32_000, model: 'unpriced', tokens: createTokenCounter() });
      sessions.push({ file: f, steps: w.steps.length, needs: w.needs ?? [] });
      samples.push(...summaryKeepSamples(tr));
    } catch (e) {
      skipped.push({ file: f, error: (e as Error).message.slice(0, 200) });
    }
  }
  if (!sessions.length) throw new UsageError('--against: no transcript imported');
  const fit = fitNeedTable(sessions, `fit.ts on ${sessions.length} sessions`);
  const fitted = meanPerStep(fit);
  const leaveOneOut = sessions.map((s, i) => {
    const rest = sessions.filter((_, j) => j !== i);
    const t = fitNeedTable(rest, '');
    const held = distances([s]);
    return { file: s.file, perStepError: s.needs.length / Math.max(1, s.steps) - meanPerStep(t), distanceKs: held.length ? ksStatistic(held, distances(rest)) : NaN };
  });
  const read = samples.reduce((a, s) => a + s.read, 0);
  const sum = (k: keyof SummaryKeepSample): number => samples.reduce((a, s) => a + (s[k] as number), 0);
  const names = read ? sum('named') / read : NaN;
  const out: NeedsCalibration = {
    sessions: sessions.map((s) => ({
      file: s.file, steps: s.steps, needs: s.needs.length,
      ...Object.fromEntries(NEED_KINDS.map((k) => [k, s.needs.filter((n) => n.kind === k).length])) as Record<'edit' | 'reference' | 'instruction', number>,
      perStepResidual: s.needs.length / Math.max(1, s.steps) - fitted,
    })),
    skipped, fit, shipped: NEED_TABLE, leaveOneOut,
    summaries: {
      samples, names, quoted: read ? sum('quoted') / read : NaN,
      namesUsedAfter: sum('usedAfter') ? sum('namedUsedAfter') / sum('usedAfter') : NaN,
      shipped: SUMMARY_NAMES_DEFAULT, residuals: samples.map((s) => (s.read ? s.named / s.read - names : NaN)),
    },
  };
  if (scenario) {
    const sc = loadScenario(scenario);
    const tokens = createTokenCounter();
    const gen: NeedSession[] = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const w = generateWorkload(sc, seed, tokens);
      gen.push({ file: w.id, steps: w.steps.length, needs: w.needs ?? [] });
    }
    const g = fitNeedTable(gen, '');
    out.generated = { scenario: sc.name, sessions: seeds, perStep: meanPerStep(g), realPerStep: fitted, distanceKs: ksStatistic(distances(gen), distances(sessions)), kinds: g.kinds };
  }
  return out;
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : '');

export async function needsReport(paths: readonly string[], json: boolean, scenario?: string, seeds?: number): Promise<string> {
  const c = await needsCalibration(paths, scenario, seeds);
  if (json) return JSON.stringify(c, null, 2);
  const name = (f: string): string => f.slice(f.lastIndexOf('/') + 1);
  const loo = c.leaveOneOut;
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
  const s = c.summaries;
  const lines = [
    `needs fit: ${c.fit.sessions} sessions, ${c.fit.steps} steps, ${c.fit.needs} needs (${f3(c.fit.needs / c.fit.steps)} per step)`,
    `  per-step counts 0..6+: fit ${c.fit.perStep.join(' ')}; shipped ${c.shipped.perStep.join(' ')}`,
    `  kinds: fit ${NEED_KINDS.map((k) => `${k} ${c.fit.kinds[k]}`).join(', ')}; shipped ${NEED_KINDS.map((k) => `${k} ${c.shipped.kinds[k]}`).join(', ')}`,
    ...NEED_KINDS.map((k) => `  distance back (steps) of ${k}, deciles: fit ${c.fit.distance[k].join(' ')}; shipped ${c.shipped.distance[k].join(' ')}`),
    `  leave one session out: median |needs/step error| ${f3(med(loo.map((l) => Math.abs(l.perStepError))))}, median distance KS ${f3(med(loo.filter((l) => Number.isFinite(l.distanceKs)).map((l) => l.distanceKs)))}`,
    `summary keeps: ${s.samples.length} compactions name ${f3(s.names)} of the files read before them (shipped ${f3(s.shipped)}), `
      + `quote content of ${f3(s.quoted)}; of files used again after, ${f3(s.namesUsedAfter)} are named`,
    ...(c.generated ? [`generated ${c.generated.scenario} (${c.generated.sessions} seeds): ${f3(c.generated.perStep)} needs/step (real ${f3(c.generated.realPerStep)}), distance KS ${f3(c.generated.distanceKs)}`] : []),
    ...(c.skipped.length ? [`skipped (did not import): ${c.skipped.map((x) => name(x.file)).join(', ')}`] : []),
    '', '| file | steps | needs | edit | reference | instruction | needs/step − fit | LOO distance KS |', '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...c.sessions.map((x, i) => `| ${name(x.file)} | ${x.steps} | ${x.needs} | ${x.edit} | ${x.reference} | ${x.instruction} | ${f3(x.perStepResidual)} | ${f3(loo[i]!.distanceKs)} |`),
    '', '| compaction | files read | named | quoted | used after | named of those | named share − fit |', '|---|--:|--:|--:|--:|--:|--:|',
    ...s.samples.map((x, i) => `| ${x.file}@${x.at} | ${x.read} | ${x.named} | ${x.quoted} | ${x.usedAfter} | ${x.namedUsedAfter} | ${f3(s.residuals[i]!)} |`),
  ];
  return lines.join('\n');
}
