/**
 * Fast paths for pyjson.ts through the engine's own JSON.parse / JSON.stringify, taken only where they
 * give exactly what Python's `json` module gives.
 *
 * Why: parsing tool-call arguments the Python way (the prune pass's one-line summaries and argument
 * truncation) and re-serialising them were about a fifth of a fresh compress() (case-047), in a parser
 * written in JavaScript where CPython's is in C.
 *
 * When JSON.parse's value is Python's:
 * - JSON.parse accepts a subset of what `json.loads` accepts (not NaN / Infinity, which Python takes),
 *   so anything it rejects goes to the full parser, which gives Python's value or error;
 * - strings, escapes (lone surrogates included), true/false/null and duplicate keys (last value, first
 *   position) decode the same;
 * - numbers do not: Python keeps `1.0` a float and big ints exact, and JSON.parse keeps neither, so a
 *   value holding a number goes to the full parser (6% of the conformance data's arguments);
 * - objects become Maps in key order, except that JS lists integer-like keys ("0", "12") first: an object
 *   with such a key goes to the full parser.
 * JSON.stringify writes a string as `json.dumps(ensure_ascii=False)` does (the same short escapes, other
 * controls as lowercase `\u00XX`, the rest as is) unless it holds a lone surrogate, which it escapes and
 * Python does not.
 */
import { hasSurrogates } from './pystr.js';

/** What `fromNative` and `loadsNative` return when the full parser must decide. */
export const NOT_NATIVE: unique symbol = Symbol('not native');

const INTEGER_LIKE = /^(?:0|[1-9][0-9]*)$/;

/** JSON.parse's value in pyjson's representation (Maps for objects), or NOT_NATIVE (see above). */
function fromNative(v: unknown): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return NOT_NATIVE;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = fromNative(v[i]);
      if (x === NOT_NATIVE) return NOT_NATIVE;
      v[i] = x;
    }
    return v;
  }
  const out = new Map<string, unknown>();
  for (const k of Object.keys(v as object)) {
    if (INTEGER_LIKE.test(k)) return NOT_NATIVE;
    const x = fromNative((v as Record<string, unknown>)[k]);
    if (x === NOT_NATIVE) return NOT_NATIVE;
    out.set(k, x);
  }
  return out;
}

/** `json.loads(s)` by JSON.parse where that is exact, else NOT_NATIVE. */
export function loadsNative(s: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(s);
  } catch {
    return NOT_NATIVE;
  }
  return fromNative(v);
}

/** `json.dumps(s, ensure_ascii=False)` of a str by JSON.stringify where that is exact, else undefined. */
export function dumpStrNative(s: string): string | undefined {
  return hasSurrogates(s) ? undefined : JSON.stringify(s);
}
