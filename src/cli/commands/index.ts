/**
 * Every CLI command, in the order `--help` lists them. Each module is imported only when its command
 * runs (or its help is asked for), so `compactbench --help` loads no command code and none of the
 * heavy dependencies (tokenizer, charts, fast-check, yaml). The one-line descriptions here are what
 * the top-level help lists; test/cli/commands-index.test.ts checks they equal the modules' own.
 */
import type { Command } from 'commander';

export interface CommandEntry {
  name: string;
  description: string;
  load: () => Promise<{ register: (program: Command) => void }>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'run', description: 'replay scenarios or recorded traces through policies and write steps/events/sessions CSV, summary (verdict first) and manifest', load: () => import('./run.js') },
  { name: 'report', description: 'run scenarios through policies and write the full report: verdict, CSVs, summary, charts (SVG; PNG with --png) and a self-contained HTML page', load: () => import('./report.js') },
  { name: 'sweep', description: 'sweep policy parameters over a grid and report a table and one line per policy family through the values', load: () => import('./sweep.js') },
  { name: 'compare', description: 'compare a candidate policy with a baseline on identical workloads and seeds; paired deltas with 95% CIs, Markdown/CSV/charts/HTML, and a gate (exit 0 pass, 2 fail, 3 not evaluated, 1 tool error)', load: () => import('./compare.js') },
  { name: 'merge', description: 'combine the output directories of --shard i/n runs into the unsharded report', load: () => import('./merge.js') },
  { name: 'policies', description: 'list the registered policies with their sources and parameters', load: () => import('./policies.js') },
  { name: 'prices', description: 'list every provider profile: prices, multipliers, minimum cacheable tokens, granularity, TTLs, date and source', load: () => import('./prices.js') },
  { name: 'validate', description: 'validate scenario, suite (*.suite.json) and gate files against their schemas', load: () => import('./validate.js') },
  { name: 'import', description: 'convert a recorded agent transcript to OpenAI-format JSONL with a .meta.json sidecar', load: () => import('./import.js') },
  { name: 'validate-cache', description: 'replay transcripts with recorded usage through the cache model; compare modelled and recorded cache reads/writes', load: () => import('./validate-cache.js') },
  { name: 'calibrate', description: "compare a scenario's generated sessions with real transcripts (KS statistic per distribution)", load: () => import('./calibrate.js') },
  { name: 'conform', description: 'check a policy port against conformance cases and session replays from its upstream', load: () => import('./conform.js') },
  { name: 'check', description: 'property-test a policy: every invariant over generated conversations; shrunk counterexamples with a vitest repro (exit 0 pass, 2 counterexample, 1 error)', load: () => import('./check.js') },
  { name: 'optimum', description: "the cheapest schedule of compaction operators per workload: a lower bound for every policy's cost", load: () => import('./optimum.js') },
  { name: 'trajectories', description: "compress ShareGPT trajectories (JSONL) to a token budget with Hermes Agent's trajectory compressor; report its metrics", load: () => import('./trajectories.js') },
];

/**
 * Registers the commands on `program`: the full definition of the one named by `argv` (`<name> …` or
 * `help <name>`), a name-and-description stub for every other, which is all the top-level help needs.
 */
export async function registerCommands(program: Command, argv: readonly string[]): Promise<void> {
  const named = argv[0] === 'help' ? argv[1] : argv[0];
  for (const c of COMMANDS) {
    if (c.name === named) (await c.load()).register(program);
    else program.command(c.name).description(c.description);
  }
}
