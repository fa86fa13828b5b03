/**
 * `compactbench import FILE [--format ...] [--out FILE] [--meta FILE]`: convert a recorded transcript to
 * OpenAI-format JSONL (one message per line) with a sidecar `.meta.json` of what the source recorded.
 * Without `--out` the messages go to standard output and the sidecar only to `--meta FILE` (else it is
 * skipped, with a note on standard error). Warnings (orphans kept, unknown line types) go to standard
 * error. Exit 0 ok, 2 bad input (malformed file: the message names its file and line), 1 tool error.
 */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ImportError, withFormatHint } from '../../workload/import/errors.js';
import { MAX_JSON_BYTES_CEILING } from '../../workload/import/locate.js';
import { importTrace } from '../../workload/import/index.js';
import { serializeMeta, writeMessages, writeTraceFiles } from '../../workload/import/sidecar.js';
import { FORMATS, type Format, type ImportOptions } from '../../workload/import/types.js';

interface ImportOpts {
  format: string;
  out?: string;
  meta?: string;
  entry?: string;
  maxJsonBytes?: string;
  quiet?: boolean;
}

function parseOptions(o: ImportOpts): ImportOptions | string {
  if (o.format !== 'auto' && !FORMATS.includes(o.format as Format)) return `--format: got ${JSON.stringify(o.format)}, expected auto or one of ${FORMATS.join(', ')}`;
  for (const [flag, v] of [['--out', o.out], ['--meta', o.meta]] as const) {
    // a blank name would write a file called ' ' (and its sidecar ' .meta.json') where nobody looks
    if (v !== undefined && (v.trim() === '' || v !== v.trim())) return `${flag}: got ${JSON.stringify(v)}, expected a file name (not blank, no leading or trailing space)`;
  }
  const opts: ImportOptions = { format: o.format as Format | 'auto' };
  if (o.entry !== undefined) {
    if (!/^\d{1,9}$/.test(o.entry)) return `--entry: got ${JSON.stringify(o.entry)}, expected a non-negative integer (decimal digits)`;
    opts.entry = Number(o.entry);
  }
  if (o.maxJsonBytes !== undefined) {
    const n = /^\d{1,16}$/.test(o.maxJsonBytes) ? Number(o.maxJsonBytes) : NaN;
    if (!(n >= 1 && n <= MAX_JSON_BYTES_CEILING)) return `--max-json-bytes: got ${JSON.stringify(o.maxJsonBytes)}, expected a whole number from 1 to ${MAX_JSON_BYTES_CEILING} (the longest string V8 holds)`;
    opts.maxJsonBytes = n;
  }
  return opts;
}

export async function runImport(file: string, o: ImportOpts): Promise<number> {
  const opts = parseOptions(o);
  if (typeof opts === 'string') {
    process.stderr.write(`compactbench import: ${opts}\n`);
    return 2;
  }
  try {
    const trace = await importTrace(file, opts);
    if (trace.entries && opts.entry === undefined && !/#\d+$/.test(file)) {
      // one output file holds one conversation: importing the first silently would drop the rest
      throw new ImportError(file, undefined, `the file holds ${trace.entries} conversations; import one with --entry N or ${file}#N (0-based); \`run --trace\` replays them all`);
    }
    if (o.out) {
      const metaFile = await writeTraceFiles(trace, o.out, o.meta);
      if (!o.quiet) process.stderr.write(`${file}: ${trace.messages.length} messages (${trace.meta.format}) -> ${o.out}, meta -> ${metaFile}\n`);
    } else {
      await writeMessages(trace.messages, process.stdout);
      if (o.meta) await writeFile(o.meta, serializeMeta(trace.meta, trace.warnings), 'utf8');
      else if (!o.quiet) process.stderr.write(`${file}: meta sidecar skipped (messages went to stdout); pass --meta FILE to keep it\n`);
    }
    if (!o.quiet) for (const w of trace.warnings) process.stderr.write(`${file}: warning: ${w}\n`);
    return 0;
  } catch (e) {
    if (e instanceof ImportError) {
      process.stderr.write(`compactbench import: ${withFormatHint(e).message}\n`);
      return 2;
    }
    throw e;
  }
}

export function register(program: Command): void {
  program
    .command('import')
    .description('convert a recorded agent transcript to OpenAI-format JSONL with a .meta.json sidecar')
    .argument('<file>', 'transcript: Claude Code JSONL, Codex rollout, Gemini CLI session JSON, SWE-agent .traj, mini-swe-agent .traj.json, OpenHands JSON, ShareGPT, OpenAI JSONL')
    .option('--format <format>', `source format: auto or one of ${FORMATS.join(', ')}`, 'auto')
    .option('--out <file>', 'write the JSONL here (the sidecar goes to <stem>.meta.json); default: standard output')
    .option('--meta <file>', 'write the meta sidecar here')
    .option('--entry <n>', 'files holding several conversations (ShareGPT, OpenHands output.jsonl): which one, 0-based', undefined)
    .option('--max-json-bytes <n>', 'size limit for whole-JSON formats (parsed in memory)')
    .option('--quiet', 'no notes or warnings on standard error')
    .action(async (file: string, o: ImportOpts) => {
      process.exitCode = await runImport(file, o);
    });
}
