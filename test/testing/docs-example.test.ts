/** The example policy in docs/writing-a-policy.md is real: it is this module, and it passes the check. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPolicy, formatReport } from '../../src/testing/index.js';
import { loadTarget } from '../../src/testing/policy-module.js';

describe('docs/writing-a-policy.md example', () => {
  it('is the same code as test/testing/modules/clear-old-outputs.ts', () => {
    const doc = readFileSync('docs/writing-a-policy.md', 'utf8');
    const module = readFileSync('test/testing/modules/clear-old-outputs.ts', 'utf8').split('\n').slice(1).join('\n');
    expect(doc).toContain(module);
  });

  it('holds every invariant', async () => {
    const target = await loadTarget('test/testing/modules/clear-old-outputs.ts', { keep: '2' });
    const report = checkPolicy(target, { runs: 30 });
    expect(report.ok, formatReport(report, { policyRef: 'clear-old-outputs' })).toBe(true);
  }, 60_000);
});
