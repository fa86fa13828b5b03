/**
 * CSV serialization of the typed records: steps, events, sessions. Every row carries its run key.
 * Written by hand rather than through csv-stringify, which took seconds for the default suite's
 * steps.csv (~16 MB); the output is byte-identical to csv-stringify's defaults (test/report/csv-fast.test.ts):
 * a field is quoted only when it holds a comma, a double quote, CR or LF, with quotes doubled; rows end
 * in LF.
 */
import { ALL_METRIC_KEYS } from '../metrics/catalogue.js';
import type { SessionRow } from '../metrics/aggregate.js';
import type { EventRecord, SessionRun, StepRecord } from '../sim/records.js';
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

export function stepsCsv(runs: readonly SessionRun[]): string {
  return toCsv(runs.flatMap((r) => r.steps), STEP_COLUMNS);
}

export function eventsCsv(runs: readonly SessionRun[]): string {
  return toCsv(runs.flatMap((r) => r.events), EVENT_COLUMNS);
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
