/**
 * `id@version`: selecting another upstream version of a registered policy. The current version is what
 * users of the agent run today (the registry default); older behaviour stays reachable by name, e.g.
 * `hermes@0000416b` and `hermes@8fa8aabb`, each checked against conformance cases its own upstream produced.
 */
import { ParamError } from './params.js';
import type { PolicyDefinition } from './types.js';

/** Every version a definition can be selected at: its own first, then the named older ones. */
export function versionNames(def: PolicyDefinition): string[] {
  return [...(def.version ? [def.version] : []), ...Object.keys(def.versions ?? {})];
}

/**
 * The definition of `def` at `version`. The current version is `def` itself (same id, so records
 * compare with unversioned runs); another is derived under the id `id@version`, so both can run side
 * by side in one report.
 */
export function versionOf(def: PolicyDefinition, version: string): PolicyDefinition {
  if (version === def.version) return def;
  const v = def.versions?.[version];
  if (!v) {
    const known = versionNames(def);
    throw new ParamError(
      `policy ${def.id}: unknown version ${JSON.stringify(version)}; known versions: ${known.length ? known.join(', ') : '(none)'}`,
    );
  }
  const id = `${def.id}@${version}`;
  if (v.definition) return { ...v.definition, id, version, versions: undefined };
  const defaults = v.defaults ?? {};
  for (const name of Object.keys(defaults)) {
    if (!def.params.some((p) => p.name === name)) throw new ParamError(`policy ${id}: version defaults name unknown parameter ${JSON.stringify(name)}`);
  }
  return {
    ...def,
    id,
    version,
    versions: undefined,
    description: `${def.description} [${version}: ${v.description}]`,
    params: def.params.map((p) => (p.name in defaults ? { ...p, default: defaults[p.name]! } : p)),
  };
}
