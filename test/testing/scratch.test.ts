import { it } from 'vitest';
import fc from 'fast-check';
import { drive } from '../../src/testing/drive.js';
import { caseArbitrary } from '../../src/testing/property.js';
import { lastUserKept } from '../../src/testing/invariants/content.js';
import { REGISTRY } from '../../src/policies/registry.js';

it('scratch', () => {
  const def = REGISTRY.get('threshold-summary')!;
  let n = 0; let t = 0; let maxT = 0; let big: unknown;
  const d = fc.check(fc.property(caseArbitrary({ def }), (c) => {
    n++; const t0 = performance.now();
    const f = lastUserKept.check(drive({ def }, c));
    const dt = performance.now() - t0; t += dt; if (dt > maxT) { maxT = dt; big = c; }
    return f === null;
  }), { seed: 1, numRuns: 25 });
  console.log({ n, t, maxT, shrinks: d.numShrinks, failed: d.failed });
  console.log(JSON.stringify(big).slice(0, 2000));
}, 600_000);
