/**
 * The framework adapters as policies: each runs a framework's own published code (or a user's code
 * written against that framework) through the bridge. They are registered apart from the ports
 * (`FRAMEWORK_DEFINITIONS`): resolvable by id everywhere a policy is named, listed by `policies`, but not
 * part of the default set, since the frameworks are optional packages the user installs
 * (docs/frameworks.md). A missing package or a module that fails to load is a failure row of that
 * policy, with the one-line reason, never a crash.
 */
import type { PolicyDefinition } from '../policies/types.js';
import { adapterModule, bridgedCreate } from './bridged.js';
import { clineSdkPolicy } from './cline/definition.js';
import { geminiCliRealPolicy } from './gemini-cli/definition.js';
import { MASTRA_DEFINITIONS } from './mastra/definition.js';

const bridged = (id: string, rel: string): PolicyDefinition['create'] => bridgedCreate(id, adapterModule(import.meta.url, rel));

/** where the framework package is installed (a folder whose node_modules has it); empty: the working directory */
const PACKAGE_DIR = { name: 'packageDir', type: 'string' as const, default: '', description: 'folder the framework package is resolved from (default: the working directory)' };

const SEMANTICS = {
  name: 'semantics', type: 'enum' as const,
  description: "how long prepareStep's messages last: 'ai6' one step (a per-request view), 'ai7' carried forward (a durable edit)",
};

export const aiSdkPrepareStepPolicy: PolicyDefinition = {
  id: 'ai-sdk-prepare-step',
  description: "A user's AI SDK prepareStep (a .ts/.js file exporting prepareStep), run unchanged on every step; `--policy ai-sdk:./prepare-step.ts`",
  source: 'ai (Vercel AI SDK) 6.0.x / 7.0.x: generateText/streamText prepareStep (docs: ai-sdk.dev, "Loop control: prepareStep")',
  version: 'ai@6.0.326 / ai@7.0.173',
  params: [
    { name: 'module', type: 'string', default: '', description: 'path of the file that exports prepareStep (relative to the working directory)' },
    { ...SEMANTICS, default: 'ai6', values: ['ai6', 'ai7'] },
  ],
  create: bridged('ai-sdk-prepare-step', './ai-sdk/prepare-step'),
};

export const aiSdkPrunePolicy: PolicyDefinition = {
  id: 'ai-sdk-prune',
  description: "The AI SDK's pruneMessages from the installed `ai` package, called from prepareStep on every step (needs `npm install ai`)",
  source: 'ai (Vercel AI SDK) 6.0.326 / 7.0.173: pruneMessages (packages/ai/src/generate-text/prune-messages.ts)',
  version: 'ai@6.0.326 / ai@7.0.173',
  params: [
    { name: 'reasoning', type: 'enum', default: 'before-last-message', values: ['none', 'all', 'before-last-message'], description: 'which reasoning parts to remove (the docs example: before-last-message)' },
    { name: 'toolCalls', type: 'string', default: 'before-last-2-messages', description: "which tool calls/results to remove: 'none', 'all', 'before-last-message' or 'before-last-N-messages' (the docs example: before-last-2-messages)" },
    { name: 'emptyMessages', type: 'enum', default: 'remove', values: ['keep', 'remove'], description: 'drop messages left empty (pruneMessages default: remove)' },
    { ...SEMANTICS, default: 'auto', values: ['auto', 'ai6', 'ai7'] },
    PACKAGE_DIR,
  ],
  create: bridged('ai-sdk-prune', './ai-sdk/prune'),
};

const LANGCHAIN_SOURCE = 'langchain 1.5.14 + @langchain/core 1.4.0 (libs/langchain/src/agents/middleware/)';

