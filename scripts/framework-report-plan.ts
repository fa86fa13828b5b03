/**
 * What the framework reference report (framework-report.ts) runs where, and how it says so: for every
 * registered framework entry and every Node major, either the policy spec to run (its packages from the
 * oracle folder src/frameworks/requirements.ts names) or why it did not run. Pure: the folder checks
 * and the runs are done by the caller, so this is tested on its own.
 */
import type { PolicyDefinition } from '../src/policies/types.js';
import { packagesText, requirementOf, type FrameworkInstall, type NodeMajor } from '../src/frameworks/requirements.js';

/** compactbench's own policies every run of the report includes, beside the frameworks' */
export const BASELINES = ['none', 'hermes'] as const;

export type Cell =
  | { id: string; node: NodeMajor; ran: true; install: FrameworkInstall; spec: string }
  | { id: string; node: NodeMajor; ran: false; why: string };

/** Why `install` cannot run here (a package missing or at another version), or undefined when it can. */
export type InstallCheck = (install: FrameworkInstall) => string | undefined;

/** The `--policy` spec of an entry run from its oracle folder: the install's params, then packageDir. */
export function specOf(def: PolicyDefinition, install: FrameworkInstall): string {
  const params = [install.params, def.params.some((p) => p.name === 'packageDir') ? `packageDir=${install.dir}` : undefined].filter(Boolean);
  return params.length ? `${def.id}:${params.join(',')}` : def.id;
}

/**
 * Every entry × every Node major. `nodeMissing(node)` says why that Node cannot be had (e.g. the registry
 * was unreachable), or undefined.
 */
export function planCells(defs: readonly PolicyDefinition[], nodes: readonly NodeMajor[], check: InstallCheck,
  nodeMissing: (node: NodeMajor) => string | undefined = () => undefined): Cell[] {
  const cells: Cell[] = [];
  for (const def of defs) {
    const req = requirementOf(def.id);
    for (const node of nodes) {
      const install = req.installs.find((i) => i.node === node);
      const why = !install ? `its packages need Node ${req.nodeRange} (${req.limitedBy})` : nodeMissing(node) ?? check(install);
      cells.push(install && !why ? { id: def.id, node, ran: true, install, spec: specOf(def, install) } : { id: def.id, node, ran: false, why: why! });
    }
  }
  return cells;
}

/** A session that failed in a run: the entry and the reason, for the table. */
export interface FailedSession {
  node: NodeMajor;
  policy: string;
  scenario: string;
  seed: string;
  error: string;
}

/** The "ran where" table: one row per entry, one column per Node major (Node 22's exact version named). */
export function ranWhereTable(cells: readonly Cell[], nodes: readonly NodeMajor[], nodeLabel: (n: NodeMajor) => string,
  sessions: (node: NodeMajor, id: string) => { total: number; failed: number }): string {
  const ids = [...new Set(cells.map((c) => c.id))];
  const lines = [`| entry | ${nodes.map(nodeLabel).join(' | ')} |`, `|---|${nodes.map(() => '---|').join('')}`];
  for (const id of ids) {
    const row = nodes.map((node) => {
      const c = cells.find((x) => x.id === id && x.node === node)!;
      if (!c.ran) return `not run: ${c.why}`;
      const s = sessions(node, id);
      const failed = s.failed ? `, **${s.failed} of ${s.total} sessions failed**` : `, ${s.total} sessions`;
      return `ran: ${packagesText(c.install)}, as \`${c.spec}\`${failed}`;
    });
    lines.push(`| \`${id}\` | ${row.join(' | ')} |`);
  }
  const own = nodes.map((node) => `ran: compactbench's own, ${sessions(node, BASELINES[0]).total} sessions each`);
  lines.push(`| ${BASELINES.map((b) => `\`${b}\``).join(', ')} (baselines) | ${own.join(' | ')} |`);
  return lines.join('\n');
}

/** The overview of a run's summary.md: its "## Verdict" section up to the first scenario. */
export function verdictOverview(summaryMd: string): string {
  const start = summaryMd.indexOf('## Verdict\n');
  if (start < 0) return '(no verdict: see the run summary)';
  const body = summaryMd.slice(start + '## Verdict\n'.length);
  const end = body.search(/^#{2,3} /m);
  return (end < 0 ? body : body.slice(0, end)).trim();
}

type Row = Record<string, string>;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * Per policy and Node, each scenario's mean cost per session and cache breaks per 100 steps over the
 * seeds (sessions that failed are counted apart, not averaged in).
 */
export function costTable(rowsByNode: ReadonlyMap<NodeMajor, readonly Row[]>, nodeLabel: (n: NodeMajor) => string): string {
  const all = [...rowsByNode.values()].flat();
  const scenarios = [...new Set(all.map((r) => r.scenario!))];
  const lines = [`| policy | Node | ${scenarios.join(' | ')} |`, `|---|---|${scenarios.map(() => '--:|').join('')}`];
  for (const [node, rows] of rowsByNode) {
    for (const label of [...new Set(rows.map((r) => r.policyLabel!))]) {
      const cells = scenarios.map((s) => {
        const mine = rows.filter((r) => r.policyLabel === label && r.scenario === s);
        const ok = mine.filter((r) => r.failed === '0');
        if (!ok.length) return mine.length ? 'failed' : '';
        const text = `${mean(ok.map((r) => Number(r.costTotal))).toFixed(3)} (${mean(ok.map((r) => Number(r.breaksPer100Steps))).toFixed(1)})`;
        return ok.length < mine.length ? `${text}, ${mine.length - ok.length} failed` : text;
      });
      lines.push(`| \`${label}\` | ${nodeLabel(node)} | ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}
