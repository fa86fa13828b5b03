import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { it } from 'vitest';
import fc from 'fast-check';
import { drive } from '../../src/testing/drive.js';
import { policyCaseArb } from '../../src/testing/arbitraries.js';
import { INVARIANTS } from '../../src/testing/invariants/index.js';
import type { PolicyDefinition } from '../../src/policies/types.js';

it('timing', async () => {
  const mod = await import(pathToFileURL(path.resolve('src/policies/hermes/definitions.ts')).href);
  const def = Object.values(mod).find((d: any) => d?.id === 'hermes') as PolicyDefinition;
  const cases = fc.sample(policyCaseArb(), { seed: 1, numRuns: 25 });
  const rows: string[] = [];
  for (const c of cases) {
    let t0 = performance.now();
    const obs = drive({ def }, c);
    const td = performance.now() - t0;
    t0 = performance.now();
    for (const inv of INVARIANTS) if (inv.name !== 'deterministic') inv.check(obs);
    rows.push(`${c.context.contextWindow} fill=${c.context.fill} drive=${td.toFixed(0)} inv=${(performance.now() - t0).toFixed(0)} transitions=${obs.transitions.length}`);
  }
  console.log(rows.join('\n'));
}, 600_000);
