/**
 * The input surfaces of issue 13 for the fuzz suite: each takes one fuzzed input, feeds it to the code
 * the CLI runs for that input, and says whether it was accepted. A thrown error is judged by the
 * caller: an input error with a one-line message is clean; anything else is a crash. Accepted results
 * are checked by an oracle where one exists (a value that should not have passed is "silently wrong").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execOf, planSpecOf, type CommonOpts } from '../../src/cli/run-plan.js';
import { validateFile } from '../../src/cli/commands/validate.js';
import { parseDocument } from '../../src/core/input-text.js';
import { resolvePolicySpec } from '../../src/policies/registry.js';
import { parseGate } from '../../src/report/gate.js';
import { mergeShards } from '../../src/report/merge.js';
import { readShard, shardFiles } from '../../src/report/shard-files.js';
import { importTrace } from '../../src/workload/import/index.js';
import { FORMATS, type Format } from '../../src/workload/import/types.js';
import { loadScenario, loadSuite, parseScenario, parseSuite } from '../../src/workload/scenario.js';
import { tempDir } from '../cli/helpers.js';
import { fixtureRun } from '../report/helpers.js';
import { reportManifest } from '../../src/report/manifest.js';

/** 'accepted', or 'wrong: <why>' when an oracle says the input should not have been accepted */
export type Outcome = 'accepted' | `wrong: ${string}`;

export interface Surface {
  name: string;
  /** how a fuzzed case is built: 'json' documents, 'text' raw text, 'flag' short strings */
  input: 'json' | 'text' | 'flag';
  run(input: string): Outcome | Promise<Outcome>;
}

const dir = tempDir('cb-fuzz-');
let n = 0;
const file = (name: string, text: string): string => {
  const d = join(dir, String(n++));
  mkdirSync(d);
  const f = join(d, name);
  writeFileSync(f, text);
  return f;
};

const opts = (o: Partial<CommonOpts>): CommonOpts => ({ out: 'x', ...o });
const flag = (name: string, min: number, max: number, run: (raw: string) => number | undefined): Surface => ({
  name: `flag ${name}`,
  input: 'flag',
  run: (raw) => {
    const v = run(raw);
    if (!/^\d+$/.test(raw) || v !== Number(raw) || v < min || v > max) return `wrong: ${JSON.stringify(raw)} accepted as ${v}`;
    return 'accepted';
  },
});

/** A shard directory of a small real run, to corrupt. */
function shardFixture(): { manifest: string; runs: string } {
  const { runs, manifest } = fixtureRun({ seeds: 1, scenarios: [{ name: 'a' }] }, { kind: 'run' });
  const m = { ...reportManifest({ scenarios: [], policies: [], seeds: [] }, 0, { kind: 'run' }), ...manifest, shard: '1/1' };
  const files = shardFiles(runs.map((run, cell) => ({ cell, run })), m as never);
  return { manifest: files['manifest.json']!, runs: files['runs.jsonl']! };
}
let shard: { manifest: string; runs: string } | undefined;

export const SURFACES: Surface[] = [
  { name: 'scenario JSON', input: 'json', run: (t) => (loadScenario(file('s.json', t)), 'accepted') },
  { name: 'scenario object', input: 'json', run: (t) => (parseScenario(parseDocument(t), 's'), 'accepted') },
  { name: 'suite JSON', input: 'json', run: (t) => (loadSuite(file('x.suite.json', t)), 'accepted') },
  { name: 'suite object', input: 'json', run: (t) => (parseSuite(parseDocument(t), 's'), 'accepted') },
  { name: 'gate JSON', input: 'json', run: (t) => (parseGate(parseDocument(t), 'g'), 'accepted') },
  { name: 'gate YAML', input: 'text', run: (t) => (validateFile(file('g.yaml', `limits:\n${t}`)), 'accepted') },
  { name: 'validate file', input: 'json', run: (t) => (validateFile(file('v.json', t)), 'accepted') },
  ...(['auto', ...FORMATS] as const).map((format): Surface => ({
    name: `trace ${format}`,
    input: 'text',
    run: async (t) => {
      const tr = await importTrace(file(format === 'openai' || format === 'auto' ? 't.jsonl' : 't.json', t), { format: format as Format | 'auto' });
      return tr.messages.some((m) => m.role === 'assistant') ? 'accepted' : 'wrong: a transcript without an assistant message';
    },
  })),
  {
    name: 'policy params',
    input: 'flag',
    run: (raw) => {
      const p = resolvePolicySpec(`hermes:${raw}`);
      const keys = raw.split(',').filter((x) => x.trim()).map((x) => x.slice(0, x.indexOf('=')).trim());
      for (const k of keys) if (!Object.hasOwn(p.params, k)) return `wrong: parameter ${JSON.stringify(k)} ignored`;
      return 'accepted';
    },
  },
  flag('--seeds', 1, 10_000, (raw) => planSpecOf(opts({ seeds: raw })).seeds),
  flag('--max-steps', 1, 100_000, (raw) => planSpecOf(opts({ maxSteps: raw })).maxSteps),
  flag('--workers', 1, 256, (raw) => execOf(opts({ workers: raw })).workers),
  {
    name: 'flag --shard',
    input: 'flag',
    run: (raw) => {
      const s = execOf(opts({ shard: raw })).shard!;
      return raw === `${s.index}/${s.count}` || /^\d+\/\d+$/.test(raw) ? 'accepted' : `wrong: ${JSON.stringify(raw)} accepted`;
    },
  },
  {
    name: 'merge shard',
    input: 'text',
    run: (t) => {
      shard ??= shardFixture();
      // the fuzzed text replaces a random slice of runs.jsonl or the manifest (t's length picks where)
      const target = t.length % 2 === 0 ? 'runs' : 'manifest';
      const orig = shard[target];
      const at = (t.charCodeAt(0) || 0) % orig.length;
      const corrupt = orig.slice(0, at) + t + orig.slice(at + Math.min(t.length, 8));
      const d = join(dir, String(n++));
      mkdirSync(d);
      writeFileSync(join(d, 'manifest.json'), target === 'manifest' ? corrupt : shard.manifest);
      writeFileSync(join(d, 'runs.jsonl'), target === 'runs' ? corrupt : shard.runs);
      mergeShards([readShard(d)]);
      const same = readFileSync(join(d, 'runs.jsonl'), 'utf8') === shard.runs;
      const sameManifest = JSON.stringify(JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'))) === JSON.stringify(JSON.parse(shard.manifest));
      return same && sameManifest ? 'accepted' : 'wrong: a changed shard was merged';
    },
  },
];
