/**
 * CSV serialization of the typed records: steps, events, sessions. Every row carries its run key.
 * Written by hand rather than through csv-stringify, which took seconds for the default suite's
 * steps.csv (~16 MB); the output is byte-identical to csv-stringify's defaults (test/report/csv-fast.test.ts):
 * a field is quoted only when it holds a comma, a double quote, CR or LF, with quotes doubled; rows end
 * in LF.
 */
import { ALL_METRIC_KEYS } from '../metrics/catalogue.js';
import type { SessionRow } from '../metrics/aggregate.js';
import type { EventRecord, RunKey, SessionRun, StepRecord } from '../sim/records.js';
import { cell } from './format.js';
import { safeText } from './csv-safe.js';

const KEY_COLUMNS = ['scenario', 'seed', 'policy', 'policyLabel', 'paramsHash'] as const;

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field. */
export function csvField(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A record cell: text from input is neutralized against spreadsheet formulas (csv-safe.ts), then quoted. */
const recordField = (v: unknown): string => csvField(safeText(cell(v as never)));

/** `rows` as CSV with a header line, one column per name in `columns` (formatted by `cell`). */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly string[]): string {
  const lines: string[] = [columns.map(csvField).join(',')];
  for (const r of rows) {
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      if (i) line += ',';
      line += recordField((r as Record<string, never>)[columns[i]!]);
    }
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

export const STEP_COLUMNS: readonly (keyof StepRecord)[] = [
  ...KEY_COLUMNS, 'step', 'userTurn', 'time', 'model', 'historyMessages', 'requestMessages', 'promptTokens',
  'cacheReadTokens', 'cacheWriteTokens', 'uncachedTokens', 'outputTokens', 'costUncached', 'costCacheWrite',
  'costCacheRead', 'costOutput', 'auxCalls', 'auxInputTokens', 'auxOutputTokens', 'auxCost', 'costTotal',
  'breakCause', 'overflow', 'events', 'utilization',
];

export const EVENT_COLUMNS: readonly (keyof EventRecord)[] = [
  ...KEY_COLUMNS, 'step', 'userTurn', 'phase', 'kind', 'note', 'messagesBefore', 'messagesAfter', 'tokensBefore',
  'tokensAfter', 'reclaimedTokens', 'earliestChangedIndex', 'changedFraction', 'rewriteTokens', 'breakEvenSteps',
  'auxCalls', 'noop', 'raised', 'detail',
];

/** Where CSV text goes: a string being built, or a file written in chunks (file-sink.ts). */
export interface TextSink {
  write(text: string): void;
}

/** Collects a sink's text into one string. */
export function toText(fill: (sink: TextSink) => void): string {
  const parts: string[] = [];
  fill({ write: (t) => parts.push(t) });
  return parts.join('');
}

/**
 * `recordField` with the common types first: a number is its `String` (number text is never neutralized
 * nor quoted), a boolean its word; text goes through `recordField`, memoized because the text cells of
 * the per-step rows (model, break cause, event kinds) take few distinct values.
 */
function fastField(v: unknown, memo: Map<string, string>): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v !== 'string') return recordField(v);
  let out = memo.get(v);
  if (out === undefined) {
    if (memo.size > 10_000) memo.clear();
    out = recordField(v);
    memo.set(v, out);
  }
  return out;
}

/** The run-key cells of a row, formatted once per run (every record of a run carries the same key). */
class KeyPrefix {
  #key: RunKey | undefined;
  #text = '';
  of(r: RunKey): string {
    const k = this.#key;
    if (!k || k.scenario !== r.scenario || k.seed !== r.seed || k.policy !== r.policy || k.policyLabel !== r.policyLabel || k.paramsHash !== r.paramsHash) {
      this.#key = r;
      this.#text = `${KEY_COLUMNS.map((c) => recordField(r[c])).join(',')},`;
    }
    return this.#text;
  }
}

/**
 * steps.csv, row by row into `sink`: the same bytes as `toCsv(steps, STEP_COLUMNS)`, written by a typed
 * row formatter (one line per record, no per-cell generic formatting or intermediate rows), since the
 * default suite's file has ~220k rows.
 */
export function writeStepsCsv(sink: TextSink, runs: readonly SessionRun[]): void {
  sink.write(`${STEP_COLUMNS.map(csvField).join(',')}\n`);
  const memo = new Map<string, string>();
  const key = new KeyPrefix();
  const f = (v: unknown): string => fastField(v, memo);
  for (const r of runs) {
    let chunk = '';
    for (const s of r.steps) {
      chunk += `${key.of(s)}${f(s.step)},${f(s.userTurn)},${f(s.time)},${f(s.model)},${f(s.historyMessages)},${f(s.requestMessages)},${f(s.promptTokens)},`
        + `${f(s.cacheReadTokens)},${f(s.cacheWriteTokens)},${f(s.uncachedTokens)},${f(s.outputTokens)},${f(s.costUncached)},${f(s.costCacheWrite)},`
        + `${f(s.costCacheRead)},${f(s.costOutput)},${f(s.auxCalls)},${f(s.auxInputTokens)},${f(s.auxOutputTokens)},${f(s.auxCost)},${f(s.costTotal)},`
        + `${f(s.breakCause)},${f(s.overflow)},${f(s.events)},${f(s.utilization)}\n`;
    }
    if (chunk) sink.write(chunk);
  }
}

/** events.csv into `sink`: the same bytes as `toCsv(events, EVENT_COLUMNS)`. */
export function writeEventsCsv(sink: TextSink, runs: readonly SessionRun[]): void {
  sink.write(`${EVENT_COLUMNS.map(csvField).join(',')}\n`);
  const memo = new Map<string, string>();
  const key = new KeyPrefix();
  const rest = EVENT_COLUMNS.slice(KEY_COLUMNS.length);
  for (const r of runs) {
    let chunk = '';
    for (const e of r.events) {
      let line = key.of(e);
      for (let i = 0; i < rest.length; i++) line += (i ? ',' : '') + fastField(e[rest[i]!], memo);
      chunk += `${line}\n`;
    }
    if (chunk) sink.write(chunk);
  }
}

export function stepsCsv(runs: readonly SessionRun[]): string {
  return toText((sink) => writeStepsCsv(sink, runs));
}

export function eventsCsv(runs: readonly SessionRun[]): string {
  return toText((sink) => writeEventsCsv(sink, runs));
}

/** One row per session: the run key, every metric, the policy's telemetry, and any failure. */
export function sessionsCsv(rows: readonly SessionRow[]): string {
  const telemetryKeys = [...new Set(rows.flatMap((r) => Object.keys(r.run.telemetry)))].sort();
  const columns = [...KEY_COLUMNS, ...ALL_METRIC_KEYS, ...telemetryKeys.map((k) => `telemetry.${k}`), 'failure'];
  const flat = rows.map((r) => ({
    ...r.run.key,
    ...r.metrics,
    ...Object.fromEntries(telemetryKeys.map((k) => [`telemetry.${k}`, r.run.telemetry[k]])),
    failure: r.run.failure ? `${r.run.failure.phase} at step ${r.run.failure.step}: ${r.run.failure.error}` : '',
  }));
  return toCsv(flat, columns);
}
