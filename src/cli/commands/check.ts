/**
 * `compactbench check --policy ID|PATH [--runs N] [--seed S] [--param key=value]...`: property-tests a
 * policy (a registered id, or a module file exporting a policy; see src/testing/policy-module.ts)
 * against every invariant of the testing kit, and prints each invariant with pass or its shrunk
 * counterexample plus a vitest test that reproduces it.
 *
 * Exit codes: 0 all invariants hold; 2 a counterexample was found; 1 a tool error, which for this
 * command includes bad input (unknown policy, missing file, bad option) — unlike the other commands,
 * because 2 already means "counterexample found" here.
 */
import type { Command } from 'commander';
import type { Message } from '../../core/messages.js';
import { resolvePolicy } from '../../policies/registry.js';
import { caseTranscript } from '../../testing/drive.js';
import { loadTarget } from '../../testing/policy-module.js';
import { checkTarget, DEFAULT_RUNS, DEFAULT_SEED, selectInvariants, type CheckReport } from '../../testing/property.js';
import { abbreviate, formatReport, reproTest, type ReproOptions } from '../../testing/repro.js';
import { collect, parsePositiveInt } from '../errors.js';
import { DEFAULT_ISOLATION } from '../../sim/isolation.js';
import { runIsolated } from '../../sim/isolated-worker.js';
import { looksLikePath } from '../../testing/policy-module.js';

export const CHECK_EXIT = { ok: 0, toolError: 1, counterexample: 2 } as const;

interface CheckFlags {
  policy?: string;
  runs?: string;
  seed?: string;
  param: string[];
  invariant: string[];
  skip: string[];
  varyParams?: boolean;
  systemInHistory?: boolean;
  json?: boolean;
  hookBudget?: string;
  policyHeapMb?: string;
}

class CheckInputError extends Error {}

function integer(name: string, raw: string, min: number): number {
  // decimal digits only: Number() would also take '', '0x10' and '1e3'
  const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min)) throw new CheckInputError(`${name}: got ${JSON.stringify(raw)}, expected an integer >= ${min} (decimal digits)`);
  return n;
}

function parseParams(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new CheckInputError(`--param ${JSON.stringify(p)}: expected key=value`);
    out[p.slice(0, eq).trim()] = p.slice(eq + 1).trim();
  }
  return out;
}

function commandLine(f: CheckFlags): string {
  const parts = ['compactbench check', `--policy ${f.policy}`];
  if (f.runs) parts.push(`--runs ${f.runs}`);
  if (f.seed) parts.push(`--seed ${f.seed}`);
  for (const p of f.param) parts.push(`--param ${p}`);
  if (f.varyParams) parts.push('--vary-params');
  if (f.systemInHistory) parts.push('--system-in-history');
  return parts.join(' ');
}

/** Messages with long strings abbreviated as in the text report (`renderCase(case)` rebuilds them in full). */
const shortened = (msgs: readonly Message[] | undefined): unknown =>
  msgs && JSON.parse(JSON.stringify(msgs, (_k, v: unknown) => (typeof v === 'string' ? abbreviate(v) : v)));

function jsonReport(report: CheckReport, o: ReproOptions): unknown {
  return {
    ...report,
    results: report.results.map((r) => {
      const base = { name: r.name, description: r.description, ok: r.ok, ...(r.documented ? { documented: r.documented } : {}) };
      if (!r.counterexample) return base;
      const { observation: _obs, finding, ...cx } = r.counterexample;
      return {
        ...base,
        counterexample: {
          ...cx, finding: { ...finding, messages: shortened(finding.messages), input: shortened(finding.input) },
          transcript: shortened(caseTranscript(cx.case)), test: reproTest(r.name, r.counterexample, o),
        },
      };
    }),
  };
}

/**
 * A policy module is checked on an isolated worker (sim/isolated-worker.ts), as `run` runs it: its top
 * level and hooks never run in this process, `process.exit` in them throws (a failing hook, so a
 * counterexample), its console goes to stderr, and loading or a hook call past --hook-budget, a crash or
 * the heap cap end the check with exit 1 and the cause.
 */
async function checkIsolated(f: CheckFlags, out: (s: string) => void, err: (s: string) => void): Promise<number> {
  let limits;
  try {
    limits = {
      hookBudgetMs: f.hookBudget !== undefined ? parsePositiveInt('--hook-budget', f.hookBudget, 86_400) * 1000 : DEFAULT_ISOLATION.hookBudgetMs,
      heapMb: f.policyHeapMb !== undefined ? parsePositiveInt('--policy-heap-mb', f.policyHeapMb, 1_048_576) : DEFAULT_ISOLATION.heapMb,
    };
  } catch (e) {
    err(`compactbench check: error: ${e instanceof Error ? e.message : String(e)}\n`);
    return CHECK_EXIT.toolError;
  }
  const { hookBudget: _b, policyHeapMb: _h, ...flags } = f;
  const o = await runIsolated({ kind: 'check', flags }, limits, `policy module ${f.policy}`);
  const r = o.ok ? (o.value as { code?: unknown; out?: unknown; err?: unknown }) : null;
  if (!r || typeof r.code !== 'number' || typeof r.out !== 'string' || typeof r.err !== 'string') {
    err(`compactbench check: error: ${o.ok ? `policy module ${f.policy}: its worker answered with something that is not a check report` : o.reason}\n`);
    return CHECK_EXIT.toolError;
  }
  err(r.err);
  out(r.out);
  return r.code;
}

