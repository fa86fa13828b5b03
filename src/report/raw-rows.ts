/**
 * One run's rows of steps.csv and events.csv, as text. Why per run: formatting the default suite's ~220k
 * step rows (number-to-text conversions, mostly) was the largest serial part of a report, after the
 * simulation had used every thread. A run formatted where it was simulated (`keepRawRows`, called by
 * sim/parallel.ts when the command will write these files) moves that work into the parallel phase; the
 * writers in csv.ts take a run's kept rows, or format them then. Either way the bytes are the same: the
 * rows of a run depend on that run alone.
 *
 * The kept text lives in a WeakMap beside the run, not on it, so it never reaches a shard's runs.jsonl or
 * any other serialization of the records, and goes when the run goes.
 */
import type { RunKey, SessionRun } from '../sim/records.js';
import { EVENT_COLUMNS, KEY_COLUMNS, recordField } from './csv-columns.js';

export interface RawRows {
  /** the run's steps.csv rows, each ending in LF ('' when it has none) */
  steps: string;
  /** the run's events.csv rows */
  events: string;
}

const kept = new WeakMap<SessionRun, RawRows>();

/** Keeps `rows` as `run`'s formatted rows (made by formatRawRows for this run, here or on a worker). */
export function keepRawRows(run: SessionRun, rows: RawRows): void {
  kept.set(run, rows);
}

/** The rows kept for `run`, if any. */
export function keptRawRows(run: SessionRun): RawRows | undefined {
  return kept.get(run);
}

/** `run`'s rows: those kept for it, else formatted now. */
export function rawRowsOf(run: SessionRun): RawRows {
  return kept.get(run) ?? formatRawRows(run);
}

export function formatRawRows(run: SessionRun): RawRows {
  const cells = new Cells();
  return { steps: stepRows(run, cells), events: eventRows(run, cells) };
}

/**
 * `recordField` with the common types first: a number is its `String` (number text is never neutralized
 * nor quoted), a boolean its word; text goes through `recordField`, memoized because the text cells of
 * the rows (model, break cause, event kinds) take few distinct values. The run-key cells are formatted
 * once per key (every record of a run carries its run's key).
 */
class Cells {
  readonly #memo = new Map<string, string>();
  #key: RunKey | undefined;
  #keyText = '';

  field(v: unknown): string {
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v !== 'string') return recordField(v);
    let out = this.#memo.get(v);
    if (out === undefined) {
      if (this.#memo.size > 10_000) this.#memo.clear();
      out = recordField(v);
      this.#memo.set(v, out);
    }
    return out;
  }

  key(r: RunKey): string {
    const k = this.#key;
    if (!k || k.scenario !== r.scenario || k.seed !== r.seed || k.policy !== r.policy || k.policyLabel !== r.policyLabel || k.paramsHash !== r.paramsHash) {
      this.#key = r;
      this.#keyText = `${KEY_COLUMNS.map((c) => recordField(r[c])).join(',')},`;
    }
    return this.#keyText;
  }
}

/**
 * The step rows, by a typed row formatter (no per-cell generic formatting). Joined from an array, which
 * makes one flat string: a string built by `+=` stays a tree of its pieces until read, and a kept run's
 * rows would then hold millions of small nodes.
 */
function stepRows(run: SessionRun, c: Cells): string {
  const f = (v: unknown): string => c.field(v);
  const lines: string[] = [];
  for (const s of run.steps) {
    lines.push(`${c.key(s)}${f(s.step)},${f(s.userTurn)},${f(s.time)},${f(s.model)},${f(s.historyMessages)},${f(s.requestMessages)},${f(s.promptTokens)},`
      + `${f(s.cacheReadTokens)},${f(s.cacheWriteTokens)},${f(s.uncachedTokens)},${f(s.outputTokens)},${f(s.costUncached)},${f(s.costCacheWrite)},`
      + `${f(s.costCacheRead)},${f(s.costOutput)},${f(s.auxCalls)},${f(s.auxInputTokens)},${f(s.auxOutputTokens)},${f(s.auxCost)},${f(s.costTotal)},`
      + `${f(s.breakCause)},${f(s.overflow)},${f(s.events)},${f(s.utilization)},${f(s.needsUnmet)},${f(s.contextWindow)}\n`);
  }
  return lines.join('');
}

const EVENT_REST = EVENT_COLUMNS.slice(KEY_COLUMNS.length);

function eventRows(run: SessionRun, c: Cells): string {
  const lines: string[] = [];
  for (const e of run.events) {
    let line = c.key(e);
    for (let i = 0; i < EVENT_REST.length; i++) line += (i ? ',' : '') + c.field(e[EVENT_REST[i]!]);
    lines.push(`${line}\n`);
  }
  return lines.join('');
}
