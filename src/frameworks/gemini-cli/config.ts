/**
 * The config and chat Gemini CLI's services are called with, as small stubs (the services read ~10
 * methods of a `Config`; a Proxy answers `undefined` for the rest, as oracles/gemini-cli does):
 * - the compression threshold is the scenario's: Gemini CLI compares `threshold × tokenLimit(model)`, and
 *   the model's limit is 1,048,576 for every Gemini model, so the threshold passed is 0.5 × window /
 *   limit (exact: the limit is a power of two), which puts the trigger at half the scenario's window;
 * - the cut of old tool outputs, `getTruncateToolOutputThreshold`, is Gemini CLI's formula with the
 *   scenario's window as the limit: min(40,000, 4 × (window − last prompt)) characters;
 * - `getBaseLlmClient().generateContent` (both summarizer passes) is `summarize`, wired by the policy to
 *   the harness's mock summarizer;
 * - storage is the session's temporary folder (./environment.ts), the session id the port's stand-in.
 */
import { SESSION_ID } from '../../policies/gemini-cli/mask.js';
import type { GeminiContent } from './convert.js';

/** Gemini CLI's own constants (config/config.js, chatCompressionService.js) */
export const DEFAULT_COMPRESSION_THRESHOLD = 0.5;
const DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD = 40_000;
/** the model the services are told (Gemini CLI's default); only its token limit and summary model alias follow from it */
export const MODEL = 'gemini-2.5-pro';

export interface GenerateRequest {
  contents: GeminiContent[];
  systemInstruction?: { text?: string };
  promptId?: string;
}

export interface StubState {
  contextWindow: number;
  lastPromptTokens: number;
  /** the limit Gemini CLI's `tokenLimit(model)` gives for the model the services are told */
  modelLimit: number;
  projectTempDir: () => string;
  masking: { protectionThresholdTokens: number; minPrunableThresholdTokens: number; protectLatestTurn: boolean };
  generateContent: (req: GenerateRequest) => Promise<unknown>;
}

/** A `Config` for the services; `state` is read on every call (the window and the last prompt change per step). */
export function stubConfig(state: StubState): unknown {
  let truncationId = 0;
  const known: Record<string, unknown> = {
    storage: { getProjectTempDir: () => state.projectTempDir() },
    getSessionId: () => SESSION_ID,
    getHookSystem: () => undefined,
    getCompressionThreshold: async () => (DEFAULT_COMPRESSION_THRESHOLD * state.contextWindow) / state.modelLimit,
    getTruncateToolOutputThreshold: () => Math.min(4 * (state.contextWindow - state.lastPromptTokens), DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD),
    getNextCompressionTruncationId: () => ++truncationId,
    getToolOutputMaskingConfig: async () => state.masking,
    getBaseLlmClient: () => ({ generateContent: state.generateContent }),
    getContentGenerator: () => ({ countTokens: async () => ({ totalTokens: 0 }) }),
    getIncludeDirectoryTree: () => false,
    getSessionMemory: () => '',
    getUsageStatisticsEnabled: () => false,
    getTelemetryEnabled: () => false,
    getActiveModel: () => MODEL,
  };
  const config = new Proxy(known, {
    get: (target, key) => (key in target ? target[key as string] : typeof key === 'string' ? () => undefined : undefined),
  });
  // the prompt provider reads the config through an agent-loop context (`context.config`)
  known.config = config;
  return config;
}

/** The chat the compression service reads: the history without the pending request, and the last prompt's size. */
export function stubChat(contents: GeminiContent[], lastPromptTokens: number): { getHistory: () => GeminiContent[]; getLastPromptTokenCount: () => number } {
  return { getHistory: () => contents, getLastPromptTokenCount: () => lastPromptTokens };
}
