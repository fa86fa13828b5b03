/**
 * Loading the policy to check: a registered id, or a module file the user points at.
 *
 * A policy module (.js/.mjs, or TypeScript .ts/.mts/.cts, which tsx's programmatic loader compiles
 * wherever the file lives) exports one of, in this order of preference:
 * 1. `export default` a PolicyDefinition (`{ id, description, source, params, create }`);
 * 2. `export const policy` a PolicyDefinition;
 * 3. `export function create(params)` (or a default-exported function) returning a ContextPolicy,
 *    with optional `export const id`, `description` and `params` (ParamSpec[]; `--param` overrides
 *    are validated against them, so declare the ones you accept).
 * 4. `export const async = true` and `export function createAsync(params)` returning an asynchronous
 *    policy (hooks may return Promises; src/frameworks/async-policy.ts), which runs through the bridge.
 * It may also `export const claims` (PreserveClaims): text it promises to keep, checked by
 * `claimed-text-kept`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FRAMEWORK_REGISTRY, REGISTRY, policyIds } from '../policies/registry.js';
import { parsePolicySpec } from '../policies/params.js';
import type { RawParams } from '../policies/params.js';
import type { ContextPolicy, ParamSpec, PolicyDefinition } from '../policies/types.js';
import type { PolicyTarget } from './drive.js';
import { asyncDefinition } from '../frameworks/async-module.js';
import type { PreserveClaims } from './invariant.js';

/** A policy module or id that cannot be used (the CLI reports it and exits 1). */
export class PolicyLoadError extends Error {
  override name = 'PolicyLoadError';
}

export interface LoadedTarget extends PolicyTarget {
  /** the file the policy came from, or undefined for a registered id */
  file?: string;
}

const isDefinition = (v: unknown): v is PolicyDefinition =>
  !!v && typeof v === 'object' && typeof (v as PolicyDefinition).id === 'string' && typeof (v as PolicyDefinition).create === 'function';

/** Whether a `--policy` value names a file rather than a registered id. */
export function looksLikePath(ref: string): boolean {
  return /[\\/]/.test(ref) || /\.(m?[jt]s|cjs|cts|mts)$/.test(ref);
}

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
 * Imports a module file. TypeScript goes through tsx's `tsImport`, scoped to this one import (no global
 * loader), so a .ts policy loads from the compiled CLI and from any folder, ESM package or not.
 */
async function importModule(abs: string, query = ''): Promise<Record<string, unknown>> {
  const url = pathToFileURL(abs).href + query;
  if (!/\.[cm]?ts$/i.test(abs)) return (await import(url)) as Record<string, unknown>;
  const { tsImport } = await import('tsx/esm/api');
  const mod = (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  // Outside an ESM package tsx compiles the file to CommonJS; Node then exposes its `exports` object as
  // `default` (marked __esModule), which holds the module's own exports, its `default` included.
  const cjs = mod.default as Record<string, unknown> | undefined;
  return cjs && typeof cjs === 'object' && cjs.__esModule === true ? cjs : mod;
}

/** Imports a policy module and finds its definition (see the conventions above). */
export async function loadPolicyModule(file: string, cwd = process.cwd()): Promise<LoadedTarget> {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) throw new PolicyLoadError(`policy module ${file} not found (looked at ${abs})`);
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(abs);
  } catch (e) {
    throw new PolicyLoadError(`policy module ${file} failed to load: ${e instanceof Error ? e.message : String(e)}`);
  }
  const def = isDefinition(mod.default) ? mod.default : isDefinition(mod.policy) ? mod.policy : asyncDefinition(mod, abs) ?? fromFactory(mod, file);
  if (!def) {
    throw new PolicyLoadError(
      `policy module ${file} exports no policy: export default a PolicyDefinition, export const policy, or export function create(params) returning a ContextPolicy`,
    );
  }
  const claims = mod.claims && typeof mod.claims === 'object' ? (mod.claims as PreserveClaims) : undefined;
  return { def, file: abs, ...(claims ? { claims } : {}), reload: () => reimport(abs) };
}

let instances = 0;

/**
 * The module's definition from a new instance of it: a distinct query string makes the ESM loader
 * evaluate the file again, so its module-scope variables start fresh (its own imports stay shared).
 */
async function reimport(abs: string): Promise<PolicyDefinition> {
  const mod = await importModule(abs, `?compactbench-instance=${++instances}`);
  const def = isDefinition(mod.default) ? mod.default : isDefinition(mod.policy) ? mod.policy : fromFactory(mod, abs);
  if (!def) throw new PolicyLoadError(`policy module ${abs} exports no policy when imported again`);
  return def;
}

/** A registered id or a module path, with parameter overrides. Unknown ids list the registered ones. */
export async function loadTarget(ref: string, params: RawParams = {}, cwd = process.cwd()): Promise<LoadedTarget> {
  const registered = REGISTRY.get(ref);
  if (registered && !looksLikePath(ref)) return { def: registered, params };
  // a framework adapter, in its short or long form (`ai-sdk:./prepare-step.ts`), with its parameters
  const spec = parsePolicySpec(ref);
  const framework = FRAMEWORK_REGISTRY.get(spec.id);
  if (framework) return { def: framework, params: { ...spec.overrides, ...params } };
  if (looksLikePath(ref) || existsSync(path.resolve(cwd, ref))) return { ...(await loadPolicyModule(ref, cwd)), params };
  throw new PolicyLoadError(`unknown policy ${JSON.stringify(ref)}: not a registered id (${policyIds().join(', ')}) and not a file`);
}
