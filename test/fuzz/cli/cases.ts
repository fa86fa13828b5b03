/**
 * The seeded case generator of the end-to-end CLI fuzz suite: command lines and the input files they
 * read, per surface. A case is plain data (it crosses to the batch driver as JSON); `files` are written
 * under the case's own directory before the batch runs, so cases never share an output. Values are
 * drawn from what breaks parsers and arithmetic — signs, exponents, hex, blanks, huge and fractional
 * counts, wrong kinds of file — mixed with valid values, so that accepted runs are checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_DIR } from '../../shared-data.js';

export type Special = 'fifo' | 'symlink-loop' | 'folder' | 'dev-zero';

export interface CaseFile {
  /** relative to the case directory */
  name: string;
  text?: string;
  special?: Special;
}

export interface Case {
  id: number;
  surface: string;
  /** `{dir}` in an argument is replaced by the case directory */
  args: string[];
  files: CaseFile[];
  /** the --out directory (relative to the case directory) whose files are scanned, when one is given */
  out?: string;
  /** a JSON document is expected on stdout when the command succeeds */
  json?: boolean;
}

/** mulberry32: a small seeded generator; the suite's cases are a function of the seed only */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const chance = (r: Rand, p: number): boolean => r() < p;

/** flag values: valid ones and the spellings a loose parser takes */
const COUNTS = ['1', '2', '3', '5', '7', '10', '0', '-1', '+1', '0x10', '1e1', '5.', '1.5', ' 3', '', 'abc', '1e-400', '99999999999999999999', '007'];
const FRACTIONS = ['0.05', '0.1', '0', '1', '.5', '1e-1', '-0.1', '2', 'NaN', 'Infinity', '0x1', '5.'];
/** recorded token counts: plausible, and each way a corrupted log writes one */
const USAGE_VALUES: unknown[] = [0, 1, 100, 5000, 150_000, -1, -500, 3e9, 1e308, 12.5, '100', null, true, 1e7 + 1, 9_999_999];
const POLICIES = ['none', 'hermes', 'hermes:compressionThreshold=0.6', 'hermes:bogus=1', 'nonexistent', 'hermes:compressionThreshold=0x1'];
const SCENARIOS = ['small-32k', 'chat-heavy', 'swe-bash-128k', 'no-such-scenario'];

/** The real inputs the cases mutate, read once. */
export interface Sources {
  claude: string[];
  shareGpt: string;
  scenario: string;
  codex?: string;
}

export function loadSources(): Sources {
  const claude = readFileSync(join(SHARED_DIR, 'traces/claude-code/short.jsonl'), 'utf8').split('\n').filter(Boolean);
  const codexDir = join(SHARED_DIR, 'traces/codex');
  const codexName = readdirSync(codexDir).find((f) => f.endsWith('.jsonl'));
  return {
    claude,
    shareGpt: readFileSync('test/trajectories/fixture.jsonl', 'utf8'),
    scenario: readFileSync('scenarios/small-32k.json', 'utf8'),
    ...(codexName ? { codex: readFileSync(join(codexDir, codexName), 'utf8') } : {}),
  };
}

/** short.jsonl with some usage fields replaced by drawn values (most cases keep them plausible) */
function claudeTrace(r: Rand, src: Sources): string {
  const fields = ['input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens'];
  const corrupt = chance(r, 0.6);
  return `${src.claude.map((l) => {
    const o = JSON.parse(l) as { message?: { usage?: Record<string, unknown> } };
    const u = o.message?.usage;
    if (u && corrupt && chance(r, 0.5)) u[pick(r, fields)] = pick(r, USAGE_VALUES);
    return JSON.stringify(o);
  }).join('\n')}\n`;
}

/** a scenario file: the real one, or with one numeric field replaced */
function scenarioText(r: Rand, src: Sources): string {
  if (chance(r, 0.4)) return src.scenario;
  const keys = ['sessionSteps', 'systemPromptTokens', 'contextWindow', 'resultTokens', 'median', 'seeds', 'value'];
  const v = pick(r, [1e7, 1e9, -1, 0, 0.5, 1e308, 3, 17, '"x"', 'null']);
  return src.scenario.replace(new RegExp(`"${pick(r, keys)}":\\s*[0-9.e+-]+`), (m) => `${m.slice(0, m.indexOf(':'))}: ${v}`);
}

