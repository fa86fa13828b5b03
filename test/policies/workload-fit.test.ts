import { describe, expect, it } from 'vitest';
import { policyCatalogue } from '../../src/cli/commands/policies.js';
import { getPolicy } from '../../src/policies/registry.js';
import { WORKLOAD_FITS, workloadFitOf } from '../../src/policies/workload-fit.js';
import { workloadCaveat } from '../../src/report/verdict-caveats.js';

describe('workload fit of the agent ports', () => {
  it('names a registered policy for every statement, and says aider does not fit the tool-loop workloads', () => {
    for (const id of Object.keys(WORKLOAD_FITS)) expect(() => getPolicy(id)).not.toThrow();
    expect(WORKLOAD_FITS.aider!.fits).toBe(false);
    expect(WORKLOAD_FITS.aider!.leavesOut).toMatch(/repo map/);
    expect(Object.entries(WORKLOAD_FITS).filter(([, f]) => !f.fits).map(([id]) => id)).toEqual(['aider']);
  });

  it('is in each policies --json entry (null for a policy that is no agent port), versions sharing their base', () => {
    const cat = new Map(policyCatalogue().map((p) => [p.id, p]));
    expect(cat.get('aider')!.workloadFit).toEqual(WORKLOAD_FITS.aider);
    expect(cat.get('gemini-cli')!.workloadFit?.fits).toBe(true);
    expect(cat.get('none')!.workloadFit).toBeNull();
    expect(workloadFitOf(getPolicy('gemini-cli@5411f113'))).toBe(WORKLOAD_FITS['gemini-cli']);
    // Hermes' variants run in Hermes' own loop: they state Hermes'
    for (const id of ['hermes', 'hermes@8fa8aabb', 'hermes-runway', 'hermes-background', 'hermes+insertion-trim']) expect(cat.get(id.split('@')[0]!) ? workloadFitOf(getPolicy(id)) : undefined).toBe(WORKLOAD_FITS.hermes);
    expect(cat.get('hermes-runway')!.workloadFit).toEqual(WORKLOAD_FITS.hermes);
  });

  it('adds a caveat to a verdict that ranks a port on a workload it does not fit, and only then', () => {
    const ranked = [{ policy: 'codex', policyLabel: 'codex' }, { policy: 'aider', policyLabel: 'aider:maxChatHistoryTokens=4096' }];
    expect(workloadCaveat(ranked)).toMatch(/^ Caveat: aider:maxChatHistoryTokens=4096 is ranked on a tool-loop workload/);
    expect(workloadCaveat(ranked.slice(0, 1))).toBe('');
  });
});
