/**
 * `calibrate --token-scale FILE|DIR...` and `calibrate --summary-lengths FILE|DIR...`: fit the provider
 * token scale (validate/scale-fit.ts) or the summary length model (summarizer/length-fit.ts) on
 * transcripts in any importable format, and print the fit, its data and its residuals, next to the
 * values compactbench ships (cache/token-scale.ts, summarizer/length-table.ts). Refit on your own
 * transcripts to check them or to replace them (docs/replay-fidelity.md).
 */
import { getProfile } from '../cache/profiles.js';
import { providerByName, TOKEN_SCALES, tokenScaleFor } from '../cache/token-scale.js';
import { createTokenCounter } from '../core/tokens.js';
import { fitLengthModel, summarySamples } from '../summarizer/length-fit.js';
import { SUMMARY_LENGTHS } from '../summarizer/length-table.js';
import { fitTokenScale } from '../validate/scale-fit.js';
import { importSessions } from '../workload/import/collect.js';
import { ImportError, type ImportedTrace } from '../workload/import/index.js';
import { UsageError } from './errors.js';

/** Every session in the paths (files, directories, globs; any importable format); none is an error. */
export async function importAll(paths: readonly string[]): Promise<ImportedTrace[]> {
  try {
    return (await importSessions(paths)).map((s) => s.trace);
  } catch (e) {
    if (e instanceof ImportError) throw new UsageError(`--against: ${e.message}`);
    throw e;
  }
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
const rmsLog = (rs: readonly number[]): string => {
  const ok = rs.filter(Number.isFinite);
  return ok.length ? Math.sqrt(ok.reduce((a, r) => a + r * r, 0) / ok.length).toFixed(4) : '—';
};

export async function tokenScaleReport(paths: readonly string[], json: boolean): Promise<string> {
  const traces = await importAll(paths);
  const provider = traces.map((t) => (t.meta.model ? getProfile(t.meta.model)?.provider ?? providerByName(t.meta.model) : undefined)).find((p) => p) ?? 'unknown';
  const fit = fitTokenScale(traces, createTokenCounter());
  const shipped = TOKEN_SCALES[provider];
  if (json) return JSON.stringify({ provider, fit, shipped }, null, 2);
  const lines = [
    `token scale fit (${provider}): scale ${fit.scale}, per message ${fit.perMessage} tokens`,
    `  shipped: scale ${shipped.scale}, per message ${shipped.perMessage} (${shipped.source})`,
    `  data: ${fit.calls} calls before the first recorded compaction in ${fit.files} files`,
    `  residuals (modelled − recorded) / recorded: RMS ${pct(fit.rms)}, within 5%: ${pct(fit.within5)} (in sample)`,
    `  leave-one-session-out (each session at the fit of the others): RMS ${pct(fit.loo.rms)}, within 5%: ${pct(fit.loo.within5)}`,
    `  cross-check: recorded/o200k prompt growth between calls without thinking ${fit.intervals ? fit.growthRatio.toFixed(3) : 'n/a'} (${fit.intervals} intervals)`,
    '', '| file | calls | within 5% (in sample) | within 5% (left out) | mean residual |', '|---|---|---|---|---|',
    ...fit.perFile.map((f) => `| ${f.file} | ${f.calls} | ${f.within5} | ${f.looWithin5} | ${pct(f.meanResidual)} |`),
  ];
  return lines.join('\n');
}

export async function summaryLengthReport(paths: readonly string[], json: boolean): Promise<string> {
  const tokens = createTokenCounter();
  const traces = await importAll(paths);
  const samples = traces.flatMap((t) => {
    const model = t.meta.model ?? '';
    return summarySamples(t, tokens, tokenScaleFor(getProfile(model) ?? { provider: 'unknown', model }));
  });
  if (samples.length === 0) throw new UsageError('--against: no compaction summaries in these transcripts');
  const fit = fitLengthModel(samples);
  if (json) return JSON.stringify({ fit, samples, shipped: SUMMARY_LENGTHS }, null, 2);
  const m = fit.model;
  return [
    `summary length fit: median ${Math.round(Math.exp(m.mu))} tokens at ${Math.round(m.refInput)} input tokens, sigma ${m.sigma.toFixed(4)}, `
      + `beta ${m.beta.toFixed(3)} (${fit.betaFitted ? 'fitted' : 'default: inputs span < 2x'}); ${fit.n} summaries`,
    `  leave-one-session-out (each summary at the fit of the other sessions' summaries): RMS log residual ${rmsLog(fit.looResiduals)} (in sample ${rmsLog(fit.residuals)})`,
    `  shipped: mu ${SUMMARY_LENGTHS.model.mu}, sigma ${SUMMARY_LENGTHS.model.sigma}, beta ${SUMMARY_LENGTHS.model.beta}, refInput ${SUMMARY_LENGTHS.model.refInput}`,
    '', '| file | trigger | input tokens | summary tokens | residual (log) | left out (log) |', '|---|---|---|---|---|---|',
    ...samples.map((s, k) => `| ${s.file} | ${s.trigger ?? ''} | ${s.inputTokens} | ${s.outputTokens} | ${fit.residuals[k]!.toFixed(4)} | ${Number.isFinite(fit.looResiduals[k]) ? fit.looResiduals[k]!.toFixed(4) : '—'} |`),
  ].join('\n');
}
