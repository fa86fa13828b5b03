/**
 * What a plan-running command says when it ends: the verdict in a few lines on the terminal, or with
 * `--json` one JSON document on stdout (schema in docs/json-output.md) and the lines on stderr, so a
 * pipe gets only JSON. Also picks the verdict's baseline.
 */
import path from 'node:path';
import { jsonSafe } from '../report/format.js';
import type { GateVerdict } from '../report/gate-eval.js';
import type { ReportResult } from '../report/write-report.js';
import { verdictTerminal } from '../report/verdict-text.js';
import type { RunPlan } from '../sim/run.js';
import { UsageError } from './errors.js';
import { resolvePolicyRef } from './run-plan.js';

export const JSON_SCHEMA_ID = 'compactbench/result@1';

/**
 * The verdict's baseline label: `--baseline` (or the config's) when given — it must be one of the
 * plan's policies — else the first policy named with --policy, else `hermes` when every registered
 * policy runs (the default suite's reference), else the first policy.
 */
export async function baselineLabel(plan: RunPlan, given: string | undefined, policiesNamed: boolean): Promise<string> {
  const labels = plan.policies.map((p) => p.label);
  if (given) {
    const label = labels.includes(given) ? given : (await resolvePolicyRef(given)).label;
    if (!labels.includes(label)) throw new UsageError(`--baseline ${JSON.stringify(given)} is not one of the policies run: ${labels.join(', ')}`);
    return label;
  }
  if (!policiesNamed && labels.includes('hermes')) return 'hermes';
  return labels[0] ?? '';
}

export interface Outcome {
  command: string;
  out: string;
  sessions: number;
  result: ReportResult;
}

/** The --json document: the verdict, the gate, every aggregate and the kind's own table. */
export function outcomeJson(o: Outcome): string {
  const r = o.result;
  const doc = {
    schema: JSON_SCHEMA_ID,
    command: o.command,
    out: o.out,
    sessions: o.sessions,
    exitCode: r.exitCode,
    verdict: r.ranking,
    gate: r.verdict,
    aggregates: r.aggregates,
    ...Object.fromEntries(Object.entries(r.tables).map(([k, t]) => [k, t.rows])),
    files: r.files,
  };
  return `${JSON.stringify(doc, jsonSafe, 2)}\n`;
}

/** The gate's result and, below it, every check that did not pass, named (scenario, metric, rule, what was observed). */
export function gateLine(v: GateVerdict | null, out: string): string {
  if (!v) return '';
  const failed = v.checks.filter((c) => c.status === 'fail');
  const unevaluated = v.checks.filter((c) => c.status === 'not-evaluated');
  const what = v.status === 'pass' ? 'PASS' : v.status === 'fail' ? `FAIL (${failed.length} of ${v.checks.length} checks)` : `NOT EVALUATED (${unevaluated.length} of ${v.checks.length} checks)`;
  const named = [...failed, ...unevaluated].map((c) => `  ${c.status === 'fail' ? 'failed' : 'not evaluated'}: ${c.scenario} ${c.metric} ${c.rule} (${c.test}): ${c.reason}\n`);
  return `gate: ${what}; exit code ${v.exitCode}; details in ${out}/comparison.md\n${named.join('')}`;
}

/** Prints the end of a command: JSON on stdout and the summary on stderr, or the summary on stdout. */
export function printOutcome(o: Outcome, json: boolean | undefined): void {
  const html = o.result.files.find((f) => path.basename(f) === 'report.html');
  const opened = html ? `open ${html} in a browser for the charts\n` : '';
  const named = (f: string): string | undefined => o.result.files.find((x) => x.endsWith(f));
  const grid = o.command === 'sweep' && named('sweep.md') ? `the grid in full: ${named('sweep.md')} (and sweep.csv); its chart: ${named(path.join('charts', 'sweep.svg')) ?? 'charts/sweep.svg'}\n` : '';
  const text = `wrote ${o.result.files.length} files to ${o.out} (${o.sessions} sessions)\n${verdictTerminal(o.result.ranking)}${gateLine(o.result.verdict, o.out)}${o.result.terminal ?? ''}${grid}${opened}`;
  if (json) {
    process.stderr.write(text);
    process.stdout.write(outcomeJson(o));
  } else {
    process.stdout.write(text);
    // a gate that did not pass also says why on stderr, where a CI log looks for a non-zero exit's cause
    if (o.result.verdict && o.result.verdict.status !== 'pass') process.stderr.write(gateLine(o.result.verdict, o.out));
  }
}
