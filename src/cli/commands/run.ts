/**
 * `compactbench run`: replay scenarios (or traces) through policies and write the CSVs, summary (the
 * verdict first) and manifest. Sessions run on worker threads (`--workers`); `--shard i/n` runs one slice
 * for `merge`. A config file (src/cli/config.ts) fills what the flags leave unset.
 */
import type { Command } from 'commander';
import { applyConfig } from '../config.js';
import { addExecOptions, addPlanOptions, planSpecOf, runAndWrite, type CommonOpts } from '../run-plan.js';

export const BASELINE_HELP = 'the policy every other is paired with in the verdict (default: the first --policy, or hermes when every policy runs)';

export function register(program: Command): void {
  const cmd = program
    .command('run')
    .description('replay scenarios or recorded traces through policies and write steps/events/sessions CSV, summary (verdict first) and manifest');
  addExecOptions(addPlanOptions(cmd), 'reports/run')
    .option('--baseline <id[:key=value,...]>', BASELINE_HELP)
    .action(async (opts: CommonOpts, c: Command) => {
      applyConfig(opts, c);
      process.exitCode = (await runAndWrite(planSpecOf(opts), (_plan, baseline) => ({ kind: 'run', baseline }), opts)).exitCode;
    });
}
