/**
 * The raw per-session records as JSON Lines (`runs.jsonl`): one `{cell, run}` object per line, where
 * `cell` is the index in the plan's canonical cell order. A shard writes this file so `merge` can
 * rebuild every output byte-identically without re-running anything.
 *
 * JSON has no NaN or ±Infinity, and a record may hold them (e.g. a ratio over zero events), so
 * non-finite numbers are written as `{"$num":"NaN"}` and restored on reading: the round trip is exact.
 */
import type { SessionRun } from '../sim/records.js';

export interface IndexedRun {
  cell: number;
  run: SessionRun;
}

const TAG = '$num';

function replacer(_k: string, v: unknown): unknown {
  return typeof v === 'number' && !Number.isFinite(v) ? { [TAG]: String(v) } : v;
}

function reviver(_k: string, v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === TAG && typeof o[TAG] === 'string') return Number(o[TAG]);
  }
  return v;
}

export function runsJsonl(runs: readonly IndexedRun[]): string {
  return runs.map((r) => `${JSON.stringify({ cell: r.cell, run: r.run }, replacer)}\n`).join('');
}

/** Parses `runs.jsonl`; `source` names the file in error messages. */
export function parseRunsJsonl(text: string, source: string): IndexedRun[] {
  const out: IndexedRun[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let obj: unknown;
    try {
      obj = JSON.parse(line, reviver);
    } catch (e) {
      throw new Error(`${source}:${i + 1}: not valid JSON (${(e as Error).message})`);
    }
    const o = obj as Partial<IndexedRun>;
    if (!o || !Number.isInteger(o.cell) || !o.run || typeof o.run !== 'object' || !Array.isArray(o.run.steps)) {
      throw new Error(`${source}:${i + 1}: expected {"cell": <integer>, "run": <session record>}`);
    }
    out.push({ cell: o.cell!, run: o.run });
  });
  return out;
}
