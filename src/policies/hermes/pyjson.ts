/**
 * Python's `json.loads` and `json.dumps(..., ensure_ascii=False)` as Hermes uses them.
 *
 * Why not JSON.parse/stringify: upstream re-serialises truncated tool-call arguments with
 * `json.dumps(ensure_ascii=False)` (separators `", "` and `": "`, floats like `1.0` kept, big ints
 * exact, `NaN`/`Infinity` accepted) and measures reasoning fields with `json.dumps(sort_keys=True)`
 * (agent/context_compressor.py `_truncate_tool_call_args_json`, `_serialized_length_for_budget`
 * @ 8fa8aabb). Objects parse to `Map`s so key order and duplicate-key behaviour match Python dicts.
 */
import { dumpStrNative, loadsNative, NOT_NATIVE } from './pyjson-native.js';
import { PyFloat, PyInt, floatRepr } from './pyrepr.js';

export class PyJsonError extends Error {}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
/** What ends a run of plain string characters: the closing quote, an escape or a control character. */
const STRING_SPECIAL = /["\\\x00-\x1f]/g;
const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Parser {
  i = 0;
  constructor(readonly s: string) {}

  fail(msg: string): never {
    throw new PyJsonError(`${msg} at char ${this.i}`);
  }
  skipWs(): void {
    const s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
    this.i = i;
  }
  value(): unknown {
    this.skipWs();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    for (const [lit, val] of LITERALS) {
      if (this.s.startsWith(lit, this.i)) {
        this.i += lit.length;
        return val;
      }
    }
    return this.number();
  }
  number(): unknown {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m) this.fail('Expecting value');
    this.i += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return new PyFloat(Number(m[0]));
    return new PyInt(BigInt(m[0]).toString());
  }
  /**
   * A string literal; runs without escapes are copied as slices (this is most of a parse), and a
   * regex scan finds the end of each run (the quote, a backslash or a control character) instead of
   * a loop over its characters.
   */
  string(): string {
    const s = this.s;
    let i = this.i + 1; // after the opening quote
    let run = i;
    let out = '';
    for (;;) {
      STRING_SPECIAL.lastIndex = i;
      i = STRING_SPECIAL.test(s) ? STRING_SPECIAL.lastIndex - 1 : s.length;
      if (i >= s.length) {
        this.i = i;
        this.fail('Unterminated string');
      }
      const code = s.charCodeAt(i);
      if (code === 0x22) {
        this.i = i + 1;
        return run === i ? out : out + s.slice(run, i);
      }
      if (code < 0x20) {
        this.i = i;
        this.fail('Invalid control character');
      }
      if (code !== 0x5c) {
        i++;
        continue;
      }
      if (run < i) out += s.slice(run, i);
      this.i = i;
      const e = s[i + 1];
      if (e === 'u') {
        const h = s.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(h)) this.fail('Invalid \\uXXXX escape');
        out += String.fromCharCode(parseInt(h, 16));
        i += 6;
      } else if (e !== undefined && e in SIMPLE_ESCAPES) {
        out += SIMPLE_ESCAPES[e];
        i += 2;
      } else this.fail('Invalid \\escape');
      run = i;
    }
  }
  array(): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.skipWs();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      this.skipWs();
      const c = this.s[this.i++];
      if (c === ']') return out;
      if (c !== ',') this.fail("Expecting ',' delimiter");
    }
  }
  object(): Map<string, unknown> {
    this.i++;
    const out = new Map<string, unknown>();
    this.skipWs();
    if (this.s[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.skipWs();
      if (this.s[this.i] !== '"') this.fail('Expecting property name enclosed in double quotes');
      const key = this.string();
      this.skipWs();
      if (this.s[this.i++] !== ':') this.fail("Expecting ':' delimiter");
      out.set(key, this.value());
      this.skipWs();
      const c = this.s[this.i++];
      if (c === '}') return out;
      if (c !== ',') this.fail("Expecting ',' delimiter");
    }
  }
}

const LITERALS: [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', new PyFloat(NaN)],
  ['Infinity', new PyFloat(Infinity)],
  ['-Infinity', new PyFloat(-Infinity)],
];

/** Python `json.loads(s)`; throws PyJsonError where Python raises JSONDecodeError. */
export function pyJsonLoads(s: string): unknown {
  const v = loadsNative(s);
  return v === NOT_NATIVE ? pyJsonLoadsParsed(s) : v;
}

/** `pyJsonLoads` by the parser above alone (what the native fast path is tested against). */
export function pyJsonLoadsParsed(s: string): unknown {
  const p = new Parser(s);
  const v = p.value();
  p.skipWs();
  if (p.i !== s.length) p.fail('Extra data');
  return v;
}

/**
 * `pyJsonLoads` memoized by text, for one caller's pass over a history (a call's arguments are parsed
 * by more than one step of a compaction). The parsed value is shared: callers only read it. Made per
 * pass, not per process, so a first call on new messages costs what it costs.
 */
export function memoizedLoads(): (s: string) => unknown {
  const parsed = new Map<string, { value: unknown } | { error: unknown }>();
  return (s) => {
    let hit = parsed.get(s);
    if (hit === undefined) {
      try {
        hit = { value: pyJsonLoads(s) };
      } catch (e) {
        hit = { error: e };
      }
      parsed.set(s, hit);
    }
    if ('error' in hit) throw hit.error;
    return hit.value;
  };
}

const ESCAPE = /[\x00-\x1f\\"]/g;
const ESCAPE_MAP: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function dumpStr(s: string): string {
  return dumpStrNative(s) ?? dumpStrEscaped(s);
}

/** `dumpStr` by the escape table alone (what the native fast path is tested against). */
export function dumpStrEscaped(s: string): string {
  return `"${s.replace(ESCAPE, (c) => ESCAPE_MAP[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}

function dumpFloat(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  return floatRepr(x);
}

/** Compare like Python sorts str keys: by code point. */
function cmpCodePoints(a: string, b: string): number {
  const A = Array.from(a);
  const B = Array.from(b);
  for (let i = 0; i < Math.min(A.length, B.length); i++) {
    const d = A[i]!.codePointAt(0)! - B[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return A.length - B.length;
}

export interface DumpOptions {
  sortKeys?: boolean;
}

/** Python `json.dumps(v, ensure_ascii=False)` with the default separators. */
export function pyJsonDumps(v: unknown, opts: DumpOptions = {}): string {
  if (v === null || v === undefined) return 'null';
  if (v === true) return 'true';
  if (v === false) return 'false';
  if (typeof v === 'string') return dumpStr(v);
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : dumpFloat(v);
  if (v instanceof PyInt) return v.text;
  if (v instanceof PyFloat) return dumpFloat(v.value);
  if (Array.isArray(v)) return `[${v.map((x) => pyJsonDumps(x, opts)).join(', ')}]`;
  if (typeof v === 'object') {
    let es = v instanceof Map ? ([...v.entries()] as [string, unknown][]) : Object.entries(v).filter(([, x]) => x !== undefined);
    if (opts.sortKeys) es = [...es].sort((a, b) => cmpCodePoints(a[0], b[0]));
    return `{${es.map(([k, x]) => `${dumpStr(k)}: ${pyJsonDumps(x, opts)}`).join(', ')}}`;
  }
  return dumpStr(String(v)); // `default=str`
}
