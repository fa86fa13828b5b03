/**
 * Parsing untrusted input documents (scenario, suite, gate, shard, config and trace JSON/YAML) safely: a
 * leading byte-order mark is dropped everywhere (editors on Windows add one), and a value nested deeper
 * than MAX_INPUT_DEPTH is refused. JSON.parse itself copes with any depth, but everything after it —
 * schema checks, error formatting (JSON.stringify), structural walks — recurses, and a 5,000-level
 * document would overflow the stack there instead of failing with a message, so JSON is checked right
 * after parsing. YAML is checked before it is composed into values: see yamlNestingDepth.
 */
import { Parser, parse as parseYaml } from 'yaml';

/** no real input nests deeper than a few dozen levels; 200 leaves room while staying far from the stack limit */
export const MAX_INPUT_DEPTH = 200;

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The depth of the deepest array/object in `v` (a scalar is 0), counted without recursion; stops past `limit`. */
export function nestingDepth(v: unknown, limit = MAX_INPUT_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x === null || typeof x !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Array.isArray(x) ? x : Object.values(x as Record<string, unknown>)) stack.push([child, depth]);
  }
  return max;
}

const YAML_COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

interface YamlToken {
  type?: string;
  value?: unknown;
  items?: { key?: unknown; value?: unknown }[];
}

/**
 * The depth of the deepest collection in YAML text (a scalar document is 0), from yaml's concrete syntax
 * tree, which its lexer and parser build without recursion; counted without recursion, and stops past
 * `limit`. Collections count as in nestingDepth, so a document whose value passes passes here too, unless
 * it uses a collection as a mapping key (the value has a string there; here the key counts at its depth).
 *
 * Why before composing: yaml's composer recurses once per level, so a few thousand nested `[` run the
 * stack out inside it. That is not always a RangeError: where the stack runs out while V8 compiles a
 * regular expression, V8 ends the process with "FATAL ERROR: RegExpCompiler Allocation failed", which no
 * `catch` sees. With 6,000 levels it did so on the second attempt in a fresh process, whatever the
 * caller's stack depth (test/robustness/yaml-depth.test.ts), and it once took a vitest worker down in the
 * middle of the suite.
 */
export function yamlNestingDepth(text: string, limit = MAX_INPUT_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [];
  for (const token of new Parser().parse(text)) stack.push([token, 0]);
  while (stack.length) {
    const [t, d] = stack.pop()!;
    if (t === null || typeof t !== 'object') continue;
    const tok = t as YamlToken;
    const depth = tok.type !== undefined && YAML_COLLECTIONS.has(tok.type) ? d + 1 : d;
    if (depth > max) max = depth;
    if (max > limit) return max;
    if (tok.value !== null && typeof tok.value === 'object') stack.push([tok.value, depth]);
    if (Array.isArray(tok.items)) for (const item of tok.items) stack.push([item.key, depth], [item.value, depth]);
  }
  return max;
}

/** Thrown by parseDocument; `reason` is a one-line description without the file name. */
export class DocumentError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'DocumentError';
  }
}

/** Refuses a value nested deeper than MAX_INPUT_DEPTH. */
export function checkDepth(v: unknown): void {
  if (nestingDepth(v) > MAX_INPUT_DEPTH) throw tooDeep();
}

const tooDeep = (): DocumentError => new DocumentError(`nested deeper than ${MAX_INPUT_DEPTH} levels (no valid input is)`);

function lineColumn(text: string, pos: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${pos - start + 1}`;
}

/**
 * What is wrong with JSON text, without quoting it: V8's messages embed a slice of the input
 * ("Unexpected token 'r', "root:x:0:0"... is not valid JSON"), and the file may be anything (a suite
 * naming /etc/shadow), so the error names the place and the kind of mistake only.
 */
export function describeJsonError(e: unknown, text: string): string {
  const msg = e instanceof Error ? e.message : String(e);
  const pos = /at position (\d+)/.exec(msg);
  if (pos) return `${/non-whitespace/.test(msg) ? 'more text after the JSON value' : 'syntax error'} at ${lineColumn(text, Number(pos[1]))}`;
  if (/Unexpected end/.test(msg)) return 'the text ends before the JSON value is complete';
  if (/Unexpected token/.test(msg)) return /^\s*[[{"\d-tfn]/.test(text) ? 'an unexpected character' : 'it does not start like JSON';
  return 'syntax error';
}

/** The same for YAML: the position and the parser's error code, never the offending line. */
export function describeYamlError(e: unknown): string {
  const y = e as { code?: string; linePos?: { line: number; col: number }[] };
  const at = y.linePos?.[0] ? ` at line ${y.linePos[0].line}, column ${y.linePos[0].col}` : '';
  return `${y.code ? y.code.toLowerCase().replace(/_/g, ' ') : 'syntax error'}${at}`;
}

/** JSON (or YAML when `yaml`) text → value; BOM dropped, syntax and depth errors as DocumentError. */
export function parseDocument(text: string, yaml = false): unknown {
  let v: unknown;
  const body = stripBom(text);
  if (yaml && yamlNestingDepth(body) > MAX_INPUT_DEPTH) throw tooDeep();
  try {
    // a collection used as a key is stringified (no input file has one, and the schema then rejects the
    // key); the library's process warning about it would only be noise on stderr
    v = yaml ? parseYaml(body, { logLevel: 'error' }) : JSON.parse(body);
  } catch (e) {
    throw new DocumentError(`not valid ${yaml ? 'YAML' : 'JSON'}: ${yaml ? describeYamlError(e) : describeJsonError(e, body)}`);
  }
  checkDepth(v);
  return v;
}
