/**
 * A run's step records in columns, for the trip from a worker thread back to the main one. Why: posted
 * as objects, the ~110k step records a default suite's worker sends back were ~1 s of deserializing on
 * the main thread (which simulates too), and then millions of young objects and strings (every record
 * repeats its run key, model and event kinds) that the main thread's collector copied again and again:
 * its garbage collection took three times the worker's. As columns — one Float64Array per numeric field,
 * small dictionaries for the text ones — the records cross as a few buffers, moved rather than copied.
 *
 * On the main thread the records are rebuilt only when something reads `run.steps` (`unpackSteps`
 * installs a getter that builds them once). A report reads them for few runs: the per-run figures it
 * needs (CSV rows, session metrics) were computed on the worker (the report's digester, sim/run-digester.ts).
 *
 * Rebuilt records equal the originals, field for field and in the same field order (the order of the
 * first record's keys; every record of a run is made by one object literal, sim/step-record.ts).
 */
import type { SessionRun, StepRecord } from './records.js';

type Value = string | number | boolean | null;

/** One field's values: numbers (null where `nulls` says), or indices into a list of distinct values. */
type Column =
  | { kind: 'number'; values: Float64Array; nulls: Uint8Array | null }
  | { kind: 'dict'; distinct: Value[]; at: Uint32Array };

export interface PackedSteps {
  count: number;
  fields: string[];
  columns: Column[];
}

/** The step records as columns, or null when a field holds something else than a number, text, boolean or null. */
export function packSteps(steps: readonly StepRecord[]): PackedSteps | null {
  const count = steps.length;
  if (count === 0) return { count, fields: [], columns: [] };
  const rows = steps as unknown as readonly Record<string, unknown>[];
  const fields = Object.keys(rows[0]!);
  const columns: Column[] = [];
  for (const f of fields) {
    const col = packColumn(rows, f);
    if (!col) return null;
    columns.push(col);
  }
  // a record with other fields than the first would lose them
  for (const r of rows) if (Object.keys(r).length !== fields.length) return null;
  return { count, fields, columns };
}

function packColumn(rows: readonly Record<string, unknown>[], f: string): Column | null {
  const first = rows.find((r) => r[f] !== null)?.[f];
  if (typeof first === 'number' || first === undefined) {
    const values = new Float64Array(rows.length);
    let nulls: Uint8Array | null = null;
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i]![f];
      if (typeof v === 'number') values[i] = v;
      else if (v === null) (nulls ??= new Uint8Array(rows.length))[i] = 1;
      else return packDict(rows, f);
    }
    return { kind: 'number', values, nulls };
  }
  return packDict(rows, f);
}

function packDict(rows: readonly Record<string, unknown>[], f: string): Column | null {
  const index = new Map<Value, number>();
  const distinct: Value[] = [];
  const at = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = rows[i]![f];
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return null;
    let k = index.get(v);
    if (k === undefined) {
      k = distinct.length;
      distinct.push(v);
      index.set(v, k);
    }
    at[i] = k;
  }
  return { kind: 'dict', distinct, at };
}

/** The buffers to transfer (move) with a message carrying `p`. */
export function transferList(p: PackedSteps): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const c of p.columns) {
    if (c.kind === 'number') {
      out.push(c.values.buffer as ArrayBuffer);
      if (c.nulls) out.push(c.nulls.buffer as ArrayBuffer);
    } else out.push(c.at.buffer as ArrayBuffer);
  }
  return out;
}

/** The records, rebuilt. */
export function unpack(p: PackedSteps): StepRecord[] {
  const out: StepRecord[] = new Array(p.count);
  const { fields, columns } = p;
  for (let i = 0; i < p.count; i++) {
    const r: Record<string, Value> = {};
    for (let j = 0; j < fields.length; j++) {
      const c = columns[j]!;
      r[fields[j]!] = c.kind === 'number' ? (c.nulls?.[i] ? null : c.values[i]!) : c.distinct[c.at[i]!]!;
    }
    out[i] = r as unknown as StepRecord;
  }
  return out;
}

/**
 * Gives `run` its steps from `p`, rebuilt when first read. `run.steps` keeps its place among the run's
 * fields (a getter replaces the placeholder array), so a serialized run is unchanged.
 */
export function unpackSteps(run: SessionRun, p: PackedSteps): void {
  let steps: StepRecord[] | undefined;
  Object.defineProperty(run, 'steps', {
    enumerable: true,
    configurable: true,
    get: () => (steps ??= unpack(p)),
    set: (v: StepRecord[]) => {
      steps = v;
    },
  });
}
