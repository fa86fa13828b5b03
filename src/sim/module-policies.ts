/**
 * Policy modules as the plan sees them. A module's top-level code must not run in the main process (it
 * could patch `Array.prototype`, `Math` or `JSON` under every other policy, or end the process), so the
 * plan holds a stand-in built from the module's metadata (read on a throwaway worker: module-probe.ts).
 * Its `create` works only on a thread that loaded the real module first (`loadModuleHere`): the isolated
 * worker running that module's cells, and nothing else (parallel.ts).
 */
import { importDefinition, PolicyLoadError } from '../testing/module-import.js';
import type { ParamSpec, PolicyDefinition } from '../policies/types.js';

/** What the plan needs of a module without running it: serializable, so workers get it with the plan. */
export interface ModuleMeta {
  /** absolute path */
  file: string;
  id: string;
  description: string;
  params: ParamSpec[];
}

// taken before any module runs on this thread: a module may patch the globals (metaOf must still work)
const { parse, stringify } = JSON;
const { isArray } = Array;
const stubs = new WeakMap<PolicyDefinition, ModuleMeta>();
const loaded = new Map<string, PolicyDefinition>();

/** The stand-in definition of a module: its metadata, and a `create` that needs the module loaded on this thread. */
export function moduleDefinition(meta: ModuleMeta): PolicyDefinition {
  const def: PolicyDefinition = {
    id: meta.id,
    description: meta.description,
    source: meta.file,
    params: meta.params,
    create: (params) => {
      const real = loaded.get(meta.file);
      if (!real) throw new Error(`policy module ${meta.file} runs only on its isolated worker`);
      return real.create(params);
    },
  };
  stubs.set(def, meta);
  return def;
}

/** The module behind a stand-in definition; undefined for a registered policy. */
export const moduleOf = (def: PolicyDefinition): ModuleMeta | undefined => stubs.get(def);

/** Imports the module into this thread (an isolated worker) so its stand-in can create policies. */
export async function loadModuleHere(meta: ModuleMeta): Promise<void> {
  if (loaded.has(meta.file)) return;
  const { def } = await importDefinition(meta.file, meta.file);
  if (def.id !== meta.id) throw new PolicyLoadError(`policy module ${meta.file} gave the id ${JSON.stringify(def.id)} on its worker but ${JSON.stringify(meta.id)} when it was first read`);
  loaded.set(meta.file, def);
}

/** The serializable metadata of a definition; a module whose parameters cannot be copied fails to load. */
export function metaOf(def: PolicyDefinition, file: string): ModuleMeta {
  try {
    const params = parse(stringify(def.params ?? [])) as unknown;
    if (!isArray(params)) throw new Error("params is not an array");
    return { file, id: String(def.id), description: String(def.description ?? ''), params: params as ParamSpec[] };
  } catch (e) {
    throw new PolicyLoadError(`policy module ${file}: its id, description or params cannot be read (${e instanceof Error ? e.message : 'not printable'})`);
  }
}
