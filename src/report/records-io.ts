/**
 * The raw per-session records as JSON Lines (`runs.jsonl`): one `{cell, run}` object per line, where
 * `cell` is the index in the plan's canonical cell order. A shard writes this file so `merge` can
 * rebuild every output byte-identically without re-running anything.
 *
 * JSON has no NaN or ±Infinity, and a record may hold them (e.g. a ratio over zero events), so
 * non-finite numbers are written as `{"$num":"NaN"}` and restored on reading: the round trip is exact.
 */
import { describeJsonError, MAX_INPUT_DEPTH, nestingDepth } from '../core/input-text.js';
import type { SessionRun } from '../sim/records.js';
import { IndexedRunSchema } from './run-record-schema.js';

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
      throw new Error(`${source}:${i + 1}: not valid JSON (${describeJsonError(e, line)})`);
    }
    if (nestingDepth(obj) > MAX_INPUT_DEPTH) throw new Error(`${source}:${i + 1}: nested deeper than ${MAX_INPUT_DEPTH} levels`);
    const r = IndexedRunSchema.safeParse(obj);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      const where = issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');
      throw new Error(`${source}:${i + 1}: not a session record: ${where || '(line)'}: ${issue.message}`);
    }
    out.push(obj as IndexedRun);
  });
  return out;
}
