import { describe, expect, it } from 'vitest';
import { REGISTRY, getPolicy, resolvePolicySpec } from '../../src/policies/registry.js';
import { versionNames, versionOf } from '../../src/policies/versions.js';
import { nonePolicy } from '../../src/policies/none.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { policyCatalogue } from '../../src/cli/commands/policies.js';

const toy: PolicyDefinition = {
  ...nonePolicy,
  id: 'toy',
  version: '2.0',
  params: [{ name: 'limit', type: 'integer', default: 20, description: 'a limit' }],
  versions: { '1.0': { description: 'limit was 4', defaults: { limit: 4 } } },
};

describe('policy versions', () => {
  it('every registered policy names the upstream version it follows', () => {
    for (const def of REGISTRY.values()) expect(def.version, def.id).toMatch(/\S/);
    for (const p of policyCatalogue()) expect(p.version, p.id).toBeTruthy();
  });

  it('id@current is the registered definition itself', () => {
    for (const def of REGISTRY.values()) expect(getPolicy(`${def.id}@${def.version}`)).toBe(def);
  });

  it('an older version is derived under id@version with its own defaults', () => {
    const old = versionOf(toy, '1.0');
    expect(old.id).toBe('toy@1.0');
    expect(old.version).toBe('1.0');
    expect(old.params[0]!.default).toBe(4);
    expect(toy.params[0]!.default).toBe(20);
    expect(versionNames(toy)).toEqual(['2.0', '1.0']);
  });

  it('an unknown version is an error naming the known ones', () => {
    expect(() => versionOf(toy, '3.0')).toThrow(/unknown version "3.0"; known versions: 2.0, 1.0/);
    const anyDef = [...REGISTRY.values()][0]!;
    expect(() => getPolicy(`${anyDef.id}@no-such-version`)).toThrow(/unknown version/);
  });

  it('a version whose defaults name a missing parameter is rejected', () => {
    const bad: PolicyDefinition = { ...toy, versions: { x: { description: 'bad', defaults: { nope: 1 } } } };
    expect(() => versionOf(bad, 'x')).toThrow(/unknown parameter "nope"/);
  });

  it('the CLI form takes parameters after a versioned id', () => {
    const def = [...REGISTRY.values()].find((d) => d.params.length > 0)!;
    const p = def.params[0]!;
    const value = p.type === 'boolean' ? String(!p.default) : p.type === 'enum' ? p.values![0]! : String(p.default);
    const r = resolvePolicySpec(`${def.id}@${def.version}:${p.name}=${value}`);
    expect(r.def).toBe(def);
  });
});
