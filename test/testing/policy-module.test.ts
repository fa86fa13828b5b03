import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../src/policies/registry.js';
import { loadPolicyModule, loadTarget, looksLikePath, PolicyLoadError } from '../../src/testing/policy-module.js';
import { checkPolicy } from '../../src/testing/property.js';

describe('policy modules', () => {
  it('accept a default-exported definition, a named `policy`, or a `create` function', async () => {
    expect((await loadPolicyModule('test/testing/broken/split-pair.ts')).def.id).toBe('broken-split-pair');
    expect((await loadPolicyModule('test/testing/broken/drop-last-user.ts')).def.id).toBe('broken-drop-last-user');
    const created = await loadPolicyModule('test/testing/broken/mutate-input.ts');
    expect(created.def.id).toBe('broken-mutate-input');
    expect(created.def.create({}).id).toBe('broken-mutate-input');
  });

  it('carry declared params (validated) and claims', async () => {
    const t = await loadTarget('test/testing/modules/claims-strip.ts', { fraction: '0.7' });
    expect(resolvePolicy(t.def, t.params).params).toEqual({ fraction: 0.7 });
    expect(() => resolvePolicy(t.def, { nope: '1' })).toThrow(/unknown parameter "nope"; valid parameters: fraction/);
    expect(t.claims).toEqual({ assistantText: true });
    const report = checkPolicy(t, { runs: 20, invariants: ['claimed-text-kept'] });
    expect(report.results[0]!.ok).toBe(false);
  });

  it('explain what is wrong with a module or id', async () => {
    await expect(loadPolicyModule('test/testing/modules/no-policy.ts')).rejects.toThrow(/exports no policy: export default a PolicyDefinition/);
    await expect(loadPolicyModule('test/testing/modules/missing.ts')).rejects.toBeInstanceOf(PolicyLoadError);
    await expect(loadTarget('nonexistent-id')).rejects.toThrow(/not a registered id/);
    expect((await loadTarget('none')).def.id).toBe('none');
    expect([looksLikePath('hermes'), looksLikePath('./x.ts'), looksLikePath('dir/x'), looksLikePath('x.mjs')]).toEqual([false, true, true, true]);
  });
});
