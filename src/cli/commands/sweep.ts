/**
 * `compactbench sweep --policy ID --param name=v1,v2,...`: a grid over policy parameters (several
 * --param make a product), reported as a table (sweep.md, sweep.csv) and the sweep chart, plus the
 * full report of every grid point.
 */
import type { Command } from 'commander';
import { parseSweepParam, sweepPolicySpecs } from '../../report/sweep-grid.js';
import { applyConfig } from '../config.js';
import { collect, UsageError } from '../errors.js';
import { BASELINE_HELP } from './run.js';
import { addExecOptions, addPlanOptions, planSpecOf, runAndWrite, type CommonOpts } from '../run-plan.js';

interface SweepOpts extends CommonOpts {
  param?: string[];
}

export function register(program: Command): void {
  const cmd = program
    .command('sweep')
    .description('sweep policy parameters over a grid and report a table and one line per policy family through the values')
    .option('--policy <id[:key=value,...]>', 'a policy to sweep (fixed parameters allowed); repeatable', collect)
    .option('--param <name=v1,v2,...>', 'a parameter and its values; repeat for a grid (the product); applies to each --policy that has it', collect);
  addExecOptions(addPlanOptions(cmd, false), 'reports/sweep')
    .option('--baseline <id[:key=value,...]>', `${BASELINE_HELP}; a grid point's label, e.g. hermes-runway:runwayFraction=0.1`)
    .option('--png', 'also write a PNG rendering of every chart (default: SVG only)')
    .option('--no-png', 'SVG only (the default)')
    .action(async (opts: SweepOpts, c: Command) => {
      applyConfig(opts, c);
      if (!opts.policy?.length) throw new UsageError('sweep: give at least one --policy ID');
      if (!opts.param?.length) throw new UsageError('sweep: give at least one --param name=v1,v2,...');
      const params = opts.param.map(parseSweepParam);
      const specs = sweepPolicySpecs(opts.policy, params);
      process.exitCode = (await runAndWrite(planSpecOf(opts, specs), (_plan, baseline) => ({ kind: 'sweep', params, baseline }), opts)).exitCode;
    });
}
