/**
 * `compactbench report`: like `run`, plus aggregates, the charts (CSV, Vega-Lite, SVG; PNG on request) and the
 * self-contained HTML report, each opening with the verdict. `npm run report` regenerates the committed
 * reference report with it.
 */
import type { Command } from 'commander';
import { applyConfig } from '../config.js';
import { addExecOptions, addPlanOptions, planSpecOf, runAndWrite, type CommonOpts } from '../run-plan.js';
import { BASELINE_HELP } from './run.js';

export function register(program: Command): void {
  const cmd = program
    .command('report')
    .description('run scenarios through policies and write the full report: verdict, CSVs, summary, charts (SVG; PNG with --png) and a self-contained HTML page');
  addExecOptions(addPlanOptions(cmd), 'reports/latest')
    .option('--baseline <id[:key=value,...]>', BASELINE_HELP)
    .option('--png', 'also write a PNG rendering of every chart (default: SVG only)')
    .option('--no-png', 'SVG only (the default)')
    .action(async (opts: CommonOpts, c: Command) => {
      applyConfig(opts, c);
      process.exitCode = (await runAndWrite(planSpecOf(opts), (_plan, baseline) => ({ kind: 'report', baseline }), opts)).exitCode;
    });
}
