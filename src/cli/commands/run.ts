/**
 * `compactbench run`: replay scenarios (or traces) through policies and write the CSVs, summary and
 * manifest. Sessions run on worker threads (`--workers`); `--shard i/n` runs one slice for `merge`.
 */
import type { Command } from 'commander';
import { addExecOptions, addPlanOptions, planSpecOf, runAndWrite, type CommonOpts } from '../run-plan.js';

export function register(program: Command): void {
  const cmd = program
    .command('run')
    .description('replay scenarios or recorded traces through policies and write steps/events/sessions CSV, summary and manifest');
  addExecOptions(addPlanOptions(cmd), 'reports/run').action(async (opts: CommonOpts) => {
    process.exitCode = (await runAndWrite(planSpecOf(opts), () => ({ kind: 'run' }), opts)).exitCode;
  });
}
