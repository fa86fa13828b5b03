import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { it } from 'vitest';
import { checkPolicy } from '../../src/testing/property.js';
import { formatReport } from '../../src/testing/repro.js';
import type { PolicyDefinition } from '../../src/policies/types.js';

const FILES = ['claude-code/policy', 'claude-code/tutorial', 'microcompact', 'hermes/definitions', 'insertion-trim', 'anthropic/definitions', 'opencode/policy', 'opencode/two-phase', 'threshold-summary', 'none'];
const ONLY = (process.env.ONLY ?? '').split(',').filter(Boolean);
const INV = (process.env.INV ?? '').split(',').filter(Boolean);
it('scratch', async () => {
  const defs: PolicyDefinition[] = [];
  for (const f of FILES) {
    const mod = await import(pathToFileURL(path.resolve('src/policies', f + '.ts')).href);
    for (const v of Object.values(mod)) {
      const list = Array.isArray(v) ? v : [v];
      for (const d of list) if (d && typeof d === 'object' && typeof (d as PolicyDefinition).create === 'function' && typeof (d as PolicyDefinition).id === 'string' && !defs.some((x) => x.id === (d as PolicyDefinition).id)) defs.push(d as PolicyDefinition);
    }
  }
  for (const def of defs) {
    if (ONLY.length && !ONLY.includes(def.id)) continue;
    const t0 = performance.now();
    const r = checkPolicy({ def }, { runs: Number(process.env.RUNS ?? 25), invariants: INV });
    console.log(def.id, (performance.now() - t0).toFixed(0), 'ms', r.results.filter((x) => !x.ok).map((x) => x.name).join(' '));
    writeFileSync(`/tmp/cbs/report-${def.id}.txt`, formatReport(r, { policyRef: def.id }));
  }
}, 900_000);
