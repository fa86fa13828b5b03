/** `compactbench policies [--json]`: the registered policies, their sources and parameters. */
import type { Command } from 'commander';
import { FRAMEWORK_REGISTRY, REGISTRY } from '../../policies/registry.js';
import { workloadFitOf } from '../../policies/workload-fit.js';

export function policyCatalogue() {
  return [...REGISTRY.values(), ...FRAMEWORK_REGISTRY.values()].map((d) => ({
    id: d.id,
    /** a framework adapter (docs/frameworks.md): runs the framework's own code; not in the default set */
    framework: FRAMEWORK_REGISTRY.has(d.id),
    description: d.description,
    source: d.source,
    /** the upstream version followed by default (release, commit or date) */
    version: d.version ?? null,
    /** other versions, selectable as `id@version` */
    versions: Object.fromEntries(Object.entries(d.versions ?? {}).map(([v, spec]) => [v, spec.description])),
    params: d.params.map((p) => ({ name: p.name, type: p.type, default: p.default, description: p.description, ...(p.values ? { values: p.values } : {}), ...(p.min !== undefined ? { min: p.min } : {}), ...(p.max !== undefined ? { max: p.max } : {}) })),
    /** invariants the modelled upstream system does not hold by design (see `compactbench check`) */
    upstreamProperties: d.upstreamProperties ?? {},
    /** for an agent's port: whether the workload has the agent's shape, what it assumes, what it leaves out */
    workloadFit: workloadFitOf(d) ?? null,
  }));
}

export function register(program: Command): void {
  program
    .command('policies')
    .description('list the registered policies with their sources and parameters')
    .option('--json', 'print a JSON array of {id, description, source, version, versions, params, upstreamProperties, workloadFit}')
    .action((opts: { json?: boolean }) => {
      const list = policyCatalogue();
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      for (const p of list) {
        process.stdout.write(`${p.id}\n  ${p.description}\n  source: ${p.source}\n  version: ${p.version ?? '(none)'}\n`);
        for (const [v, what] of Object.entries(p.versions)) process.stdout.write(`  also ${p.id}@${v}: ${what}\n`);
        for (const q of p.params) process.stdout.write(`    ${q.name} (${q.type}, default ${JSON.stringify(q.default)}): ${q.description}\n`);
        for (const [name, why] of Object.entries(p.upstreamProperties)) process.stdout.write(`  documented upstream property ${name}: ${why}\n`);
        if (p.workloadFit) {
          process.stdout.write(`  workload: ${p.workloadFit.fits ? 'fits' : 'does NOT fit compactbench\'s tool-loop workloads'}; assumes ${p.workloadFit.assumes}; leaves out ${p.workloadFit.leavesOut}\n`);
        }
      }
    });
}
