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
import { FRAMEWORK_REGISTRY, REGISTRY, policyIds } from '../policies/registry.js';
import { parsePolicySpec } from '../policies/params.js';
import type { RawParams } from '../policies/params.js';
import type { PolicyDefinition } from '../policies/types.js';
import type { PolicyTarget } from './drive.js';
import type { PreserveClaims } from './invariant.js';
import { importDefinition, PolicyLoadError } from './module-import.js';

export { PolicyLoadError } from './module-import.js';

export interface LoadedTarget extends PolicyTarget {
  /** the file the policy came from, or undefined for a registered id */
  file?: string;
}

/** Whether a `--policy` value names a file rather than a registered id. */
export function looksLikePath(ref: string): boolean {
  return /[\\/]/.test(ref) || /\.(m?[jt]s|cjs|cts|mts)$/.test(ref);
}

/**
 * Imports a policy module into this thread and finds its definition (see the conventions above). Its
 * top-level code runs here: the CLI calls this only on an isolated worker (sim/module-probe.ts).
 */
export async function loadPolicyModule(file: string, cwd = process.cwd()): Promise<LoadedTarget> {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) throw new PolicyLoadError(`policy module ${file} not found (looked at ${abs})`);
  const { def, mod } = await importDefinition(abs, file);
  let claims: PreserveClaims | undefined;
  try {
    claims = mod.claims && typeof mod.claims === 'object' ? (mod.claims as PreserveClaims) : undefined;
  } catch {
    claims = undefined;
  }
  return { def, file: abs, ...(claims ? { claims } : {}), reload: () => reimport(abs) };
}

let instances = 0;

/**
 * The module's definition from a new instance of it: a distinct query string makes the ESM loader
 * evaluate the file again, so its module-scope variables start fresh (its own imports stay shared).
 */
async function reimport(abs: string): Promise<PolicyDefinition> {
  return (await importDefinition(abs, abs, `?compactbench-instance=${++instances}`)).def;
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
