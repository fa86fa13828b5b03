/**
 * The framework reference report, reports/frameworks/: every registered framework entry
 * (src/frameworks/definitions.ts) at its defaults, beside the `none` and `hermes` baselines, on the
 * default suite, on each Node major its packages support (src/frameworks/requirements.ts): Node 20 with
 * oracles/frameworks (the machine's Node 20, or a registry build of 20.19.0 elsewhere), Node 22.23.3 from
 * the registry (scripts/node-from-registry.sh) with oracles/frameworks-node22, oracles/gemini-cli on both.
 * Each entry runs with `packageDir` naming its folder, so nothing is resolved from the project itself.
 *
 * It writes summary.md (what ran where, the verdict, cost per scenario) and per Node the run's own
 * summary.md and sessions.csv: no raw records, no charts, so it stays small. Byte-identical on re-run.
 * `npm run report:frameworks` writes it; `-- --check` regenerates into a temp dir and diffs (CI, after
 * the three oracle folders are installed).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { FRAMEWORK_REGISTRY } from '../src/policies/registry.js';
import { REPORT_NODE_MAJORS, type FrameworkInstall, type NodeMajor } from '../src/frameworks/requirements.js';
import { BASELINES, costTable, planCells, ranWhereTable, verdictOverview, type Cell } from './framework-report-plan.js';

/** Seeds and steps: chosen so the whole report takes a few minutes on 2 cores (see RUN_CHOICE). */
const SEEDS = 2;
const MAX_STEPS = 150;
const RUN_CHOICE = `seeds 1–${SEEDS} of each scenario, the first ${MAX_STEPS} steps of each session (\`--seeds ${SEEDS} --max-steps ${MAX_STEPS}\`), closed loop, baseline \`hermes\``;
const NODE_VERSION: Record<NodeMajor, string> = { 20: '20.19.0', 22: '22.23.3' };
const OUT = 'reports/frameworks';

const nodeLabel = (n: NodeMajor): string => (n === 22 ? `Node 22 (${NODE_VERSION[22]})` : 'Node 20');

/** The node binary of a major, or why there is none: the machine's own for its major, else the registry's. */
function nodeExe(major: NodeMajor): { exe?: string; why?: string } {
  if (Number(process.versions.node.split('.')[0]) === major && major !== 22) return { exe: process.execPath };
  const r = spawnSync('scripts/node-from-registry.sh', [NODE_VERSION[major]], { encoding: 'utf8' });
  return r.status === 0 ? { exe: join(r.stdout.trim(), 'node') } : { why: `Node ${NODE_VERSION[major]} could not be fetched from the registry` };
}

function installCheck(install: FrameworkInstall): string | undefined {
  for (const [name, version] of Object.entries(install.packages)) {
    const file = join(install.dir, 'node_modules', name, 'package.json');
    if (!existsSync(file)) return `${name} is not installed in \`${install.dir}\` (npm ci --prefix ${install.dir})`;
    const found = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    if (found !== version) return `\`${install.dir}\` has ${name}@${found}, not ${version} (npm ci --prefix ${install.dir})`;
  }
  return undefined;
}

type Row = Record<string, string>;

