/**
 * Finding the user's Mastra: `@mastra/core` as `from` resolves it, checked against the running Node
 * before it is imported, so a missing package or a Node too old for it is a one-line failure that says
 * what to install or which Node to run, not a stack trace from deep inside the framework.
 *
 * Why the Node check: @mastra/core 1.x declares `engines.node >= 22.13` and its processors
 * (`processLLMRequest`) exist only there; on Node 20 npm resolves the 0.24 line, whose TokenLimiter and
 * ToolCallFilter are `@mastra/memory` 0.x memory processors instead (a different hook: memory.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { packageVersion, resolveEsm } from '../resolve-package.js';

export interface MastraCore {
  version: string;
  /** `@mastra/core/processors` (1.x: TokenLimiterProcessor, ToolCallFilter, …) */
  processors: Record<string, unknown>;
}

const INSTALL = 'npm install @mastra/core (Node >= 22.13), or on Node 20 npm install @mastra/core@0.24 @mastra/memory@0.15';

/** Whether Node `have` (x.y.z) satisfies a `>=x.y[.z]` range (the only form Mastra's engines use). */
export function nodeSatisfies(range: string | undefined, have = process.versions.node): boolean {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range ?? '');
  if (!m) return true;
  const want = [m[1], m[2], m[3]].map((x) => Number(x ?? 0));
  const got = have.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (got[i] !== want[i]) return got[i]! > want[i]!;
  return true;
}

/** The `engines.node` of package `name` as `from` resolves it. */
function enginesNode(name: string, from: string): string | undefined {
  const pkg = JSON.parse(readFileSync(createRequire(from).resolve(`${name}/package.json`), 'utf8')) as { engines?: { node?: string } };
  return pkg.engines?.node;
}

/** The installed @mastra/core version, or a one-line error saying what to install. */
export function mastraVersion(from: string, where: string): string {
  try {
    return packageVersion('@mastra/core', from);
  } catch {
    throw new Error(`Mastra is not installed in ${where}: ${INSTALL} there, or name the folder with packageDir=`);
  }
}

/**
 * The installed @mastra/core version, checked against the running Node (before anything imports the
 * package: a user file that imports it on a Node it does not support fails obscurely).
 */
export function checkedMastraVersion(from: string, where: string): string {
  const version = mastraVersion(from, where);
  const engines = enginesNode('@mastra/core', from);
  if (!nodeSatisfies(engines, process.versions.node)) {
    throw new Error(`@mastra/core ${version} needs Node ${engines}; this is Node ${process.versions.node}: run compactbench under Node >= 22.13, or on Node 20 npm install @mastra/core@0.24 @mastra/memory@0.15`);
  }
  return version;
}

/** @mastra/core 1.x's processors, after checking the running Node against the package's engines. */
export async function loadMastraCore(from: string, where: string): Promise<MastraCore> {
  const version = checkedMastraVersion(from, where);
  const processors = (await import(resolveEsm('@mastra/core/processors', from))) as Record<string, unknown>;
  return { version, processors };
}
