/**
 * Scenario files: parsing with errors that name the field, the value and what is allowed
 * (`scenario.model.contextWindow: got -5, expected a positive integer`), and loading by name from the
 * package's scenarios/ directory (resolved from this file, not from the working directory).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { checkInputFile, InputFileError } from '../core/input-file.js';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { z } from 'zod';
import { parseDocument } from '../core/input-text.js';
import { ScenarioSchema, SuiteSchema, type Scenario, type Suite } from './scenario-schema.js';

export { ScenarioSchema, SuiteSchema, EventSpecSchema, type Scenario, type Suite, type EventSpec } from './scenario-schema.js';

export class ScenarioError extends Error {
  constructor(
    readonly source: string,
    readonly issues: readonly string[],
  ) {
    super(`invalid scenario ${source}:\n  ${issues.join('\n  ')}`);
    this.name = 'ScenarioError';
  }
}

/** the package root: two levels above src/workload/ */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCENARIO_DIR = path.join(PACKAGE_ROOT, 'scenarios');

type Issue = z.core.$ZodIssue;

function pathText(root: string, p: readonly PropertyKey[]): string {
  let s = root;
  for (const k of p) s += typeof k === 'number' ? `[${k}]` : `.${String(k)}`;
  return s;
}

function valueAt(input: unknown, p: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of p) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

function show(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  values?: unknown[];
};
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** a union's branch for `v`: the one whose discriminator literal matches, else the first object branch */
function branch(d: Def, v: unknown): Def {
  const opts = d.options!.map(defOf);
  const disc = d.discriminator;
  const tag = disc && v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[disc] : undefined;
  const hit = disc ? opts.find((o) => o.type === 'object' && o.shape![disc] && defOf(o.shape![disc]).values?.includes(tag)) : undefined;
  return hit ?? opts.find((o) => o.type === 'object') ?? opts[0];
}

/** the object schema reached by following `p` through `schema` (the input picks union branches) */
function objectAt(schema: z.ZodType, p: readonly PropertyKey[], input: unknown): Def | undefined {
  let d = defOf(schema);
  let v = input;
  for (let i = 0; ; ) {
    if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable') d = defOf(d.innerType!);
    else if (d.type === 'union') d = branch(d, v);
    else if (i === p.length) return d.type === 'object' ? d : undefined;
    else if ((d.type === 'object' && d.shape![String(p[i])]) || d.type === 'array') {
      d = defOf(d.type === 'object' ? d.shape![String(p[i])] : d.element!);
      v = valueAt(v, [p[i++]]);
    } else return undefined;
  }
}

function expected(issue: Issue): string {
  const i = issue as Issue & { values?: unknown[]; options?: unknown[]; expected?: string; code: string };
  if (i.code === 'invalid_value' && i.values) return `one of ${i.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (i.code === 'invalid_union' && i.options) return `one of ${i.options.map((v) => JSON.stringify(v)).join(', ')}`;
  if (i.message && !i.message.startsWith('Invalid input')) return i.message;
  if (i.expected) return `a value of type ${i.expected}`;
  return i.message;
}

/** one line per issue, each naming the field, the value found and what is allowed */
export function formatIssues(issues: readonly Issue[], input: unknown, schema: z.ZodType = ScenarioSchema, root = 'scenario'): string[] {
  return issues.map((issue) => {
    const where = pathText(root, issue.path);
    if (issue.code === 'unrecognized_keys') {
      const obj = objectAt(schema, issue.path, input);
      const allowed = obj ? `; allowed: ${Object.keys(obj.shape!).join(', ')}` : '';
      return `${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${allowed}`;
    }
    return `${where}: got ${show(valueAt(input, issue.path))}, expected ${expected(issue)}`;
  });
}

export function parseScenario(json: unknown, source: string): Scenario {
  const r = ScenarioSchema.safeParse(json);
  if (!r.success) throw new ScenarioError(source, formatIssues(r.error.issues, json));
  return r.data;
}

export function parseSuite(json: unknown, source: string): Suite {
  const r = SuiteSchema.safeParse(json);
  if (!r.success) throw new ScenarioError(source, formatIssues(r.error.issues, json, SuiteSchema, 'suite'));
  return r.data;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    checkInputFile(file, 'scenario file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ScenarioError(file, [`cannot read the file: ${(e instanceof InputFileError ? e.message.slice(file.length + 2) : (e as Error).message)}`]);
  }
  try {
    return parseDocument(text);
  } catch (e) {
    throw new ScenarioError(file, [(e as Error).message]);
  }
}

/** names of the shipped scenarios (scenarios/<name>.json, suites excluded) */
export function listScenarios(): string[] {
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.suite.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** a shipped scenario by name, or a scenario file by path (relative paths from the working directory) */
export function loadScenario(nameOrPath: string): Scenario {
  const isPath = nameOrPath.includes('/') || nameOrPath.includes(path.sep) || nameOrPath.endsWith('.json');
  const file = isPath ? path.resolve(nameOrPath) : path.join(SCENARIO_DIR, `${nameOrPath}.json`);
  if (!isPath && !existsSync(file)) {
    throw new ScenarioError(nameOrPath, [`no scenario named "${nameOrPath}"; available: ${listScenarios().join(', ')}`]);
  }
  return parseScenario(readJson(file), isPath ? file : `scenarios/${nameOrPath}.json`);
}

/** the file a suite name or path stands for ('default' -> scenarios/default.suite.json) */
export function suiteFile(name: string): string {
  const isPath = name.includes('/') || name.includes(path.sep) || name.endsWith('.json');
  return isPath ? path.resolve(name) : path.join(SCENARIO_DIR, `${name}.suite.json`);
}

/**
 * The scenarios of a suite ('default' -> scenarios/default.suite.json), with the suite's seed counts
 * applied. An entry that is a path resolves against the suite file's directory (a suite means the files
 * beside it, wherever it is run from); a bare name is a shipped scenario.
 */
export function loadSuite(name: string): Scenario[] {
  const file = suiteFile(name);
  if (!existsSync(file)) throw new ScenarioError(name, [`no suite named "${name}" (looked for ${file})`]);
  const suite = parseSuite(readJson(file), file);
  const dir = path.dirname(file);
  const names = new Map<string, number>();
  return suite.scenarios.map((entry, i) => {
    const ref = typeof entry === 'string' ? { scenario: entry } : entry;
    const isPath = ref.scenario.includes('/') || ref.scenario.includes(path.sep) || ref.scenario.endsWith('.json');
    let s: Scenario;
    try {
      s = loadScenario(isPath ? path.resolve(dir, ref.scenario) : ref.scenario);
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      throw new ScenarioError(file, [`scenarios[${i}] (${JSON.stringify(ref.scenario)}): ${e.issues.join('; ')}`]);
    }
    // `run` refuses two scenarios of one name (their rows could not be told apart), so a suite that names one twice is invalid
    const before = names.get(s.name);
    if (before !== undefined) throw new ScenarioError(file, [`scenarios[${i}] (${JSON.stringify(ref.scenario)}): scenario ${JSON.stringify(s.name)} is also scenarios[${before}]; each scenario may appear once`]);
    names.set(s.name, i);
    const seeds = ref.seeds ?? suite.seeds;
    return seeds ? { ...s, seeds } : s;
  });
}
