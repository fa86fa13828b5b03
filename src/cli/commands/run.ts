/** `compactbench run`: replay scenarios (or traces) through policies and write the report files. */
import type { Command } from 'commander';
import { createTokenCounter } from '../../core/tokens.js';
import { planCells, runCells } from '../../sim/run.js';
import { buildManifest, writeRunOutputs } from '../../report/write-run.js';
import { buildPlan } from '../run-plan.js';
import { collect, parsePositiveInt } from '../errors.js';
import { traceScenarios } from '../trace-scenarios.js';
import { createProgress } from '../progress.js';

interface RunOpts {
  scenario?: string[];
  suite?: string;
  trace?: string[];
  policy?: string[];
  seeds?: string;
  out: string;
  maxSteps?: string;
  quiet?: boolean;
}

export function register(program: Command): void {
  program
    .command('run')
    .description('replay scenarios or recorded traces through policies and write steps/events/sessions CSV, summary and manifest')
    .option('--scenario <name|file>', 'a scenario name (see scenarios/) or a scenario JSON file; repeatable', collect)
    .option('--suite <name>', 'a scenario suite (default: "default" when no --scenario or --trace is given)')
    .option('--trace <file>', 'a recorded transcript (any importable format) to replay; repeatable', collect)
    .option('--policy <id[:key=value,...]>', 'a policy with optional parameters; repeatable (default: every registered policy)', collect)
    .option('--seeds <n>', 'number of seeds (1..n); default: the scenarios\' own')
    .option('--max-steps <n>', 'truncate every session to its first n steps (a reduced, quicker run)')
    .option('--out <dir>', 'output directory', 'reports/latest')
    .option('--quiet', 'no progress output')
    .action(async (opts: RunOpts) => {
      const traces = opts.trace?.length ? await traceScenarios(opts.trace) : [];
      const plan = buildPlan(
        {
          scenario: opts.scenario, suite: opts.suite, policy: opts.policy,
          seeds: opts.seeds ? parsePositiveInt('--seeds', opts.seeds) : traces.length && !opts.scenario?.length ? 1 : undefined,
          maxSteps: opts.maxSteps ? parsePositiveInt('--max-steps', opts.maxSteps) : undefined,
        },
        traces,
      );
      const cells = planCells(plan);
      const tokens = createTokenCounter();
      const progress = createProgress(cells.length, opts.quiet);
      const runs = runCells(cells, tokens, { onProgress: (done) => progress.tick(done) });
      progress.stop();
      const out = writeRunOutputs(opts.out, runs, buildManifest(plan, cells.length));
      process.stdout.write(`wrote ${out.files.length} files to ${opts.out} (${cells.length} sessions)\n`);
    });
}
