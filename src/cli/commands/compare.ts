/**
 * `compactbench compare --baseline ID[:params] --candidate ID[:params] [--gate FILE]`: both policies on
 * identical workloads and seeds; paired deltas with 95% CIs; Markdown for a CI job summary
 * (comparison.md), CSV, charts and HTML; and the gate's exit code: 0 pass, 2 fail, 3 not evaluated
 * (e.g. an unpriced model), 1 tool error — including bad input, since 2 here means "the gate failed".
 */
import type { Command } from 'commander';
import type { GateVerdict } from '../../report/gate-eval.js';
import { loadGate } from '../../report/gate.js';
import { applyConfig, configCandidate } from '../config.js';
import { internalErrorText, UsageError } from '../errors.js';
import { gateLine } from '../outcome.js';
import { addExecOptions, addPlanOptions, execOf, planSpecOf, resolvePolicyRef, runAndWrite, type CommonOpts } from '../run-plan.js';

interface CompareOpts extends CommonOpts {
  baseline?: string;
  candidate?: string;
  gate?: string;
  linkBase?: string;
}

export function verdictLine(v: GateVerdict | null, out: string): string {
  return v ? gateLine(v, out) : `no gate given; the comparison is in ${out}/comparison.md\n`;
}

/** Runs a compare/merge action so that any error exits 1 (a tool error), never the gate's 2 or 3. */
export async function asToolError(action: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await action();
  } catch (e) {
    const names = /^(UsageError|ParamError|ScenarioError|ImportError|TraceError|GateError|InputError|DocumentError|WorkloadLimitError|OutputError|PolicyLoadError)$/;
    const input = e instanceof Error && (names.test(e.constructor.name) || names.test(e.name));
    process.stderr.write(input ? `compactbench: error: ${e instanceof Error ? e.message : String(e)}\n` : internalErrorText(e));
    process.exitCode = 1;
  }
}

export function register(program: Command): void {
  const cmd = program
    .command('compare')
    .description('compare a candidate policy with a baseline on identical workloads and seeds; paired deltas with 95% CIs, Markdown/CSV/charts/HTML, and a gate (exit 0 pass, 2 fail, 3 not evaluated, 1 tool error)')
    .option('--baseline <id[:key=value,...]>', 'the baseline policy and parameters')
    .option('--candidate <id[:key=value,...]>', 'the candidate policy and parameters')
    .option('--gate <file>', 'a gate file (JSON or YAML) with limits on metrics; see gates/')
    .option('--link-base <url>', 'prefix for the chart links in comparison.md (default: relative to the output directory)');
  addExecOptions(addPlanOptions(cmd, false), 'reports/compare')
    .option('--no-png', 'skip the PNG renderings (SVG only)')
    .action((opts: CompareOpts, c: Command) =>
      asToolError(async () => {
        const config = applyConfig(opts, c, null);
        opts.candidate ??= configCandidate(config?.file ?? null, config?.config.policies, opts.baseline);
        if (!opts.baseline || !opts.candidate) throw new UsageError('compare: --baseline ID[:params] and --candidate ID[:params] are both required (or a config file with baseline and policies)');
        execOf(opts, [opts.baseline, opts.candidate]); // the module limits (--hook-budget) apply to reading the modules too
        const [base, cand] = [await resolvePolicyRef(opts.baseline), await resolvePolicyRef(opts.candidate)];
        if (base.label === cand.label) throw new UsageError(`compare: baseline and candidate are the same policy (${base.label})`);
        const gate = opts.gate ? loadGate(opts.gate) : null;
        const res = await runAndWrite(
          planSpecOf(opts, [opts.baseline, opts.candidate]),
          (plan) => ({ kind: 'compare', baseline: plan.policies[0]!.label, candidate: plan.policies[1]!.label, gate, gateFile: opts.gate ?? null }),
          opts,
          { linkBase: opts.linkBase },
          'compare',
        );
        if (!opts.shard && !res.verdict) (opts.json ? process.stderr : process.stdout).write(verdictLine(null, opts.out));
        return res.exitCode;
      }),
    );
}
