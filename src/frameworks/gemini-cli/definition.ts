/**
 * `gemini-cli-real`: the registered entry that runs Gemini CLI's own compression and masking services
 * from the installed `@google/gemini-cli-core` (./policy.ts, through the bridge), beside `gemini-cli`,
 * compactbench's port of the same code (src/policies/gemini-cli). A missing package is a failure row of
 * this policy with the line to run, never a crash.
 */
import type { PolicyDefinition } from '../../policies/types.js';
import { geminiCliPolicy } from '../../policies/gemini-cli/policy.js';
import { adapterModule, bridgedCreate } from '../bridged.js';

const ID = 'gemini-cli-real';
const create = bridgedCreate(ID, adapterModule(import.meta.url, './policy'));

export const geminiCliRealPolicy: PolicyDefinition = {
  id: ID,
  description: "Gemini CLI's own ChatCompressionService and ToolOutputMaskingService from the installed @google/gemini-cli-core, before every request as 0.61.0 calls them (compression at half the scenario's window, then masking); needs `npm install @google/gemini-cli-core@0.61.0 --omit=optional`",
  source: '@google/gemini-cli-core 0.61.0 (npm): dist/src/context/chatCompressionService.js, dist/src/context/toolOutputMaskingService.js, called as core/client.js sendMessageStream does (tryCompressChat, then tryMaskToolOutputs)',
  version: '@google/gemini-cli-core@0.61.0',
  // the same code as the port's, so the same documented property (check finds it on the real package too)
  upstreamProperties: { 'well-formed-text': geminiCliPolicy.upstreamProperties!['well-formed-text']! },
  params: [
    { name: 'services', type: 'enum', default: 'both', values: ['both', 'compress', 'mask'], description: 'which services run before each request (0.61.0 ships both: compression, then masking)' },
    { name: 'packageDir', type: 'string', default: '', description: 'folder the framework package is resolved from (default: the working directory)' },
  ],
  create,
};
