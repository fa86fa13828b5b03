/**
 * The imaginary repository a generated session works on: a root directory, a language and a set of
 * files whose lines are fixed by their path. Reading the same file twice therefore shows the same
 * lines, and every line is one of the pre-counted code pieces in `corpus/code.ts`.
 */
import { BLOCKS, DOC_LINES, HEADERS, type Lang } from '../corpus/code.js';
import { hash32, type Rng } from '../rng.js';

const DIRS = ['src', 'src/core', 'src/api', 'src/util', 'src/services', 'tests', 'src/models', 'docs', 'scripts'];
/** directories named after the project (`lib/<name>/transcripts`), as real trees have */
const NAMED = [
  'lib/{p}/transcripts', 'lib/{p}/services', 'lib/{p}_web/controllers', 'lib/{p}_web/live', 'lib/{p}_web/components',
  'test/{p}/services', 'test/{p}_web/live', 'src/{p}/handlers', 'priv/repo/migrations',
];
export const STEMS = [
  'session', 'store', 'parser', 'annotations', 'config', 'router', 'handlers', 'cache', 'worker', 'timezone',
  'utils', 'models', 'migrations', 'client', 'server', 'schema', 'render', 'transcript', 'settings', 'queue',
];
const PROJECTS = ['spotter', 'ledgerly', 'atlasdb', 'relayd', 'harborline', 'quarrykit', 'beaconix', 'orchardly'];
const USERS = ['jdoe', 'mkowalski', 'akumar', 'sofiar', 'tnguyen'];

/** suffixes of module names (session_live, hook_controller, ...) */
const ROLES = ['', '', '_live', '_controller', '_service', '_registry', '_renderer', '_view', '_helpers'];

/** a short issue id like the branch names in the traces (spotter-gqc) */
function issueId(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 3; i++) s += 'abcdefghijklmnopqrstuvwxyz0123456789'[rng.int(0, 35)];
  return s;
}

export type RootStyle = 'home' | 'testbed' | 'workspace';

export interface Project {
  readonly name: string;
  readonly root: string;
  readonly lang: Lang;
  /** paths relative to the root */
  readonly files: string[];
  readonly dirs: readonly string[];
}

export function createProject(rng: Rng, rootStyle: RootStyle): Project {
  const name = rng.pick(PROJECTS);
  const lang: Lang = rng.chance(0.5) ? 'ts' : 'py';
  // Claude Code users often work in git worktrees (the shared traces do), which makes paths long
  const root =
    rootStyle === 'testbed' ? '/testbed'
    : rootStyle === 'workspace' ? `/root/workspace/${name}`
    : `/home/${rng.pick(USERS)}/projects/${name}-worktrees/${name}-${issueId(rng)}`;
  const ext = lang === 'ts' ? '.ts' : '.py';
  const named = NAMED.map((d) => d.replaceAll('{p}', name));
  const dirs = [...DIRS, ...named];
  const files: string[] = [];
  const used = new Set<string>();
  while (files.length < 120) {
    // most files sit in the deeper, project-named directories, and half have compound names (as in the traces)
    const dir = rng.chance(0.6) ? rng.pick(named) : rng.pick(DIRS);
    const words = 1 + rng.weighted([3, 4, 3]);
    const stem = Array.from({ length: words }, () => rng.pick(STEMS)).join('_') + rng.pick(ROLES);
    const file = dir === 'docs' ? `${dir}/${stem}.md` : dir === 'tests' ? `${dir}/test_${stem}${ext}` : `${dir}/${stem}${ext}`;
    if (!used.has(file)) {
      used.add(file);
      files.push(file);
    }
  }
  return { name, root, lang, files, dirs };
}

export function absPath(p: Project, rel: string): string {
  return `${p.root}/${rel}`;
}

const linesCache = new Map<string, readonly string[]>();

/** the lines of a file: a header, then code blocks chosen by the path's hash (same path, same lines) */
export function fileLines(p: Project, rel: string): readonly string[] {
  const key = `${p.lang}:${rel}`;
  const hit = linesCache.get(key);
  if (hit) return hit;
  const h = hash32(key);
  const out: string[] = [];
  if (rel.endsWith('.md')) {
    const n = 20 + (h % 80);
    for (let i = 0; i < n; i++) out.push(DOC_LINES[(h + i * 7) % DOC_LINES.length]);
  } else {
    const headers = HEADERS[p.lang];
    for (let i = 0; i < 2 + (h % headers.length); i++) out.push(headers[(h + i) % headers.length]);
    out.push('');
    const blocks = BLOCKS[p.lang];
    const count = 4 + (h % 140);
    for (let b = 0; b < count; b++) {
      out.push(...blocks[hash32(`${key}#${b}`) % blocks.length], '');
    }
  }
  if (linesCache.size > 10_000) linesCache.clear();
  linesCache.set(key, out);
  return out;
}

/** a new file name for Write/create calls */
export function newFile(rng: Rng, p: Project): string {
  const ext = p.lang === 'ts' ? '.ts' : '.py';
  const file = `${rng.pick(p.dirs.filter((d) => d !== 'docs'))}/${rng.pick(STEMS)}_${rng.pick(STEMS)}${ext}`;
  if (!p.files.includes(file)) p.files.push(file);
  return file;
}

const IDENTS = [
  'parseSession', 'SessionStore', 'load_annotations', 'merge_ranges', 'handle_request', 'formatDuration', 'Repository',
  'parse_timestamp', 'groupByDay', 'ConfigSchema', 'make_aware', 'TIME_ZONE', 'refresh', 'toSummary', 'validate',
];

export function identifier(rng: Rng): string {
  return rng.pick(IDENTS);
}

export const COMMIT_MESSAGES: readonly string[] = [
  'feat: add project filter chips to the dashboard',
  'fix: sort commit links by a single timestamp',
  'refactor: move session parsing into its own module',
  'test: cover the empty transcript case',
  'fix: convert datetimes from the database time zone',
  'chore: bump dependencies',
  'feat: paginate the session list per project',
  'docs: describe the annotation schema',
  'fix: keep message ids stable across re-imports',
  'Revert "feat: paginate session transcript messages"',
];
