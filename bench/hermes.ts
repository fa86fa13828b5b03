/**
 * `npm run bench:hermes`: the Hermes port's speed on its conformance inputs
 * (CB_HERMES_CONFORMANCE, default ../shared/conformance/hermes; CB_HERMES_VERSION the upstream version
 * the compressor runs, default 8fa8aabb, e.g. 0000416b with ../shared/conformance/hermes-0000416b): the CPU time of one `compress()` call
 * per case (a fresh compressor per call, as the conformance check runs it) and of each whole-session
 * replay (the reference session loop over the trace).
 *
 * It runs the compiled package (dist/, built first by the npm script), as `npm run bench` does: run
 * from source, tsx's name-keeping helper (`__name`) was ~3% of a case.
 *
 * Every timed call gets its own compressor and its own deep copy of the input, made before the clock
 * starts, as upstream's harness does (`copy.deepcopy`, which copies lists and dicts and shares the
 * strings, immutable in both languages: `pyDeepCopy` below; structuredClone also copied every string, so
 * a no-op's few objects lay between megabytes of text and the figure was mostly cache misses): the port memoizes estimates per message object, so re-running on
 * the same objects would time a warm memo that a real first call never has. Calls are
 * timed in batches (CPU time of the batch / its size, so short calls are above the clock's grain; with
 * a collection before each batch, so one batch does not pay for the copies made for the others); a
 * figure is the fastest batch, as upstream's figures are the fastest of their runs. Inputs are read
 * and parsed before timing. Figures are printed, never asserted.
 *
 *   npm run bench:hermes                               a table
 *   npm run bench:hermes -- --json                     {"inputs", "node", "compressGeomeanMs", "rows": [...]}
 *   npm run bench:hermes -- --upstream FILE.json       also upstream's times and the ratio upstream/ours;
 *                                                      FILE maps a case or replay name to {"ms": number}
 *                                                      (e.g. timings of upstream's ContextCompressor that
 *                                                      you measured yourself; none are shipped)
 *   npm run bench:hermes -- --only case-007            only the named cases or replays (repeatable)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createFixedSummarizer } from '../dist/conformance/fixed-summarizer.js';
import { discover, readJson, readTrace } from '../dist/conformance/inputs.js';
import { compress } from '../dist/policies/hermes/compress.js';
import { HermesCompressor } from '../dist/policies/hermes/compressor.js';
import type { PyMsg } from '../dist/policies/hermes/msg.js';
import { runReplayLoop } from '../dist/policies/hermes/replay-loop.js';
import { backendFromSummarizer } from '../dist/policies/hermes/summarizer-backend.js';

const DIR = process.env.CB_HERMES_CONFORMANCE ?? path.resolve(import.meta.dirname, '../../shared/conformance/hermes');
const { values: args } = parseArgs({ options: { json: { type: 'boolean' }, upstream: { type: 'string' }, only: { type: 'string', multiple: true } } });
const upstream = args.upstream ? (JSON.parse(readFileSync(args.upstream, 'utf8')) as Record<string, { ms: number }>) : undefined;

type Config = ConstructorParameters<typeof HermesCompressor>[0] & { fail_summary?: boolean; system_prompt_tokens?: number };
const VERSION = (process.env.CB_HERMES_VERSION ?? '8fa8aabb') as Config['version'];
const compressor = (config: Config): HermesCompressor =>
  new HermesCompressor({ ...config, version: VERSION }, backendFromSummarizer(createFixedSummarizer({ fail: config.fail_summary ?? false })));

const cpuMs = (c: NodeJS.CpuUsage): number => (c.user + c.system) / 1000;

/** Python's `copy.deepcopy` of JSON data: new arrays and objects, the same strings and numbers. */
function pyDeepCopy<T>(v: T): T {
  if (Array.isArray(v)) return v.map(pyDeepCopy) as T;
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = pyDeepCopy((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * CPU ms of one `run(input)`: batches of fresh deep copies of `input` (copied untimed), the batch size
 * chosen so a batch takes ~`batchMs`; the fastest batch's mean over at least `min` batches and until
 * `budgetMs` of CPU is spent. Two untimed warm-up batches first (JIT): 20 calls, then as many as the
 * first's mean suggests, whose mean sets the batch size (the first alone, slowed by compiling, once
 * gave a no-op batches of 116 calls, 20 µs: shorter than the clock's noise).
 * Why the size follows the warm mean: a no-op call takes well under a microsecond, and a batch of 200
 * lasted less than the background work of the collection before it (counted in the process's CPU
 * time), which then made up most of the figure; the fastest of up to 100 batches is one that work
 * left alone. `cap` bounds the copies held at once.
 *
 * The results of the last batch are held through the next batch's collection. Why: objects only
 * compress() makes (its record, the summary message) have maps that V8 holds weakly; when a forced
 * collection found none of them alive, the maps died, the optimized code that embeds them was thrown
 * away ("weak objects" in --trace-deopt) and every batch paid for recompiling it, up to 3/4 of a
 * no-op's figure. A session keeps such objects alive (its history holds what compress() returned);
 * CPython has no compiled code to lose.
 */
function time<T, P>(input: T, prepare: (x: T) => P, run: (p: P) => unknown, budgetMs: number, batchMs: number, cap: number, min = 5): { ms: number; runs: number } {
  const fresh = (): P => prepare(pyDeepCopy(input));
  const held = { last: [] as unknown[] };
  const batch = (size: number): number => {
    const copies = Array.from({ length: size }, fresh);
    const out = new Array<unknown>(size);
    (globalThis as { gc?: () => void }).gc?.(); // collect earlier batches' garbage outside the timing
    const c0 = process.cpuUsage();
    for (let i = 0; i < size; i++) out[i] = run(copies[i]!);
    const ms = cpuMs(process.cpuUsage(c0)) / size;
    held.last = out;
    return ms;
  };
  const first = Math.max(0.0001, batch(Math.min(cap, 20)));
  const warm = Math.max(0.0001, batch(Math.max(1, Math.min(cap, Math.round(batchMs / first)))));
  const size = Math.max(1, Math.min(cap, Math.round(batchMs / warm)));
  const xs: number[] = [];
  let spent = 0;
  while (xs.length < min || (spent < budgetMs && xs.length < 100)) {
    const ms = batch(size);
    xs.push(ms);
    spent += ms * size;
  }
  return { ms: +Math.min(...xs).toFixed(6), runs: xs.length * size };
}

interface Row {
  kind: 'case' | 'replay';
  name: string;
  messages: number;
  ms: number;
  runs: number;
  upstreamMs?: number;
  ratio?: number;
}

const rows: Row[] = [];
const only = args.only?.length ? new Set(args.only) : undefined;
for (const item of discover([DIR])) {
  if (only && !only.has(path.basename(item.name))) continue;
  if (item.kind === 'case') {
    const data = readJson(item.file) as { config: Config; messages: PyMsg[]; current_tokens?: number | null };
    // at most 2,000 copies (~100k messages) held at once: more spread a no-op's few objects over memory
    // the caches no longer hold, and the figure measured cache misses instead of the call
    const cap = Math.max(20, Math.min(2_000, Math.floor(100_000 / Math.max(1, data.messages.length))));
    const t = time(data.messages, (msgs) => ({ c: compressor(data.config), msgs }), (x) => compress(x.c, x.msgs, data.current_tokens ?? undefined), 300, 20, cap);
    rows.push({ kind: 'case', name: item.name, messages: data.messages.length, ...t });
  } else {
    const config = readJson(item.config) as Config;
    const trace = readTrace(item.trace) as PyMsg[][];
    const t = time(trace, (turns) => ({ c: compressor(config), turns }), (x) => runReplayLoop(x.c, x.turns, config.system_prompt_tokens ?? 0), 2_000, 50, 20, 3);
    rows.push({ kind: 'replay', name: item.name, messages: trace.length, ...t });
  }
}
for (const r of rows) {
  const up = upstream?.[path.basename(r.name)]?.ms;
  if (up !== undefined) Object.assign(r, { upstreamMs: +up.toFixed(4), ratio: +(up / r.ms).toFixed(2) });
}

const geomean = (xs: number[]): number => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / Math.max(1, xs.length));
const cases = rows.filter((r) => r.kind === 'case');
const compressGeomeanMs = +geomean(cases.map((r) => r.ms)).toFixed(4);
const ratios = cases.filter((r) => r.ratio !== undefined).map((r) => r.ratio!);
const vsUpstream = ratios.length
  ? { cases: ratios.length, minRatio: Math.min(...ratios), geomeanRatio: +geomean(ratios).toFixed(2), atLeast5x: ratios.filter((x) => x >= 5).length }
  : undefined;
if (args.json) {
  process.stdout.write(`${JSON.stringify({ inputs: DIR, node: process.version, compressGeomeanMs, ...(vsUpstream ? { vsUpstream } : {}), rows })}\n`);
} else {
  console.log(`Hermes port on ${DIR} (CPU ms per call, fastest batch, node ${process.version})`);
  console.table(rows.map((r) => ({
    kind: r.kind, name: r.name, 'messages (turns for a replay)': r.messages, 'cpu ms': r.ms, runs: r.runs,
    ...(r.upstreamMs !== undefined ? { 'upstream ms': r.upstreamMs, 'upstream/ours': r.ratio } : {}),
  })));
  console.log(`compress(): geometric mean ${compressGeomeanMs} ms over ${cases.length} cases`);
  if (vsUpstream) console.log(`vs upstream: ${vsUpstream.atLeast5x}/${vsUpstream.cases} cases >= 5x, min ${vsUpstream.minRatio}x, geometric mean ${vsUpstream.geomeanRatio}x`);
}
