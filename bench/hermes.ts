/**
 * `npm run bench:hermes`: the Hermes port's speed on its conformance inputs
 * (CB_HERMES_CONFORMANCE, default ../shared/conformance/hermes): the time of one `compress()` call per
 * case (a fresh compressor per call, as the conformance check runs it) and of each whole-session
 * replay (the reference session loop over the trace). Times are medians of repeated runs, wall clock
 * (a call is too short for CPU-time ticks), so run it on a quiet machine. Inputs are read and parsed
 * before timing. Figures are printed (`--json` for a machine-readable line), never asserted. Upstream's
 * Python timings to set beside them are in issue 15.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createFixedSummarizer } from '../src/conformance/fixed-summarizer.js';
import { discover, readJson, readTrace } from '../src/conformance/inputs.js';
import { compress } from '../src/policies/hermes/compress.js';
import { HermesCompressor } from '../src/policies/hermes/compressor.js';
import type { PyMsg } from '../src/policies/hermes/msg.js';
import { runReplayLoop } from '../src/policies/hermes/replay-loop.js';
import { backendFromSummarizer } from '../src/policies/hermes/summarizer-backend.js';

const DIR = process.env.CB_HERMES_CONFORMANCE ?? path.resolve(import.meta.dirname, '../../shared/conformance/hermes');
const { values: args } = parseArgs({ options: { json: { type: 'boolean' } } });

type Config = ConstructorParameters<typeof HermesCompressor>[0] & { fail_summary?: boolean; system_prompt_tokens?: number };
const compressor = (config: Config): HermesCompressor =>
  new HermesCompressor(config, backendFromSummarizer(createFixedSummarizer({ fail: config.fail_summary ?? false })));

/** Median ms of `fn` over at least `min` runs and until `budgetMs` of runs (at most 200), after one warm-up. */
function time(fn: () => void, budgetMs: number, min = 5): { ms: number; runs: number } {
  fn();
  const xs: number[] = [];
  let spent = 0;
  while (xs.length < min || (spent < budgetMs && xs.length < 200)) {
    const t0 = performance.now();
    fn();
    const ms = performance.now() - t0;
    xs.push(ms);
    spent += ms;
  }
  xs.sort((a, b) => a - b);
  return { ms: +xs[xs.length >> 1]!.toFixed(3), runs: xs.length };
}

const rows: { kind: 'case' | 'replay'; name: string; messages: number; ms: number; runs: number }[] = [];
for (const item of discover([DIR])) {
  if (item.kind === 'case') {
    const data = readJson(item.file) as { config: Config; messages: PyMsg[]; current_tokens?: number | null };
    const t = time(() => { compress(compressor(data.config), data.messages, data.current_tokens ?? undefined); }, 300);
    rows.push({ kind: 'case', name: item.name, messages: data.messages.length, ...t });
  } else {
    const config = readJson(item.config) as Config;
    const trace = readTrace(item.trace) as PyMsg[][];
    const t = time(() => { runReplayLoop(compressor(config), trace, config.system_prompt_tokens ?? 0); }, 2_000, 3);
    rows.push({ kind: 'replay', name: item.name, messages: trace.length, ...t });
  }
}

const cases = rows.filter((r) => r.kind === 'case');
const geomean = Math.exp(cases.reduce((s, r) => s + Math.log(r.ms), 0) / Math.max(1, cases.length));
if (args.json) {
  process.stdout.write(`${JSON.stringify({ inputs: DIR, node: process.version, compressGeomeanMs: +geomean.toFixed(3), rows })}\n`);
} else {
  console.log(`Hermes port on ${DIR} (median wall ms, node ${process.version})`);
  console.table(rows.map((r) => ({ kind: r.kind, name: r.name, 'messages (turns for a replay)': r.messages, 'median ms': r.ms, runs: r.runs })));
  console.log(`compress(): geometric mean ${geomean.toFixed(3)} ms over ${cases.length} cases`);
}