/**
 * Whether the cases drew the policy's parameters or kept them fixed, said plainly: a fixed set can miss
 * what another value finds (a preview length that splits an emoji only at some lengths).
 */
function paramsNote(f: CheckFlags, params: Record<string, string>): string {
  if (f.varyParams) return 'Parameters: drawn from the policy\'s ranges for every case (--vary-params).\n';
  const given = Object.entries(params).map(([k, v]) => `${k}=${v}`);
  return `Parameters: fixed for every case (${given.length ? given.join(', ') + '; the rest at' : 'all at'} their defaults); add --vary-params to draw them from the policy's ranges, which finds what only some values break.\n`;
}

/** Runs the command; returns the exit code. Output goes to the given writers (the CLI's stdout/stderr). */
export async function runCheck(f: CheckFlags, out: (s: string) => void, err: (s: string) => void, where: { inProcess?: boolean } = {}): Promise<number> {
  if (!where.inProcess && f.policy && looksLikePath(f.policy)) return checkIsolated(f, out, err);
  let report: CheckReport;
  let repro: ReproOptions;
  let params: Record<string, string> = {};
  try {
    if (!f.policy) throw new CheckInputError('--policy ID|PATH is required');
    params = parseParams(f.param);
    const target = await loadTarget(f.policy, params);
    resolvePolicy(target.def, params); // validates the overrides against the policy's ParamSpecs
    const generation = {
      ...(f.varyParams ? { varyParams: true } : {}),
      ...(f.systemInHistory ? { cases: { conversation: { systemInHistory: true } } } : {}),
    };
    const opts = {
      runs: f.runs ? integer('--runs', f.runs, 1) : DEFAULT_RUNS,
      seed: f.seed ? integer('--seed', f.seed, -(2 ** 31)) : DEFAULT_SEED,
      invariants: f.invariant, skip: f.skip, ...generation,
    };
    selectInvariants(opts); // unknown invariant names are input errors
    repro = { policyRef: f.policy, params, generation, command: commandLine(f) };
    report = await checkTarget(target, opts);
  } catch (e) {
    err(`compactbench check: error: ${e instanceof Error ? e.message : String(e)}\n`);
    return CHECK_EXIT.toolError;
  }
  out(f.json ? `${JSON.stringify({ ...(jsonReport(report, repro) as object), parameters: f.varyParams ? 'varied' : 'fixed' }, null, 2)}\n` : `${formatReport(report, repro)}${paramsNote(f, params)}`);
  if (report.ok) return CHECK_EXIT.ok;
  // with --json the report is on stdout; a CI log still gets the verdict in one line
  if (f.json) {
    const failed = report.results.filter((r) => !r.ok && !r.documented).map((r) => r.name);
    err(`compactbench check: ${failed.length} of ${report.results.length} invariants violated (${failed.join(', ')}); the counterexamples are in the JSON report\n`);
  }
  return CHECK_EXIT.counterexample;
}

export function register(program: Command): void {
  program
    .command('check')
    .description('property-test a policy: every invariant over generated conversations; shrunk counterexamples with a vitest repro (exit 0 pass, 2 counterexample, 1 error)')
    .option('--policy <id|path>', 'a registered policy id, or a .ts/.js module exporting a policy')
    .option('--runs <n>', `generated cases (default ${DEFAULT_RUNS})`)
    .option('--seed <s>', `fast-check seed (default ${DEFAULT_SEED})`)
    .option('--param <key=value>', 'a policy parameter (repeatable)', collect, [])
    .option('--invariant <name>', 'check only this invariant (repeatable)', collect, [])
    .option('--skip <name>', 'leave this invariant out (repeatable)', collect, [])
    .option('--vary-params', "draw parameter values from the policy's ranges for every case")
    .option('--system-in-history', 'histories also start with the system message (agents that keep it in their list)')
    .option('--json', 'print the report as JSON')
    .option('--hook-budget <seconds>', 'policy modules: longest loading or one hook call may run before the check stops with exit 1 (default 60)')
    .option('--policy-heap-mb <n>', 'policy modules: heap limit of the worker checking them, in MB (default 2048)')
    // bad usage exits 1 for this command (2 means a counterexample): returning lets commander exit with its own code 1
    .exitOverride((e) => {
      if (e.exitCode === 0) throw e;
    })
    .action(async (f: CheckFlags) => {
      process.exitCode = await runCheck(f, (s) => process.stdout.write(s), (s) => process.stderr.write(s));
    });
}
