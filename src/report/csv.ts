/**
 * CSV serialization of the typed records: steps, events, sessions. Every row carries its run key.
 * Written by hand rather than through csv-stringify, which took seconds for the default suite's
 * steps.csv (~16 MB); the output is byte-identical to csv-stringify's defaults (test/report/csv-fast.test.ts):
 * a field is quoted only when it holds a comma, a double quote, CR or LF, with quotes doubled; rows end
 * in LF.
 */
import { ALL_METRIC_KEYS } from '../metrics/catalogue.js';
import type { SessionRow } from '../metrics/aggregate.js';
import type { SessionRun } from '../sim/records.js';
import { csvField, EVENT_COLUMNS, KEY_COLUMNS, recordField, STEP_COLUMNS } from './csv-columns.js';
import { rawRowsOf } from './raw-rows.js';

export { csvField, EVENT_COLUMNS, KEY_COLUMNS, recordField, STEP_COLUMNS };

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
 * steps.csv, run by run into `sink`: the same bytes as `toCsv(steps, STEP_COLUMNS)`. Each run's rows come
 * from raw-rows.ts, formatted where the run was simulated when that was asked for (a worker thread, in
 * parallel with the others), else here.
 */
export function writeStepsCsv(sink: TextSink, runs: readonly SessionRun[]): void {
  sink.write(`${STEP_COLUMNS.map(csvField).join(',')}\n`);
  for (const r of runs) {
    const rows = rawRowsOf(r).steps;
    if (rows) sink.write(rows);
  }
}

/** events.csv into `sink`: the same bytes as `toCsv(events, EVENT_COLUMNS)`. */
export function writeEventsCsv(sink: TextSink, runs: readonly SessionRun[]): void {
  sink.write(`${EVENT_COLUMNS.map(csvField).join(',')}\n`);
  for (const r of runs) {
    const rows = rawRowsOf(r).events;
    if (rows) sink.write(rows);
  }
}

export function stepsCsv(runs: readonly SessionRun[]): string {
  return toText((sink) => writeStepsCsv(sink, runs));
}

export function eventsCsv(runs: readonly SessionRun[]): string {
  return toText((sink) => writeEventsCsv(sink, runs));
}

/**
 * One row per session: the run key, every metric, the policy's telemetry, and any failure. The same bytes
 * as `toCsv` over flattened rows, written cell by cell: a flattened row was an object of ~90 keys per
 * session, built by spreads (dictionary-mode objects, ~0.4 s for the default suite).
 */
export function sessionsCsv(rows: readonly SessionRow[]): string {
  const telemetryKeys = [...new Set(rows.flatMap((r) => Object.keys(r.run.telemetry)))].sort();
  const columns = [...KEY_COLUMNS, ...ALL_METRIC_KEYS, ...telemetryKeys.map((k) => `telemetry.${k}`), 'failure'];
  const lines: string[] = [columns.map(csvField).join(',')];
  for (const r of rows) {
    const cells: string[] = [];
    const { key, telemetry, failure } = r.run;
    for (const c of KEY_COLUMNS) cells.push(sessionField(key[c]));
    for (const m of ALL_METRIC_KEYS) cells.push(sessionField(r.metrics[m]));
    for (const t of telemetryKeys) cells.push(sessionField(telemetry[t]));
    cells.push(sessionField(failure ? `${failure.phase} at step ${failure.step}: ${failure.error}` : ''));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** `recordField`, with numbers first: their text is never neutralized nor quoted. */
function sessionField(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return recordField(v);
}
