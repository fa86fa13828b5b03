/**
 * Importing a user's file on the host thread, where tsx's loader is registered for the thread
 * (bridge/host-main.ts): TypeScript or JavaScript, ESM or (compiled by tsx outside an ESM package) CommonJS,
 * whose `exports` object Node then exposes as `default`.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function importUserModule(file: string): Promise<Record<string, unknown>> {
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as Record<string, unknown>;
  const cjs = mod.default as Record<string, unknown> | undefined;
  return cjs && typeof cjs === 'object' && cjs.__esModule === true ? cjs : mod;
}
