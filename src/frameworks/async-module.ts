/**
 * A policy module that declares itself asynchronous (`export const async = true` and `createAsync`) as a
 * PolicyDefinition whose instances run through the bridge: the module is imported again on the host
 * thread, where its hooks run.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ParamSpec, PolicyDefinition } from '../policies/types.js';
import { bridgedPolicy } from './bridge/client.js';

export function asyncDefinition(mod: Record<string, unknown>, file: string): PolicyDefinition | undefined {
  if (mod.async !== true || typeof mod.createAsync !== 'function') return undefined;
  const id = typeof mod.id === 'string' ? mod.id : path.basename(file).replace(/\.[^.]+$/, '');
  const url = pathToFileURL(file).href;
  return {
    id,
    description: typeof mod.description === 'string' ? mod.description : `asynchronous policy module ${file}`,
    source: file,
    params: Array.isArray(mod.params) ? (mod.params as ParamSpec[]) : [],
    create: (params) => bridgedPolicy(url, id, params),
  };
}
