/**
 * A shard's output directory: manifest.json (the full plan's manifest plus `shard: "i/n"`) and
 * runs.jsonl (the raw session records of its cells, with their cell indices). That is everything
 * `merge` needs to rebuild the unsharded report byte for byte; a shard writes no partial tables.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../core/input-file.js';
import { z } from 'zod';
import { parseDocument } from '../core/input-text.js';
import { join } from 'node:path';
import { jsonSafe } from './format.js';
import { InputError } from './errors.js';
import type { ReportManifest } from './manifest.js';
import { parseRunsJsonl, runsJsonl, type IndexedRun } from './records-io.js';

export const RUNS_FILE = 'runs.jsonl';

export const digestOf = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The digest of a manifest's own content (everything but `digests`), as JSON. */
function manifestDigest(m: ReportManifest): string {
  const { digests: _d, ...rest } = m;
  return digestOf(JSON.stringify(rest, jsonSafe));
}

/** A shard's files by name: runs.jsonl, and the manifest carrying its digest. */
export function shardFiles(runs: readonly IndexedRun[], manifest: ReportManifest): Record<string, string> {
  const jsonl = runsJsonl(runs);
  const withDigest: ReportManifest = { ...manifest, digests: { [RUNS_FILE]: digestOf(jsonl), 'manifest.json': manifestDigest(manifest) } };
  return { 'manifest.json': `${JSON.stringify(withDigest, jsonSafe, 2)}\n`, [RUNS_FILE]: jsonl };
}

export function writeShard(dir: string, runs: readonly IndexedRun[], manifest: ReportManifest): string[] {
  mkdirSync(dir, { recursive: true });
  const files = shardFiles(runs, manifest);
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return Object.keys(files).map((f) => join(dir, f));
}

/** What merge needs of a shard manifest before it compares manifests field by field. */
const ShardManifestSchema = z
  .object({
    shard: z.string({ error: 'no "shard" field; merge takes the outputs of runs made with --shard i/n' }),
    tool: z.literal('compactbench'),
    report: z.object({ kind: z.enum(['run', 'report', 'sweep', 'compare']) }, { error: 'no "report" field (written by an older compactbench?)' }).loose(),
    digests: z.object({ [RUNS_FILE]: z.string().regex(/^sha256:[0-9a-f]{64}$/), 'manifest.json': z.string().regex(/^sha256:[0-9a-f]{64}$/) }, { error: `no "digests" field with the SHA-256 of ${RUNS_FILE} (written by an older compactbench?)` }).loose(),
    version: z.string(),
    seeds: z.array(z.number().int()),
    scenarios: z.array(z.object({ name: z.string(), hash: z.string(), seeds: z.array(z.number().int()) }).loose()),
    policies: z.array(z.object({ id: z.string(), label: z.string(), paramsHash: z.string() }).loose()),
    cells: z.number().int().min(0),
  })
  .loose();

export interface ShardData {
  dir: string;
  manifest: ReportManifest;
  runs: IndexedRun[];
}

function readText(dir: string, file: string): string {
  try {
    checkInputFile(join(dir, file), 'shard file');
    return readFileSync(join(dir, file), 'utf8');
  } catch (e) {
    if (e instanceof InputFileError && !/ENOENT/.test(e.message)) throw new InputError(e.message);
    throw new InputError(`${dir}: no ${file} (is it the --out directory of a run with --shard?)`);
  }
}

/**
 * Reads and checks one shard: the manifest's shape, the digest of runs.jsonl (so a file changed or cut
 * after the run is refused, not merged), and every record against the session-record schema.
 */
export function readShard(dir: string): ShardData {
  let doc: unknown;
  try {
    doc = parseDocument(readText(dir, 'manifest.json'));
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${dir}/manifest.json: ${(e as Error).message}`);
  }
  const m = ShardManifestSchema.safeParse(doc);
  if (!m.success) {
    const issue = m.error.issues[0]!;
    const where = issue.path.map(String).join('.') || '(top level)';
    throw new InputError(`${dir}: its manifest.json is not a shard manifest: ${where}: ${issue.message}`);
  }
  // the document itself, not m.data: merge compares and re-writes the manifest as the run wrote it
  const manifest = doc as ReportManifest;
  if (manifestDigest(manifest) !== manifest.digests!['manifest.json']) {
    throw new InputError(`${join(dir, 'manifest.json')}: its content does not match its own digest (the file was edited after the run); re-run this shard`);
  }
  const text = readText(dir, RUNS_FILE);
  if (digestOf(text) !== manifest.digests![RUNS_FILE]) {
    throw new InputError(`${join(dir, RUNS_FILE)}: its SHA-256 does not match the digest in manifest.json (the file was changed or cut after the run); re-run this shard`);
  }
  let runs: IndexedRun[];
  try {
    runs = parseRunsJsonl(text, join(dir, RUNS_FILE));
  } catch (e) {
    throw e instanceof InputError ? e : new InputError((e as Error).message);
  }
  return { dir, manifest, runs };
}
