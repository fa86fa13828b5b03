/**
 * Merging shard outputs: checks the shards come from one plan (identical manifests apart from the
 * shard field), that shards 1..n are all present once, and that their cells are exactly the plan's,
 * then orders the records by cell index — the order an unsharded run produces them in.
 */
import type { SessionRun } from '../sim/records.js';
import { InputError } from './errors.js';
import { unsharded, type ReportManifest } from './manifest.js';
import { parseShard, shardIndices } from './shard.js';
import type { ShardData } from './shard-files.js';

function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
  }
  return path || '(top level)';
}

export function mergeShards(shards: readonly ShardData[]): { manifest: ReportManifest; runs: SessionRun[] } {
  if (shards.length === 0) throw new InputError('merge: no shard directories given');
  const first = shards[0]!;
  const manifest = unsharded(first.manifest);
  const parsed = shards.map((s) => ({ s, shard: parseShard(s.manifest.shard!) }));
  const count = parsed[0]!.shard.count;
  const seen = new Map<number, string>();
  for (const { s, shard } of parsed) {
    if (shard.count !== count) throw new InputError(`${s.dir}: shard ${s.manifest.shard} is out of ${shard.count}, but ${first.dir} is out of ${count}`);
    if (seen.has(shard.index)) throw new InputError(`${s.dir}: shard ${s.manifest.shard} is also in ${seen.get(shard.index)}`);
    seen.set(shard.index, s.dir);
    const diff = firstDifference(unsharded(s.manifest), manifest);
    if (diff) throw new InputError(`${s.dir}: its manifest differs from ${first.dir}'s at "${diff}"; shards must come from the same command and plan`);
    const want = shardIndices(manifest.cells, shard);
    const got = s.runs.map((r) => r.cell);
    if (JSON.stringify(got) !== JSON.stringify(want)) {
      throw new InputError(`${s.dir}: shard ${s.manifest.shard} should hold cells ${want[0] ?? '-'}..${want.at(-1) ?? '-'} (${want.length}); runs.jsonl has ${got.length} records (cells ${got[0] ?? '-'}..${got.at(-1) ?? '-'})`);
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length) throw new InputError(`merge: missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  const runs = shards.flatMap((s) => s.runs).sort((a, b) => a.cell - b.cell).map((r) => r.run);
  return { manifest, runs };
}
