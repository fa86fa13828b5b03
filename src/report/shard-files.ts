/**
 * A shard's output directory: manifest.json (the full plan's manifest plus `shard: "i/n"`) and
 * runs.jsonl (the raw session records of its cells, with their cell indices). That is everything
 * `merge` needs to rebuild the unsharded report byte for byte; a shard writes no partial tables.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSafe } from './format.js';
import { InputError } from './errors.js';
import type { ReportManifest } from './manifest.js';
import { parseRunsJsonl, runsJsonl, type IndexedRun } from './records-io.js';

export const RUNS_FILE = 'runs.jsonl';

export function writeShard(dir: string, runs: readonly IndexedRun[], manifest: ReportManifest): string[] {
  mkdirSync(dir, { recursive: true });
  const files = { 'manifest.json': `${JSON.stringify(manifest, jsonSafe, 2)}\n`, [RUNS_FILE]: runsJsonl(runs) };
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return Object.keys(files).map((f) => join(dir, f));
}

export interface ShardData {
  dir: string;
  manifest: ReportManifest;
  runs: IndexedRun[];
}

function readText(dir: string, file: string): string {
  try {
    return readFileSync(join(dir, file), 'utf8');
  } catch {
    throw new InputError(`${dir}: no ${file} (is it the --out directory of a run with --shard?)`);
  }
}

export function readShard(dir: string): ShardData {
  let manifest: ReportManifest;
  try {
    manifest = JSON.parse(readText(dir, 'manifest.json')) as ReportManifest;
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${dir}/manifest.json: not valid JSON (${(e as Error).message})`);
  }
  if (!manifest.shard) throw new InputError(`${dir}: its manifest has no "shard" field; merge takes the outputs of runs made with --shard i/n`);
  if (!manifest.report) throw new InputError(`${dir}: its manifest has no "report" field (written by an older compactbench?)`);
  let runs: IndexedRun[];
  try {
    runs = parseRunsJsonl(readText(dir, RUNS_FILE), join(dir, RUNS_FILE));
  } catch (e) {
    throw e instanceof InputError ? e : new InputError((e as Error).message);
  }
  return { dir, manifest, runs };
}
