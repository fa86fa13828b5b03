/**
 * Importing a policy module file and finding its definition (the conventions are in policy-module.ts).
 * Kept apart from the registry so that a worker thread reading a module's definition (sim/module-probe.ts)
 * loads only this. Everything a module hands back is untrusted: a getter, a Proxy or a thrown object
 * whose `toString` throws must end as a PolicyLoadError with a message, never an internal error.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContextPolicy, ParamSpec, PolicyDefinition } from '../policies/types.js';
import { asyncDefinition } from '../frameworks/async-module.js';

/** A policy module or id that cannot be used (the CLI reports it and exits 1). */
export class PolicyLoadError extends Error {
  override name = 'PolicyLoadError';
}

/** A thrown value as text, whatever it is (an Error, a string, an object whose toString throws, a Symbol). */
export function describeThrown(e: unknown): string {
  try {
    if (e instanceof Error) return String(e.message);
    return typeof e === 'symbol' ? e.toString() : String(e);
  } catch {
    try {
      return `a thrown ${Object.prototype.toString.call(e)} that cannot be printed`;
    } catch {
      return 'a thrown value that cannot be printed';
    }
  }
}

const isDefinition = (v: unknown): v is PolicyDefinition =>
  !!v && typeof v === 'object' && typeof (v as PolicyDefinition).id === 'string' && typeof (v as PolicyDefinition).create === 'function';

function fromFactory(mod: Record<string, unknown>, file: string): PolicyDefinition | undefined {
  const create = typeof mod.create === 'function' ? mod.create : typeof mod.default === 'function' ? mod.default : undefined;
  if (!create) return undefined;
  const id = typeof mod.id === 'string' ? mod.id : path.basename(file).replace(/\.[^.]+$/, '');
  return {
    id,
    description: typeof mod.description === 'string' ? mod.description : `policy module ${file}`,
    source: file,
    params: Array.isArray(mod.params) ? (mod.params as ParamSpec[]) : [],
    create: (params) => (create as (p: Readonly<Record<string, unknown>>) => ContextPolicy)(params),
  };
}

/**
 * The module's definition: `default`, then `policy`, then an asynchronous module (`async = true` and
 * `createAsync`, run through the bridge: frameworks/async-module.ts), then a `create` factory.
 */
export function definitionOf(mod: Record<string, unknown>, file: string, abs = file): PolicyDefinition {
  let def: PolicyDefinition | undefined;
  try {
    def = isDefinition(mod.default) ? mod.default : isDefinition(mod.policy) ? mod.policy : asyncDefinition(mod, abs) ?? fromFactory(mod, file);
  } catch (e) {
    throw new PolicyLoadError(`policy module ${file}: reading its exports threw: ${describeThrown(e)}`);
  }
  if (!def) {
    throw new PolicyLoadError(
      `policy module ${file} exports no policy: export default a PolicyDefinition, export const policy, or export function create(params) returning a ContextPolicy`,
    );
  }
  return def;
}

/**
 * Imports a module file. TypeScript goes through tsx's `tsImport`, scoped to this one import (no global
 * loader), so a .ts policy loads from the compiled CLI and from any folder, ESM package or not.
 */
export async function importModule(abs: string, query = ''): Promise<Record<string, unknown>> {
  const url = pathToFileURL(abs).href + query;
  if (!/\.[cm]?ts$/i.test(abs)) return (await import(url)) as Record<string, unknown>;
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  // Outside an ESM package tsx compiles the file to CommonJS; Node then exposes its `exports` object as
  // `default` (marked __esModule), which holds the module's own exports, its `default` included.
  const cjs = mod.default as Record<string, unknown> | undefined;
  return cjs && typeof cjs === 'object' && cjs.__esModule === true ? cjs : mod;
}

/** Imports `abs` and finds its definition; any failure is a PolicyLoadError naming `file`. */
export async function importDefinition(abs: string, file: string, query = ''): Promise<{ def: PolicyDefinition; mod: Record<string, unknown> }> {
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(abs, query);
  } catch (e) {
    throw new PolicyLoadError(`policy module ${file} failed to load: ${describeThrown(e)}`);
  }
  return { def: definitionOf(mod, file, abs), mod };
}
