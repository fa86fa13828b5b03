/**
 * `compactbench merge DIR... --out DIR`: combines the outputs of `--shard i/n` runs (manifest.json +
 * runs.jsonl each) into the report the unsharded command would have written, byte for byte. A merged
 * `compare` evaluates its gate and exits like compare (0 pass, 2 fail, 3 not evaluated, 1 tool error).
 */
import type { Command } from 'commander';
import { mergeShards } from '../../report/merge.js';
import { readShard } from '../../report/shard-files.js';
import { writeReport } from '../../report/write-report.js';
import { freeCores } from '../../sim/parallel.js';
import { asToolError, verdictLine } from './compare.js';
import { committedPaths, prepareOutput, writeAtomically } from '../output-dir.js';
import { printOutcome } from '../outcome.js';

interface MergeOpts {
  out: string;
  png?: boolean;
  raw?: boolean;
  linkBase?: string;
  force?: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine the output directories of --shard i/n runs into the unsharded report')
    .argument('<dir...>', 'shard output directories (each with manifest.json and runs.jsonl)')
    .requiredOption('--out <dir>', 'output directory for the merged report')
    .option('--force', 'replace --out even if it holds files that are not a merge\'s outputs')
    .option('--png', 'also write a PNG rendering of every chart (default: only for a compare report, whose comparison.md links them)')
    .option('--no-png', 'SVG only (the default except for a compare report)')
    .option('--no-raw', 'leave out steps.csv and events.csv')
    .option('--link-base <url>', 'prefix for the chart links in comparison.md (compare only)')
    .option('--json', 'print the verdict and every aggregate as JSON on stdout (docs/json-output.md)')
    .action((dirs: string[], opts: MergeOpts) =>
      asToolError(async () => {
        const { manifest, runs } = mergeShards(dirs.map(readShard));
        const target = prepareOutput(opts.out, { kind: manifest.report.kind, force: opts.force });
        const written = await writeAtomically(target, (dir) => writeReport(dir, runs, manifest, { png: opts.png, raw: opts.raw, linkBase: opts.linkBase, threads: freeCores() }));
        const res = { ...written, files: committedPaths(target, opts.out, written.files) };
        (opts.json ? process.stderr : process.stdout).write(`merged ${dirs.length} shards\n`);
        printOutcome({ command: manifest.report.kind, out: opts.out, sessions: runs.length, result: res }, opts.json);
        return res.exitCode;
      }),
    );
}