/** One Node's run of the baselines and the entries that run there; its rows (failed sessions included). */
function runOn(node: NodeMajor, exe: string, cells: readonly Cell[], dir: string): Row[] {
  // each entry under its id as its label (`id=spec`), so the verdict reads the same on every Node
  const specs = [...BASELINES, ...cells.flatMap((c) => (c.ran && c.node === node ? [`${c.id}=${c.spec}`] : []))];
  const args = ['bin/compactbench.js', 'run', ...specs.flatMap((s) => ['--policy', s]), '--suite', 'default', '--seeds', String(SEEDS),
    '--max-steps', String(MAX_STEPS), '--baseline', 'hermes', '--no-raw', '--quiet', '--force', '--out', dir];
  process.stderr.write(`framework-report: ${nodeLabel(node)}: ${specs.length} policies\n`);
  const r = spawnSync(exe, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  // exit 3: some sessions failed, which the report shows as data
  if (r.status !== 0 && r.status !== 3) throw new Error(`the run on ${nodeLabel(node)} exited ${r.status}`);
  return parse(readFileSync(join(dir, 'sessions.csv'), 'utf8'), { columns: true }) as Row[];
}

function summary(cells: readonly Cell[], nodes: readonly NodeMajor[], rowsByNode: Map<NodeMajor, Row[]>, overview: Map<NodeMajor, string>): string {
  const sessions = (node: NodeMajor, id: string): { total: number; failed: number } => {
    const mine = (rowsByNode.get(node) ?? []).filter((r) => r.policy === id);
    return { total: mine.length, failed: mine.filter((r) => r.failed !== '0').length };
  };
  const failures = [...rowsByNode].flatMap(([node, rows]) => rows.filter((r) => r.failed !== '0')
    .map((r) => `- ${nodeLabel(node)}, \`${r.policyLabel}\`, ${r.scenario} seed ${r.seed}: ${(r.failure ?? '').split('\n')[0]}`));
  const parts = [
    '# Framework reference report',
    '',
    'The context code that TypeScript agent frameworks ship, run as published: every registered framework entry',
    '(`compactbench policies`, `"framework": true`) at its defaults, beside compactbench\'s `none` and `hermes`, on the',
    "default suite, on each Node major the entry's packages support, each from the oracle folder that pins them",
    '(`src/frameworks/requirements.ts`; `packageDir` names the folder). The entries that run a user\'s file',
    '(`ai-sdk-prepare-step`, `langchain-middleware`) run the one in that folder\'s `fixtures/`. Each is labelled by its id;',
    'the exact `--policy` is in the table below. How the adapters work: [docs/frameworks.md](../../docs/frameworks.md).',
    '',
    `Run: ${RUN_CHOICE}. The frameworks' entry points take the whole message list on every step, and`,
    "LangChain's token estimate recounts it, so a full-length session of one entry takes up to ~25 s; truncated and",
    'with two seeds, the whole report takes a few minutes on 2 cores. The verdict says where two seeds do not resolve it,',
    'and the per-scenario summaries which cheap policies are cheap because they forget (retention).',
    '',
    'Regenerate: `npm run report:frameworks` (needs `oracles/frameworks`, `oracles/frameworks-node22` and',
    '`oracles/gemini-cli` installed: `npm ci --prefix <folder>`). CI checks it is current: `npm run report:frameworks -- --check`.',
    '',
    '## Ran where',
    '',
    ranWhereTable(cells, nodes, nodeLabel, sessions),
    '',
    ...(failures.length ? ['Failed sessions (the reason, first line):', '', ...failures, ''] : []),
    '## Verdict',
    '',
    ...nodes.flatMap((n) => [`### ${nodeLabel(n)}`, '', overview.get(n) ?? '(not run)', '', `Per scenario: [node${n}/summary.md](node${n}/summary.md).`, '']),
    '## Cost per session, by scenario',
    '',
    '$ per session, mean over the seeds (cache breaks per 100 steps). Every session: `node<major>/sessions.csv`.',
    '',
    costTable(rowsByNode, nodeLabel),
    '',
  ];
  return `${parts.join('\n')}`;
}

function generate(out: string): void {
  const nodes = REPORT_NODE_MAJORS;
  const exes = new Map(nodes.map((n) => [n, nodeExe(n)]));
  const cells = planCells([...FRAMEWORK_REGISTRY.values()], nodes, installCheck, (n) => exes.get(n)!.why);
  const tmp = mkdtempSync(join(tmpdir(), 'cb-fw-report-'));
  try {
    const rowsByNode = new Map<NodeMajor, Row[]>();
    const overview = new Map<NodeMajor, string>();
    rmSync(out, { recursive: true, force: true });
    for (const node of nodes) {
      const exe = exes.get(node)!.exe;
      if (!exe) continue;
      const dir = join(tmp, `node${node}`);
      rowsByNode.set(node, runOn(node, exe, cells, dir));
      const md = readFileSync(join(dir, 'summary.md'), 'utf8');
      overview.set(node, verdictOverview(md));
      mkdirSync(join(out, `node${node}`), { recursive: true });
      for (const f of ['summary.md', 'sessions.csv']) copyFileSync(join(dir, f), join(out, `node${node}`, f));
    }
    writeFileSync(join(out, 'summary.md'), summary(cells, nodes, rowsByNode, overview));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The files of a folder, relative, sorted. */
const listing = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }) : [])
  .filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();

if (process.argv.includes('--check')) {
  const fresh = mkdtempSync(join(tmpdir(), 'cb-fw-report-check-'));
  try {
    generate(join(fresh, 'frameworks'));
    const a = listing(OUT);
    const b = listing(join(fresh, 'frameworks'));
    const differ = [...new Set([...a, ...b])].filter((f) => !a.includes(f) || !b.includes(f)
      || readFileSync(join(OUT, f), 'utf8') !== readFileSync(join(fresh, 'frameworks', f), 'utf8'));
    if (differ.length) {
      process.stderr.write(`${OUT} differs from a fresh run in ${differ.join(', ')}; run npm run report:frameworks and commit it\n`);
      process.exitCode = 1;
    } else process.stdout.write(`${OUT} matches a fresh run\n`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
} else {
  generate(OUT);
  process.stdout.write(`wrote ${OUT}\n`);
}
