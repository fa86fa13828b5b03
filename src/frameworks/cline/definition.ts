/**
 * `cline-sdk`: the Cline SDK's context compaction from the installed `@cline/core` (Node >= 22), run
 * through the bridge (prepare-turn.ts). A different policy from `cline`, our port of the Cline VS Code
 * extension's ContextManager (src/policies/cline): the SDK summarizes (agentic) or folds (basic) all
 * but the newest 20,000 tokens once its estimate passes 0.9 of the usable input; the extension truncates
 * half the conversation.
 */
import type { PolicyDefinition } from '../../policies/types.js';
import { adapterModule, bridgedCreate } from '../bridged.js';
import { CLINE_CORE_VERSION } from './load.js';

const create = bridgedCreate('cline-sdk', adapterModule(import.meta.url, './prepare-turn'));

export const clineSdkPolicy: PolicyDefinition = {
  id: 'cline-sdk',
  description: "The Cline SDK's context compaction (createContextCompactionPrepareTurn from the installed @cline/core, compaction enabled) before every request, overflowRecovery on overflow; `--policy cline-sdk:./compaction.ts` runs your own compaction config (needs Node >= 22 and `npm install @cline/core`)",
  source: `@cline/core ${CLINE_CORE_VERSION} (cline/cline sdk/packages/core/src/extensions/context/compaction.ts, agentic-compaction.ts, basic-compaction.ts)`,
  version: `@cline/core@${CLINE_CORE_VERSION}`,
  params: [
    { name: 'strategy', type: 'enum', default: 'agentic', values: ['agentic', 'basic'], description: "'agentic' summarizes with the summary model (the SDK's default), 'basic' folds without one" },
    { name: 'module', type: 'string', default: '', description: "a file exporting your compaction config (the SDK's CoreCompactionConfig: default export or `compaction`), layered over the entry's" },
    { name: 'packageDir', type: 'string', default: '', description: "folder @cline/core is resolved from (default: the working directory, or the module's folder)" },
  ],
  create,
};
