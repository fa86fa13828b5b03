/**
 * `compactbench optimum`: the offline optimum of each workload — the cheapest schedule of summaries and
 * prunes (src/optimum) under a relaxation of the cache model — as a lower bound that reports compare
 * every policy's cost against (`costToOptimum` in sessions.csv).
 */
import type { Command } from 'commander';
import { createTokenCounter } from '../../core/tokens.js';
import { OptimumFamilySchema, workloadBound, type BoundOutcome } from '../../optimum/index.js';
import { profileFor } from '../../sim/setup.js';
import { boundNeeds } from '../../sim/run.js';
import { addPlanOptions, planFromSpec, planSpecOf, type CommonOpts } from '../run-plan.js';
import { parseNonNegativeInt, UsageError } from '../errors.js';

interface OptimumOpts extends CommonOpts {
  json?: boolean;
  summaryTokens?: string;
  pruneKeepSteps?: string;
  placeholderTokens?: string;
  insertionCapTokens?: string;
  operators?: string;
  freeForgetting?: boolean;
}

export interface OptimumRow {
  scenario: string;
  seed: number;
  steps: number;
  status: BoundOutcome['status'];
  /** dollars of the cheapest schedule; null unless status is ok */
  bound: number | null;
  /** dollars of the same workload with no operation, under the same relaxed cache model */
  noOpCost: number | null;
  summaries: number;
  prunes: number;
  schedule: { step: number; op: 'summary' | 'prune' }[];
}

export function register(program: Command): void {
  const cmd = program
    .command('optimum')
    .description('the cheapest schedule of compaction operators per workload: a lower bound for every policy\'s cost');
  addPlanOptions(cmd, false)
    .option('--summary-tokens <n>', 'summary length of the family (tokens)', '500')
    .option('--prune-keep-steps <k>', 'a prune keeps the tool outputs of the last k steps', '0')
    .option('--placeholder-tokens <n>', "tokens of a pruned output's placeholder", '0')
    .option('--insertion-cap-tokens <n>', 'tool outputs enter history at most this many tokens (0 = no cap)', '1000')
    .option('--operators <which>', 'both, summary or prune', 'both')
    .option('--free-forgetting', 'the forget-everything bound: removing what a later step needs costs nothing (the open loop\'s bound; by default, in the closed loop, the re-fetches it causes are charged)')
    .option('--json', 'print a JSON array of {scenario, seed, steps, status, bound, noOpCost, summaries, prunes, schedule}')
    .action(async (opts: OptimumOpts) => {
      const parsed = OptimumFamilySchema.safeParse({
        summaryTokens: parseNonNegativeInt('--summary-tokens', opts.summaryTokens!),
        pruneKeepSteps: parseNonNegativeInt('--prune-keep-steps', opts.pruneKeepSteps!),
        placeholderTokens: parseNonNegativeInt('--placeholder-tokens', opts.placeholderTokens!),
        insertionCapTokens: parseNonNegativeInt('--insertion-cap-tokens', opts.insertionCapTokens!),
        operators: opts.operators,
      });
      if (!parsed.success) throw new UsageError(`--operators: got ${JSON.stringify(opts.operators)}, expected both, summary or prune`);
      const family = parsed.data;
      const plan = await planFromSpec({ ...planSpecOf(opts, undefined), policy: ['none'] });
      const tokens = createTokenCounter();
      const rows: OptimumRow[] = [];
      for (const sc of plan.scenarios) {
        for (const seed of sc.seeds ?? plan.seeds) {
          const workload = sc.makeWorkload(seed, tokens);
          const needs = opts.freeForgetting ? undefined : boundNeeds(workload, sc.settings, sc.name, seed);
          const b = workloadBound({
            workload, tokens, family, breakpoints: sc.settings.breakpoints, ...(needs ? { needs } : {}),
            profileOf: (m) => profileFor(m, sc.settings.ttl), auxProfile: profileFor(sc.settings.auxModel ?? workload.model),
          });
          const ok = b.status === 'ok' ? b : undefined;
          rows.push({
            scenario: sc.name, seed, steps: workload.steps.length, status: b.status,
            bound: ok ? ok.cost : null, noOpCost: ok ? ok.noOpCost : null,
            summaries: ok ? ok.schedule.filter((o) => o.op === 'summary').length : 0,
            prunes: ok ? ok.schedule.filter((o) => o.op === 'prune').length : 0,
            schedule: ok ? ok.schedule : [],
          });
        }
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify({ family, sessions: rows }, null, 2)}\n`);
        return;
      }
      process.stdout.write(`family: summary ${family.summaryTokens} tokens, prune keeps ${family.pruneKeepSteps} steps, placeholder ${family.placeholderTokens} tokens, insertion cap ${family.insertionCapTokens || 'none'}, operators ${family.operators}\n`);
      process.stdout.write('scenario\tseed\tsteps\tbound $\tno-op $\tsummaries\tprunes\n');
      for (const r of rows) {
        const money = (x: number | null): string => (x === null ? r.status : x.toFixed(4));
        process.stdout.write(`${r.scenario}\t${r.seed}\t${r.steps}\t${money(r.bound)}\t${money(r.noOpCost)}\t${r.summaries}\t${r.prunes}\n`);
      }
    });
}
