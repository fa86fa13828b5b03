/**
 * `compactbench conform --policy ID[@VERSION] PATH...`: runs conformance cases and session replays (files or
 * directories, recursive) through a policy port and prints `PASS <name>` or
 * `FAIL <name>: <first difference>` per item, then `conformance: P/N passed`, after a first line naming the
 * upstream version checked (`checking hermes@0000416b`).
 * Exit code: 0 all passed, 1 any failed, 2 bad input (unknown policy, missing path, malformed file).
 */
import type { Command } from 'commander';
import { ConformanceInputError, runConformance } from '../../conformance/index.js';

export interface ConformIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: ConformIo = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
};

/** Runs the command; returns the exit code (the CLI action sets it on the process). */
export function conform(policy: string, paths: readonly string[], io: ConformIo = defaultIo): number {
  let passed = 0;
  let total = 0;
  try {
    runConformance(
      policy,
      paths,
      (r) => {
        total++;
        if (r.pass) passed++;
        io.out(r.pass ? `PASS ${r.name}` : `FAIL ${r.name}: ${r.difference}`);
      },
      (checked) => io.out(`checking ${checked.id}@${checked.version}`),
    );
  } catch (e) {
    if (!(e instanceof ConformanceInputError)) throw e;
    io.err(`compactbench conform: ${e.message}`);
    return 2;
  }
  io.out(`conformance: ${passed}/${total} passed`);
  return passed === total ? 0 : 1;
}

export function register(program: Command): void {
  program
    .command('conform')
    .description('check a policy port against conformance cases and session replays from its upstream')
    .requiredOption('--policy <id>', 'policy id whose conformance adapter to use, optionally @version (hermes checks hermes@0000416b, the newest it can, by default; hermes@8fa8aabb by name)')
    .argument('<paths...>', 'case files (.json), replay traces (.jsonl) or directories (searched recursively)')
    .action((paths: string[], opts: { policy: string }) => {
      process.exitCode = conform(opts.policy, paths);
    });
}