const SPECIALS: Special[] = ['fifo', 'symlink-loop', 'folder', 'dev-zero'];

/** an input file for a reading command: usually a generated one, sometimes a special file or a wrong kind */
function inputFile(r: Rand, src: Sources, files: CaseFile[], make: () => string, ext = 'jsonl'): string {
  const roll = r();
  if (roll < 0.15) {
    const special = pick(r, SPECIALS);
    files.push({ name: `in-${special}.${ext}`, special });
    return `{dir}/in-${special}.${ext}`;
  }
  if (roll < 0.2) return `{dir}/${'n'.repeat(300)}.${ext}`;
  if (roll < 0.3) {
    const wrong = pick(r, ['', src.shareGpt, src.codex ?? '', '{"a":1}\n', 'not json\n', src.claude.join('\n')]);
    files.push({ name: `wrong.${ext}`, text: wrong });
    return `{dir}/wrong.${ext}`;
  }
  files.push({ name: `in.${ext}`, text: make() });
  return `{dir}/in.${ext}`;
}

/** an --out directory: usually fresh; sometimes blank, very long, a file in the way */
function outDir(r: Rand, files: CaseFile[]): { arg: string; out?: string } {
  const roll = r();
  if (roll < 0.04) return { arg: pick(r, [' ', '']) };
  if (roll < 0.07) return { arg: `{dir}/${'o'.repeat(300)}` };
  if (roll < 0.1) {
    files.push({ name: 'taken', text: 'x' });
    return { arg: '{dir}/taken' };
  }
  return { arg: '{dir}/out', out: 'out' };
}

const maybe = (r: Rand, p: number, ...xs: string[]): string[] => (chance(r, p) ? xs : []);

type Generator = (r: Rand, src: Sources) => Omit<Case, 'id' | 'surface'>;

