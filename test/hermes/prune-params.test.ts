import { describe, expect, it } from 'vitest';
import { adaptivePruneMinimum, pruneTargetTokens } from '../../src/policies/hermes/prune-first.js';
import { hermesRunwayPolicy } from '../../src/policies/hermes/index.js';
import { resolveParams } from '../../src/policies/params.js';

describe('seed 003 prune sizes as parameters', () => {
  const base = { contextLength: 200_000, thresholdTokens: 150_000, protectFirstN: 3, protectLastN: 20, acceptance: 'runway' as const, runwayFraction: 0.15 };

  it('defaults to the adaptive minimum, which the runway rule uses when it is the larger', () => {
    expect(adaptivePruneMinimum(200_000)).toBe(10_000);
    expect(pruneTargetTokens(base)).toBe(150_000 - 22_500);
    expect(pruneTargetTokens({ ...base, runwayFraction: 0.01 })).toBe(150_000 - 10_000);
  });

  it('an explicit prune minimum replaces the adaptive one', () => {
    expect(pruneTargetTokens({ ...base, pruneMinimumTokens: 40_000 })).toBe(150_000 - 40_000);
  });

  it('is exposed on hermes-runway with 0 meaning adaptive', () => {
    const p = resolveParams(hermesRunwayPolicy, { pruneMinimumTokens: '40000' });
    expect(p.pruneMinimumTokens).toBe(40_000);
    expect(p.pruneProtectTokens).toBe(0);
  });
});
