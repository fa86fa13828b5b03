/**
 * `compactbench trajectories FILE`: compress ShareGPT trajectories (JSONL, `conversations:
 * [{from, value}]`) offline to a token budget with Hermes Agent's greedy trajectory compressor
 * (seed 002, `trajectory_compressor.py`), summaries from the mock summarizer and exact o200k token
 * counts; print its metrics (compressed, skipped under target, still over limit, ratio), `--json`
 * for machine-readable metrics, `--out FILE` for the compressed JSONL. Malformed input exits 2 with
 * `file:line` and what is wrong.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../../core/input-file.js';
import type { Command } from 'commander';
import { compressRecords } from '../../trajectories/batch.js';
import { TRAJECTORY_DEFAULTS, type TrajectoryConfig } from '../../trajectories/config.js';
import { formatJsonl, parseTrajectories, TrajectoryInputError } from '../../trajectories/jsonl.js';
import { aggregateToDict, metricsToDict, type AggregateMetrics } from '../../trajectories/metrics.js';
import { thousands } from '../../policies/shared/compression-feedback.js';
import { parseIntFlag, UsageError } from '../errors.js';

interface TrajectoriesOpts {
  targetMaxTokens: string;
  summaryTargetTokens: string;
  protectLastNTurns: string;
  out?: string;
  json?: boolean;
  seed: string;
}

function parseCount(name: string, raw: string, min: number): number {
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${name}: got ${JSON.stringify(raw)}, expected an integer >= ${min}`);
  }
  return n;
}

export interface TrajectoriesRun {
  config: Pick<TrajectoryConfig, 'targetMaxTokens' | 'summaryTargetTokens' | 'protectLastNTurns'>;
  json: Record<string, unknown>;
  text: string;
}

/** Reads, compresses and (with `out`) writes; throws UsageError on bad input. */
export function runTrajectories(file: string, opts: TrajectoriesOpts): TrajectoriesRun {
  const config = {
    targetMaxTokens: parseCount('--target-max-tokens', opts.targetMaxTokens, 1),
    summaryTargetTokens: parseCount('--summary-target-tokens', opts.summaryTargetTokens, 1),
    protectLastNTurns: parseCount('--protect-last-n-turns', opts.protectLastNTurns, 0),
  };
  // decimal digits only, like every count flag: '+1' or '0x10' would silently be another seed
  const seed = String(parseIntFlag('--seed', opts.seed, 0, Number.MAX_SAFE_INTEGER));
  let text: string;
  try {
    checkInputFile(file, 'trajectories file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof InputFileError) throw new UsageError(e.message);
    throw new UsageError(`${file}: cannot read file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let parsed;
  try {
    parsed = parseTrajectories(text, file);
  } catch (e) {
    if (e instanceof TrajectoryInputError) throw new UsageError(e.message);
    throw e;
  }
  const result = compressRecords(parsed, { config, seed });
  if (opts.out) {
    try {
      writeFileSync(opts.out, formatJsonl(result.records));
    } catch (e) {
      throw new UsageError(`${opts.out}: cannot write file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }
  const json = {
    file,
    config,
    metrics: aggregateToDict(result.aggregate),
    trajectories: result.perTrajectory.map((p) => ({ line: p.line, ...metricsToDict(p.metrics) })),
    ...(opts.out ? { out: opts.out } : {}),
  };
  return { config, json, text: describeRun(file, result.aggregate, opts.out) };
}

function describeRun(file: string, a: AggregateMetrics, out: string | undefined): string {
  const d = aggregateToDict(a);
  const lines = [
    `${file}: ${a.total_trajectories} trajectories`,
    `  compressed: ${a.trajectories_compressed}, skipped (under target): ${a.trajectories_skipped_under_target}, still over limit: ${a.trajectories_still_over_limit}`,
    `  tokens: ${thousands(a.total_tokens_before)} → ${thousands(a.total_tokens_after)} (saved ${thousands(a.total_tokens_saved)}; overall ratio ${d.tokens!.overall_compression_ratio})`,
    `  turns: ${thousands(a.total_turns_before)} → ${thousands(a.total_turns_after)} (removed ${thousands(a.total_turns_removed)})`,
    `  mean ratio of compressed trajectories: ${d.averages!.avg_compression_ratio}`,
    `  summarization: ${a.total_summarization_calls} calls, ${a.total_summarization_errors} errors`,
  ];
  if (out) lines.push(`wrote ${out} (${a.total_trajectories} records)`);
  return `${lines.join('\n')}\n`;
}

export function register(program: Command): void {
  program
    .command('trajectories')
    .description("compress ShareGPT trajectories (JSONL) to a token budget with Hermes Agent's trajectory compressor; report its metrics")
    .argument('<file>', 'JSONL file, one {"conversations": [{"from", "value"}, ...]} record per line')
    .option('--target-max-tokens <n>', 'token budget per trajectory (Hermes default)', String(TRAJECTORY_DEFAULTS.targetMaxTokens))
    .option('--summary-target-tokens <n>', 'tokens asked of each summary and reserved for it (Hermes default)', String(TRAJECTORY_DEFAULTS.summaryTargetTokens))
    .option('--protect-last-n-turns <n>', 'trailing turns never compressed (Hermes default)', String(TRAJECTORY_DEFAULTS.protectLastNTurns))
    .option('--out <file>', 'write the compressed trajectories as JSONL')
    .option('--json', 'print the metrics as JSON')
    .option('--seed <seed>', 'seed of the mock summarizer', '0')
    .action((file: string, opts: TrajectoriesOpts) => {
      const r = runTrajectories(file, opts);
      process.stdout.write(opts.json ? `${JSON.stringify(r.json, null, 2)}\n` : r.text);
    });
}
