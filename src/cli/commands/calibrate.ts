/**
 * `compactbench calibrate --scenario NAME --against FILE...`: compares the generator's distributions
 * for a scenario with real transcripts (files, directories or globs, in any importable format: the
 * OpenAI-format conversions of shared/traces/openai with their sidecars, or the agents' own files) and prints a Markdown table with a KS statistic per distribution.
 * `--fit` prints the quantile tables of the transcripts instead, in scenario-file form.
 * `--token-scale` and `--summary-lengths` fit the replay-fidelity models instead (calibrate-recorded.ts).
 */
import type { Command } from 'commander';
import { createTokenCounter } from '../../core/tokens.js';
import { calibrate, calibrationTable, fitTools } from '../../workload/calibrate.js';
import { loadScenario } from '../../workload/scenario.js';
import { readAnyTraces } from '../../workload/trace-read-any.js';
import { statsOf } from '../../workload/trace-stats.js';
import { parsePositiveInt, UsageError } from '../errors.js';
import { summaryLengthReport, tokenScaleReport } from '../calibrate-recorded.js';
import { needsReport } from '../calibrate-needs.js';

interface Options {
  scenario?: string;
  against: string[];
  seeds: string;
  fit?: boolean;
  json?: boolean;
  tokenScale?: boolean;
  summaryLengths?: boolean;
  needs?: boolean;
}

export async function runCalibrate(opts: Options, out: (s: string) => void = (s) => process.stdout.write(`${s}\n`)): Promise<void> {
  const tokens = createTokenCounter();
  const seeds = parsePositiveInt('--seeds', opts.seeds);
  if (!opts.fit && !opts.scenario) throw new UsageError('--scenario is required (or use --fit)');
  let real;
  try {
    real = await readAnyTraces(opts.against);
  } catch (e) {
    throw new UsageError(`--against: ${(e as Error).message}`);
  }
  if (real.length === 0) throw new UsageError(`--against: no conversation in ${opts.against.join(', ')}`);
  if (opts.fit) {
    out(JSON.stringify(fitTools(statsOf(real, tokens)), null, 2));
    return;
  }
  const rows = calibrate(loadScenario(opts.scenario!), real, tokens, seeds);
  // transcripts with nothing to measure (no tool calls, no turns) would print a table of n=0 rows
  if (rows.every((r) => typeof r.real === 'number' || r.real.n === 0)) throw new UsageError(`--against: the transcripts hold none of the samples compared (n=0 in every distribution): ${opts.against.join(', ')}`);
  out(opts.json ? JSON.stringify(rows, null, 2) : calibrationTable(rows));
}

export function register(program: Command): void {
  program
    .command('calibrate')
    .description('compare a scenario\'s generated sessions with real transcripts (KS statistic per distribution)')
    .option('-s, --scenario <name>', 'scenario name (scenarios/<name>.json) or path to a scenario file')
    .requiredOption('-a, --against <paths...>', 'transcripts in any importable format: files, directories or globs')
    .option('--seeds <n>', 'number of generated sessions to compare', '20')
    .option('--fit', 'print quantile tables of the transcripts (for scenario files) instead of comparing')
    .option('--json', 'print the rows as JSON instead of a Markdown table')
    .option('--token-scale', 'fit the provider token scale on transcripts that recorded usage (any importable format)')
    .option('--summary-lengths', 'fit the summary length model on the compaction summaries of the transcripts')
    .option('--needs', 'fit the need distributions and what summaries keep on the transcripts (any importable format); with --scenario, compare its generated needs')
    .action(async (opts: Options) => {
      if (opts.needs) {
        process.stdout.write(`${await needsReport(opts.against, opts.json ?? false, opts.scenario, parsePositiveInt('--seeds', opts.seeds))}\n`);
        return;
      }
      if (opts.tokenScale || opts.summaryLengths) {
        const report = opts.tokenScale ? tokenScaleReport : summaryLengthReport;
        process.stdout.write(`${await report(opts.against, opts.json ?? false)}\n`);
        return;
      }
      await runCalibrate(opts);
    });
}
