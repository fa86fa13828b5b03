/**
 * How every framework entry is created: a bridged policy (bridge/client.ts) whose adapter module lives
 * beside the entry's definition. A host that cannot start makes every hook fail with the reason, so the
 * session becomes a failure row naming it, never a crash of the run.
 */
import type { ContextPolicy } from '../policies/types.js';
import { bridgedPolicy } from './bridge/client.js';

type Create = (params: Readonly<Record<string, unknown>>) => ContextPolicy;

/** The URL of the adapter module `rel` (without extension) next to `base` (an import.meta.url), from source or built. */
export function adapterModule(base: string, rel: string): string {
  return new URL(base.endsWith('.ts') ? `${rel}.ts` : `${rel}.js`, base).href;
}

/** A policy whose every hook fails with `why`. */
function failing(id: string, params: Readonly<Record<string, unknown>>, why: string): ContextPolicy {
  const fail = (): never => {
    throw new Error(why);
  };
  return { id, params, beforeStep: fail, onAppend: fail };
}

/** The `create` of entry `id`, whose adapter is the module at `moduleUrl` (adapterModule). */
export function bridgedCreate(id: string, moduleUrl: string): Create {
  return (params) => {
    try {
      return bridgedPolicy(moduleUrl, id, params);
    } catch (e) {
      return failing(id, params, e instanceof Error ? e.message : String(e));
    }
  };
}
