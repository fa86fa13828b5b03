/**
 * The cells and columns of the record CSVs (steps, events, sessions): how one field is written, and which
 * columns each file has. Shared by csv.ts (whole files) and raw-rows.ts (one run's rows).
 */
import type { EventRecord, StepRecord } from '../sim/records.js';
import { cell } from './format.js';
import { safeText } from './csv-safe.js';

export const KEY_COLUMNS = ['scenario', 'seed', 'policy', 'policyLabel', 'paramsHash'] as const;

const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field. */
export function csvField(s: string): string {
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A record cell: text from input is neutralized against spreadsheet formulas (csv-safe.ts), then quoted. */
export const recordField = (v: unknown): string => csvField(safeText(cell(v as never)));

export const STEP_COLUMNS: readonly (keyof StepRecord)[] = [
  ...KEY_COLUMNS, 'step', 'userTurn', 'time', 'model', 'historyMessages', 'requestMessages', 'promptTokens',
  'cacheReadTokens', 'cacheWriteTokens', 'uncachedTokens', 'outputTokens', 'costUncached', 'costCacheWrite',
  'costCacheRead', 'costOutput', 'auxCalls', 'auxInputTokens', 'auxOutputTokens', 'auxCost', 'costTotal',
  'breakCause', 'overflow', 'events', 'utilization', 'needsUnmet', 'contextWindow',
];

export const EVENT_COLUMNS: readonly (keyof EventRecord)[] = [
  ...KEY_COLUMNS, 'step', 'userTurn', 'phase', 'kind', 'note', 'messagesBefore', 'messagesAfter', 'tokensBefore',
  'tokensAfter', 'reclaimedTokens', 'earliestChangedIndex', 'changedFraction', 'rewriteTokens', 'breakEvenSteps',
  'auxCalls', 'noop', 'raised', 'detail', 'needsBroken',
];

