import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeShards } from '../../src/report/merge.js';
import { reportManifest } from '../../src/report/manifest.js';
import { readShard, writeShard } from '../../src/report/shard-files.js';
import { shardIndices } from '../../src/report/shard.js';
import { writeReport } from '../../src/report/write-report.js';
import { parseGate } from '../../src/report/gate.js';
import { COMPARE_POLICIES, fixtureRun, readTree, tempDir } from './helpers.js';

const spec = { kind: 'compare' as const, baseline: COMPARE_POLICIES[0]!, candidate: COMPARE_POLICIES[1]!, gate: parseGate({ limits: [{ metric: 'costTotal', maxRisePct: 2 }] }), gateFile: 'g.json' };

/** Writes `n` shard directories of the fixture compare run, as `--shard i/n` would. */
function shards(n: number) {
  const { plan, cells, runs, manifest } = fixtureRun({ policies: COMPARE_POLICIES }, spec);
  const root = tempDir();
  const dirs = Array.from({ length: n }, (_, k) => {
    const dir = join(root, `shard-${k + 1}`);
    const idx = shardIndices(cells.length, { index: k + 1, count: n });
    writeShard(dir, idx.map((i) => ({ cell: i, run: runs[i]! })), reportManifest(plan, cells.length, spec, `${k + 1}/${n}`));
    return dir;
  });
  return { runs, manifest, dirs };
}

describe('merge', () => {
  it('rebuilds the unsharded report byte for byte (CSVs, Markdown, JSON, SVG, PNG, HTML)', async () => {
    const { runs, manifest, dirs } = shards(3);
    const whole = tempDir();
    const merged = tempDir();
    const a = await writeReport(whole, runs, manifest);
    const m = mergeShards([dirs[2]!, dirs[0]!, dirs[1]!].map(readShard));
    const b = await writeReport(merged, m.runs, m.manifest);
    expect(b.exitCode).toBe(a.exitCode);
    const ta = readTree(whole);
    const tb = readTree(merged);
    expect([...tb.keys()]).toEqual([...ta.keys()]);
    expect([...ta.keys()].filter((f) => /\.(png|svg|csv|html|md)$/.test(f)).length).toBeGreaterThan(20);
    for (const [f, bytes] of ta) expect(tb.get(f)!.equals(bytes), f).toBe(true);
  });

  it('rejects a missing or repeated shard, shards of different runs, and a tampered runs.jsonl', () => {
    const { dirs } = shards(3);
    expect(() => mergeShards([dirs[0]!, dirs[2]!].map(readShard))).toThrow(/missing shard 2\/3/);
    expect(() => mergeShards([dirs[0]!, dirs[0]!, dirs[1]!].map(readShard))).toThrow(/shard 1\/3 is also in/);
    const other = shards(2).dirs;
    expect(() => mergeShards([dirs[0]!, other[1]!].map(readShard))).toThrow(/is out of 2, but .* is out of 3/);
    const s = readShard(dirs[1]!);
    const odd = { ...s, manifest: { ...s.manifest, seeds: [9] } };
    expect(() => mergeShards([readShard(dirs[0]!), odd, readShard(dirs[2]!)])).toThrow(/manifest differs from .* at "seeds"/);
    expect(() => mergeShards([readShard(dirs[0]!), { ...s, runs: s.runs.slice(1) }, readShard(dirs[2]!)])).toThrow(/should hold cells/);
  });

  it('names a directory that is not a shard output', () => {
    const d = tempDir();
    expect(() => readShard(d)).toThrow(/no manifest\.json/);
    mkdirSync(join(d, 'x'));
    writeFileSync(join(d, 'x', 'manifest.json'), '{"tool":"compactbench","report":{"kind":"run"}}');
    expect(() => readShard(join(d, 'x'))).toThrow(/no "shard" field/);
  });
});
