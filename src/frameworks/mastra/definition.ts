/**
 * The Mastra adapters as policies (registered in ../definitions.ts): a user's processors file
 * (`--policy mastra:./processors.ts`), and Mastra's TokenLimiter and ToolCallFilter at their defaults.
 * Each runs through the bridge; a missing package or a Node the installed Mastra does not support is a
 * failure row of that policy with the one-line reason (load.ts), never a crash.
 */
import type { PolicyDefinition } from '../../policies/types.js';
import { adapterModule, bridgedCreate } from '../bridged.js';

const bridged = (id: string, rel: string): PolicyDefinition['create'] => bridgedCreate(id, adapterModule(import.meta.url, rel));

const VERSION = '@mastra/core@1.71.0 (Node >= 22.13) / @mastra/core@0.24.9 + @mastra/memory@0.15.13 (Node 20)';
const SOURCE = 'mastra-ai/mastra: packages/core/src/processors/processors/ (1.x, processLLMRequest); packages/memory/src/processors/ (0.x memory processors)';
const PACKAGE_DIR = { name: 'packageDir', type: 'string' as const, default: '', description: 'folder @mastra/core (and on 0.x @mastra/memory) is resolved from (default: the working directory)' };

export const mastraProcessorsPolicy: PolicyDefinition = {
  id: 'mastra-processors',
  description: "A user's Mastra processors (a file exporting a processor or an array, as passed to new Agent({ inputProcessors })), run unchanged through processLLMRequest on every request; `--policy mastra:./processors.ts`",
  source: `${SOURCE}; the ProcessorRunner's runProcessLLMRequest`,
  version: VERSION,
  params: [{ name: 'module', type: 'string', default: '', description: 'path of the file that exports the processors (default export, inputProcessors, processors or processor)' }],
  create: bridged('mastra-processors', './user-processors'),
};

export const mastraTokenLimiterPolicy: PolicyDefinition = {
  id: 'mastra-token-limiter',
  description: "Mastra's TokenLimiter at its defaults (best-fit: newest messages first, tool pairs kept together, tokenx estimate), per request, limited to the window minus the output reserve (needs `npm install @mastra/core`)",
  source: `${SOURCE}token-limiter.ts`,
  version: VERSION,
  params: [
    { name: 'limit', type: 'integer', default: 0, min: 0, max: 100_000_000, description: "TokenLimiter's limit (required by Mastra, no default); 0: the scenario's window minus its max output tokens" },
    { name: 'processor', type: 'enum', default: 'token-limiter', values: ['token-limiter'], description: 'which processor (fixed)' },
    PACKAGE_DIR,
  ],
  create: bridged('mastra-token-limiter', './registered'),
};

export const mastraToolCallFilterPolicy: PolicyDefinition = {
  id: 'mastra-tool-call-filter',
  description: "Mastra's ToolCallFilter with no options: every tool call and result from before the current agent run (user turn) is left out of the request (needs `npm install @mastra/core`)",
  source: `${SOURCE}tool-call-filter.ts`,
  version: VERSION,
  params: [{ name: 'processor', type: 'enum', default: 'tool-call-filter', values: ['tool-call-filter'], description: 'which processor (fixed)' }, PACKAGE_DIR],
  create: bridged('mastra-tool-call-filter', './registered'),
};

export const MASTRA_DEFINITIONS: readonly PolicyDefinition[] = [mastraProcessorsPolicy, mastraTokenLimiterPolicy, mastraToolCallFilterPolicy];
