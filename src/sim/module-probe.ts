/**
 * Reading a policy module's metadata (id, description, params) without running its code here: the
 * module is imported on a throwaway isolated worker (isolated-worker.ts), which answers with the
 * metadata and is stopped. A module whose top level throws, exits, hangs, never settles, exceeds the
 * heap or exports nothing usable is a PolicyLoadError naming it, within the --hook-budget.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { PolicyLoadError } from '../testing/module-import.js';
import { DEFAULT_ISOLATION, type IsolationLimits } from './isolation.js';
import { runIsolated } from './isolated-worker.js';
import type { ModuleMeta } from './module-policies.js';

let limits: IsolationLimits = DEFAULT_ISOLATION;
const probed = new Map<string, Promise<ModuleMeta>>();

/** The budget and heap cap of module loading (the CLI's --hook-budget and --policy-heap-mb). */
export function setProbeLimits(l: IsolationLimits): void {
  limits = l;
}

const isMeta = (v: unknown): v is ModuleMeta => {
  const m = v as ModuleMeta;
  return !!m && typeof m === 'object' && typeof m.file === 'string' && typeof m.id === 'string' && m.id.length > 0 && typeof m.description === 'string' && Array.isArray(m.params) && m.params.every((p) => !!p && typeof p === 'object');
};

async function probe(file: string, cwd: string): Promise<ModuleMeta> {
  const o = await runIsolated({ kind: 'probe', file, cwd }, limits, 'its top-level code');
  if (!o.ok) throw new PolicyLoadError(o.name === 'PolicyLoadError' ? o.reason : `policy module ${file} failed to load: ${o.reason}`);
  if (!isMeta(o.value)) throw new PolicyLoadError(`policy module ${file} failed to load: its definition has no usable id, description or params`);
  return o.value;
}

/** The module's metadata, read once per file in this process. */
export function probePolicyModule(file: string, cwd = process.cwd()): Promise<ModuleMeta> {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) return Promise.reject(new PolicyLoadError(`policy module ${file} not found (looked at ${abs})`));
  let p = probed.get(abs);
  if (!p) probed.set(abs, (p = probe(file, cwd)));
  return p;
}
