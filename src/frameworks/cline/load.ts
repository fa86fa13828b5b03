/**
 * The Cline SDK as the user installed it: `@cline/core` resolved from `packageDir` (default: the working
 * directory) and the `@cline/llms` that copy of `@cline/core` imports (the summary handler must be
 * registered with that very copy). The SDK needs Node >= 22; on an older Node, or without the package,
 * the session fails with the one line that says what to do.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerSummarizer } from './summarizer.js';
import type { ClineMessage } from './convert.js';

/** the version the registered entry was written and checked against */
export const CLINE_CORE_VERSION = '0.0.86';
const MIN_NODE_MAJOR = 22;

/** What a prepare-turn takes (`ContextPipelinePrepareTurnInput` of @cline/core 0.0.86). */
export interface PrepareTurnInput {
  agentId: string;
  conversationId: string;
  parentAgentId: string | null;
  iteration: number;
  messages: ClineMessage[];
  apiMessages: ClineMessage[];
  abortSignal: AbortSignal;
  systemPrompt: string;
  tools: unknown[];
  model: { id: string; provider: string; info?: Record<string, unknown> };
  overflowRecovery?: boolean;
  previousRequestInputTokens?: number;
  emitStatusNotice?: (message: string, metadata?: Record<string, unknown>) => void;
}

export type PrepareTurn = (input: PrepareTurnInput) => Promise<{ messages?: ClineMessage[]; systemPrompt?: string } | undefined>;

export interface ClineSdk {
  version: string;
  createContextCompactionPrepareTurn: (config: Record<string, unknown>, options?: Record<string, unknown>) => PrepareTurn | undefined;
}

let registered = false;

/**
 * The folder of package `name` as Node would find it from `dir` (the node_modules folders up from it).
 * Why not `require.resolve(name + '/package.json')` (../resolve-package.ts): the Cline packages' `exports`
 * do not list their package.json, so that throws although the package is there.
 */
function packageFolder(name: string, dir: string): string | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The package's ES module entry (its `exports['.'].import`, else `module` or `main`), with its version. */
function entryOf(folder: string): { url: string; version: string } {
  const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as {
    version: string; exports?: Record<string, { import?: string } | string>; module?: string; main?: string;
  };
  const dot = pkg.exports?.['.'];
  const entry = (typeof dot === 'string' ? dot : dot?.import) ?? pkg.module ?? pkg.main ?? 'index.js';
  return { url: pathToFileURL(path.join(folder, entry)).href, version: pkg.version };
}

/** `@cline/core` as `packageDir` resolves it, with compactbench's summary handler registered. */
export async function loadClineSdk(packageDir: string): Promise<ClineSdk> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < MIN_NODE_MAJOR) {
    throw new Error(`the Cline SDK (@cline/core ${CLINE_CORE_VERSION}) needs Node >= ${MIN_NODE_MAJOR}; this is Node ${process.versions.node}: run compactbench on Node 22 or later`);
  }
  const folder = packageFolder('@cline/core', packageDir);
  if (!folder) throw new Error(`the Cline SDK is not installed in ${path.resolve(packageDir)}: npm install @cline/core@${CLINE_CORE_VERSION} there (Node >= 22), or name the folder with packageDir=`);
  const { url, version } = entryOf(folder);
  const core = (await import(url)) as Record<string, unknown>;
  if (typeof core.createContextCompactionPrepareTurn !== 'function') throw new Error(`@cline/core@${version} has no createContextCompactionPrepareTurn`);
  if (!registered) {
    const llmsFolder = packageFolder('@cline/llms', folder);
    if (!llmsFolder) throw new Error(`@cline/core@${version} in ${folder} finds no @cline/llms: reinstall @cline/core`);
    const llms = (await import(entryOf(llmsFolder).url)) as Parameters<typeof registerSummarizer>[0];
    registerSummarizer(llms);
    registered = true;
  }
  return { version, createContextCompactionPrepareTurn: core.createContextCompactionPrepareTurn as ClineSdk['createContextCompactionPrepareTurn'] };
}
