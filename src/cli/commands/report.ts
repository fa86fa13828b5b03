/**
 * `compactbench report`: like `run`, plus aggregates, the charts (CSV, Vega-Lite, SVG, PNG) and the
 * self-contained HTML report. `npm run report` regenerates the committed reference report with it.
 */
import type { Command } from 'commander';
import { addExecOptions, addPlanOptions, planSpecOf, runAndWrite, type CommonOpts } from '../run-plan.js';

export function register(program: Command): void {
  const cmd = program
    .command('report')
    .description('run scenarios through policies and write the full report: CSVs, summary, charts (SVG/PNG) and a self-contained HTML page');
  addExecOptions(addPlanOptions(cmd), 'reports/latest')
    .option('--no-png', 'skip the PNG renderings (SVG only)')
    .action(async (opts: CommonOpts) => {
      process.exitCode = (await runAndWrite(planSpecOf(opts), () => ({ kind: 'report' }), opts)).exitCode;
    });
}
