/**
 * CSV serialization that is safe to open in a spreadsheet. A cell starting with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is read as a formula by Excel, LibreOffice and Google Sheets, and many cells
 * come from input (scenario names, policy ids and labels from modules, trace file names, error text):
 * `=HYPERLINK(...)` in a policy id must stay text. Such strings get a leading apostrophe (OWASP's
 * advice); numbers are written as numbers, so a negative number stays a number.
 */
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;
/** number text (the writers format numbers before they get here): `-0.25`, `-1e-7` stay numbers */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A text cell neutralized against formula injection. */
export function safeText(s: string): string {
  return FORMULA_START.test(s) && !NUMBER_TEXT.test(s) ? `'${s}` : s;
}

/** csv-stringify's `stringify` over rows whose string cells are neutralized. */
export function stringifySafe(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows.map((r) => r.map((c) => (typeof c === 'string' ? safeText(c) : c))));
}