export const langchainMiddlewarePolicy: PolicyDefinition = {
  id: 'langchain-middleware',
  description: "A user's LangChain agent middleware (a file that exports what summarizationMiddleware, contextEditingMiddleware or createMiddleware built), run unchanged; `--policy langchain:./middleware.ts`",
  source: `${LANGCHAIN_SOURCE}: createMiddleware beforeModel / wrapModelCall`,
  version: 'langchain@1.5.14',
  params: [{ name: 'module', type: 'string', default: '', description: 'path of the file that exports the middleware (default export or `middleware`)' }],
  create: bridged('langchain-middleware', './langchain/middleware'),
};

export const langchainSummarizationPolicy: PolicyDefinition = {
  id: 'langchain-summarization',
  description: "LangChain's summarizationMiddleware from the installed package: summarize all but the newest messages (tool pairs kept together) once the trigger is reached (needs `npm install langchain @langchain/core`)",
  source: `${LANGCHAIN_SOURCE}summarization.ts`,
  version: 'langchain@1.5.14',
  params: [
    { name: 'triggerFraction', type: 'number', default: 0.8, min: 0.01, max: 1, description: "trigger as a fraction of the window (LangChain has no default: it never fires without a trigger; 0.8 is its docs' example)" },
    { name: 'keepMessages', type: 'integer', default: 20, min: 1, max: 10_000, description: 'messages kept after a summary (LangChain default 20)' },
    PACKAGE_DIR,
  ],
  create: bridged('langchain-summarization', './langchain/registered'),
};

export const langchainClearToolUsesPolicy: PolicyDefinition = {
  id: 'langchain-clear-tool-uses',
  description: "LangChain's contextEditingMiddleware with ClearToolUsesEdit at its defaults (trigger 100,000 tokens, keep 3, placeholder [cleared]), per request (needs `npm install langchain @langchain/core`)",
  source: `${LANGCHAIN_SOURCE}contextEditing.ts`,
  version: 'langchain@1.5.14',
  params: [{ name: 'middleware', type: 'enum', default: 'clear-tool-uses', values: ['clear-tool-uses'], description: 'which middleware (fixed)' }, PACKAGE_DIR],
  create: bridged('langchain-clear-tool-uses', './langchain/registered'),
};

export const langchainTrimPolicy: PolicyDefinition = {
  id: 'langchain-trim',
  description: "LangChain's trimMessages at its defaults (strategy last, whole messages, LangChain's countTokensApproximately) in front of every model call, a per-request view; maxTokens a fraction of the window (needs `npm install langchain @langchain/core`)",
  source: 'langchain 1.5.14 + @langchain/core 1.4.0 (langchain-core/src/messages/transformers.ts: trimMessages)',
  version: 'langchain@1.5.14 (@langchain/core@1.4.0)',
  params: [
    { name: 'maxTokensFraction', type: 'number', default: 0.8, min: 0.01, max: 1, description: 'maxTokens as a fraction of the window (trimMessages has no default; 0.8 as langchain-summarization)' },
    { name: 'strategy', type: 'enum', default: 'last', values: ['last', 'first'], description: 'keep the newest (last, the default) or the oldest messages' },
    { name: 'startOn', type: 'enum', default: '', values: ['', 'human', 'ai', 'tool'], description: "with strategy last: drop messages before the first of this type (default: none; LangChain's docs use human)" },
    { name: 'includeSystem', type: 'boolean', default: false, description: 'with strategy last: keep a system message at index 0 (default false)' },
    { name: 'allowPartial', type: 'boolean', default: false, description: 'split a message when only part of it fits (default false)' },
    PACKAGE_DIR,
  ],
  create: bridged('langchain-trim', './langchain/trim'),
};

export const FRAMEWORK_DEFINITIONS: readonly PolicyDefinition[] = [
  aiSdkPrepareStepPolicy, aiSdkPrunePolicy, langchainMiddlewarePolicy, langchainSummarizationPolicy, langchainClearToolUsesPolicy,
  langchainTrimPolicy,
  clineSdkPolicy,
  geminiCliRealPolicy,
  ...MASTRA_DEFINITIONS,
];
