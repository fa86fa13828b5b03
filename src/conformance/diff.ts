/**
 * The first difference between an expected and an actual JSON value, with its JSON path, for
 * conformance reports ("$.messages[5].content: expected "..." vs actual "...""). Objects must have the
 * same key set (a key present with `undefined` counts as absent, as in JSON); arrays the same length.
 */

const MAX_SHOWN = 160;

function show(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  if (s.length <= MAX_SHOWN) return s;
  return `${s.slice(0, MAX_SHOWN)}… (${s.length} chars)`;
}

/** For two long strings, show the window around their first differing character. */
function showStrings(e: string, a: string): string {
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  if (e.length <= MAX_SHOWN && a.length <= MAX_SHOWN) return `expected ${show(e)} vs actual ${show(a)}`;
  const from = Math.max(0, i - 40);
  const win = (s: string) => JSON.stringify(s.slice(from, i + 80));
  return `strings differ at char ${i} (lengths ${e.length} vs ${a.length}): expected …${win(e)}… vs actual …${win(a)}…`;
}

const keysOf = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Undefined when equal; otherwise "<path>: <what differs>". */
export function firstDifference(expected: unknown, actual: unknown, path = '$'): string | undefined {
  if (Object.is(expected, actual)) return undefined;
  if (typeof expected === 'string' && typeof actual === 'string') return `${path}: ${showStrings(expected, actual)}`;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.min(expected.length, actual.length); i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
    if (expected.length !== actual.length) return `${path}: expected ${expected.length} items vs actual ${actual.length}`;
    return undefined;
  }
  if (isObj(expected) && isObj(actual)) {
    const ek = keysOf(expected);
    const ak = new Set(keysOf(actual));
    for (const k of ek) {
      if (!ak.has(k)) return `${path}.${k}: expected ${show(expected[k])} vs actual (absent)`;
      const d = firstDifference(expected[k], actual[k], `${path}.${k}`);
      if (d) return d;
    }
    const extra = [...ak].filter((k) => !ek.includes(k));
    if (extra.length) return `${path}.${extra[0]}: expected (absent) vs actual ${show(actual[extra[0]!])}`;
    return undefined;
  }
  return `${path}: expected ${show(expected)} vs actual ${show(actual)}`;
}

/** Numbers equal up to a rounding tolerance (replay totals are rounded to 2 decimals). */
export function closeEnough(expected: unknown, actual: unknown, tolerance = 0.005 + 1e-9): boolean {
  return typeof expected === 'number' && typeof actual === 'number' && Math.abs(expected - actual) <= tolerance;
}