/** the surfaces run in batches (no case can end the process) */
export const BATCH_SURFACES: Record<string, Generator> = {
  'run (synthetic)': (r, src) => {
    const files: CaseFile[] = [];
    const scenario = chance(r, 0.25) ? inputFile(r, src, files, () => scenarioText(r, src), 'json') : pick(r, SCENARIOS);
    const o = outDir(r, files);
    const json = chance(r, 0.5);
    const args = ['run', '--scenario', scenario, '--policy', pick(r, POLICIES), ...maybe(r, 0.5, '--policy', 'none'),
      '--seeds', pick(r, ['1', '2', ...COUNTS.slice(0, 4), pick(r, COUNTS)]), '--max-steps', chance(r, 0.85) ? String(1 + Math.floor(r() * 12)) : pick(r, COUNTS),
      ...maybe(r, 0.2, '--workers', pick(r, ['1', '2', '0', 'x'])), ...maybe(r, 0.3, '--no-raw'), '--quiet', '--out', o.arg, ...(json ? ['--json'] : [])];
    return { args, files, ...(o.out ? { out: o.out } : {}), json };
  },
  'run --trace': (r, src) => {
    const files: CaseFile[] = [];
    const trace = inputFile(r, src, files, () => claudeTrace(r, src));
    const o = outDir(r, files);
    const json = chance(r, 0.5);
    return { args: ['run', '--trace', trace, '--policy', 'none', '--policy', 'hermes', '--quiet', '--out', o.arg, ...(json ? ['--json'] : [])], files, ...(o.out ? { out: o.out } : {}), json };
  },
  'validate-cache': (r, src) => {
    const files: CaseFile[] = [];
    const trace = inputFile(r, src, files, () => claudeTrace(r, src));
    const json = chance(r, 0.5);
    const flags = [
      ...maybe(r, 0.2, '--system-tokens', pick(r, COUNTS)), ...maybe(r, 0.2, '--min-tokens', pick(r, COUNTS)),
      ...maybe(r, 0.2, '--seed', pick(r, COUNTS)), ...maybe(r, 0.2, '--tolerance', pick(r, FRACTIONS)),
      ...maybe(r, 0.1, '--unit-tokens', pick(r, ['2048', ...COUNTS])), ...maybe(r, 0.1, '--hit-probability', pick(r, FRACTIONS)),
      ...maybe(r, 0.1, '--no-warm-start'), ...maybe(r, 0.1, '--ttl', pick(r, ['5m', '1h', '2h'])),
    ];
    return { args: ['validate-cache', trace, ...flags, ...(json ? ['--json'] : [])], files, json };
  },
  import: (r, src) => {
    const files: CaseFile[] = [];
    const trace = inputFile(r, src, files, () => claudeTrace(r, src));
    const out = chance(r, 0.5) ? ['--out', pick(r, ['{dir}/o.jsonl', '{dir}/o.jsonl', ' ', '', `{dir}/${'x'.repeat(300)}.jsonl`])] : [];
    const args = ['import', trace, ...out, ...maybe(r, 0.2, '--entry', pick(r, ['0', '1', '2', ...COUNTS])), ...maybe(r, 0.2, '--format', pick(r, ['auto', 'claude-code', 'openai', 'sharegpt', 'codex', 'bogus'])), '--quiet'];
    return { args, files };
  },
  calibrate: (r, src) => {
    const files: CaseFile[] = [];
    const against = inputFile(r, src, files, () => pick(r, [src.shareGpt, claudeTrace(r, src), '{"role":"user","content":"a"}\n{"role":"assistant","content":"b"}\n']));
    const mode = pick(r, [['--scenario', 'small-32k', '--seeds', pick(r, ['1', '2', ...COUNTS])], ['--token-scale'], ['--summary-lengths'], ['--fit']]);
    const json = chance(r, 0.4);
    return { args: ['calibrate', ...mode, '--against', against, ...(json ? ['--json'] : [])], files, json };
  },
  validate: (r, src) => {
    const files: CaseFile[] = [];
    const kind = pick(r, ['scenario', 'suite', 'gate']);
    let file: string;
    if (kind === 'scenario') file = inputFile(r, src, files, () => scenarioText(r, src), 'json');
    else if (kind === 'suite') {
      const names = Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(r, [...SCENARIOS, 'small-32k']));
      files.push({ name: 'x.suite.json', text: JSON.stringify({ name: 'x', description: 'd', scenarios: names }) });
      file = '{dir}/x.suite.json';
    } else {
      files.push({ name: 'g.json', text: JSON.stringify({ limits: [{ metric: pick(r, ['costTotal', 'breaksPer100Steps', 'bogus']), [pick(r, ['maxRisePct', 'maxRise', 'max'])]: pick(r, [2, -1, 1e308, '2', 0]) }] }) });
      file = '{dir}/g.json';
    }
    return { args: ['validate', file], files };
  },
  compare: (r) => {
    const files: CaseFile[] = [];
    const gate = chance(r, 0.5) ? ['--gate', pick(r, ['gates/example.json', 'gates/strict.yml', '{dir}/nope.json'])] : [];
    const o = outDir(r, files);
    const json = chance(r, 0.6);
    const args = ['compare', '--baseline', pick(r, ['hermes', 'none', 'bogus']), '--candidate', pick(r, POLICIES), '--scenario', 'small-32k',
      '--seeds', pick(r, ['1', '2', '3', pick(r, COUNTS)]), '--max-steps', String(1 + Math.floor(r() * 10)), ...gate, '--quiet', '--no-png', '--out', o.arg, ...(json ? ['--json'] : [])];
    return { args, files, ...(o.out ? { out: o.out } : {}), json };
  },
  trajectories: (r, src) => {
    const files: CaseFile[] = [];
    const input = inputFile(r, src, files, () => src.shareGpt);
    const args = ['trajectories', input, ...maybe(r, 0.3, '--seed', pick(r, COUNTS)), ...maybe(r, 0.3, '--target-max-tokens', pick(r, ['2000', ...COUNTS])), ...maybe(r, 0.4, '--json')];
    return { args, files, json: args.includes('--json') };
  },
  'policies and prices': (r) => {
    const json = chance(r, 0.5);
    return { args: [pick(r, ['policies', 'prices']), ...(json ? ['--json'] : [])], files: [], json };
  },
};

export function batchCases(seed: number, perSurface: number, src: Sources): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  for (const [surface, gen] of Object.entries(BATCH_SURFACES)) {
    for (let k = 0; k < perSurface; k++) out.push({ id: out.length, surface, ...gen(r, src) });
  }
  return out;
}
