/**
 * Short forms of the framework adapters' ids (src/frameworks/definitions.ts), read by the policy-spec
 * parser: kept apart so that parsing a spec does not load the adapters.
 */
/** `ai-sdk:./file.ts` is `ai-sdk-prepare-step:module=./file.ts`; `langchain:./file.ts`, `langchain-middleware:module=…`; `mastra:./file.ts`, `mastra-processors:module=…`. */
export const FRAMEWORK_ALIASES: Readonly<Record<string, { id: string; positional: string }>> = {
  'ai-sdk': { id: 'ai-sdk-prepare-step', positional: 'module' },
  langchain: { id: 'langchain-middleware', positional: 'module' },
  'cline-sdk': { id: 'cline-sdk', positional: 'module' },
  mastra: { id: 'mastra-processors', positional: 'module' },
};
