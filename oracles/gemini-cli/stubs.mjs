/**
 * What Gemini CLI's services need around them, stubbed so they run offline: a config (the methods they
 * call, everything else answering undefined), a chat that holds a fixed history and last prompt size, and
 * a model whose `generateContent` records its input and answers with a fixed snapshot. Files the services
 * write (truncated and masked outputs) go to a temporary folder.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_TEMP_DIR, SESSION_ID } from '../../dist/policies/gemini-cli/mask.js';

/**
 * A temporary folder whose path is as long as the port's stand-in for Gemini CLI's project folder: the
 * masked outputs name their saved file, so the path's length decides whether masking a small output saves
 * tokens, on both sides.
 */
function projectDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'g-'));
  const pad = PROJECT_TEMP_DIR.length - dir.length - 1;
  if (pad < 1) throw new Error(`temporary folder ${dir} is longer than the port's stand-in ${PROJECT_TEMP_DIR}`);
  const project = path.join(dir, 'p'.repeat(pad));
  mkdirSync(project);
  return { root: dir, project };
}

/**
 * Masking names its files with `Math.random().toString(36).substring(7)`; this value gives the 6 characters
 * the port assumes. Set only around a masking call (the oracle's own generator does not use Math.random).
 */
export const FIXED_RANDOM = 0.123456789;

export const SNAPSHOT = '<state_snapshot>the task, the files, the next step</state_snapshot>';

export function stubConfig({ truncateChars = 40_000, masking = { protectionThresholdTokens: 50_000, minPrunableThresholdTokens: 30_000, protectLatestTurn: true } } = {}) {
  const { root: dir, project } = projectDir();
  const calls = [];
  let truncationId = 0;
  const model = {
    async generateContent(req) {
      calls.push(req);
      return { candidates: [{ content: { role: 'model', parts: [{ text: SNAPSHOT }] } }] };
    },
  };
  const known = {
    storage: { getProjectTempDir: () => project },
    getSessionId: () => SESSION_ID,
    getHookSystem: () => undefined,
    getCompressionThreshold: async () => 0.5,
    getTruncateToolOutputThreshold: () => truncateChars,
    getNextCompressionTruncationId: () => ++truncationId,
    getToolOutputMaskingConfig: async () => masking,
    getBaseLlmClient: () => model,
    getContentGenerator: () => ({ countTokens: async () => ({ totalTokens: 0 }) }),
    getIncludeDirectoryTree: () => false,
    getSessionMemory: () => '',
    getUsageStatisticsEnabled: () => false,
    getTelemetryEnabled: () => false,
    getActiveModel: () => 'gemini-2.5-pro',
  };
  const config = new Proxy(known, {
    get: (target, key) => (key in target ? target[key] : typeof key === 'string' ? () => undefined : undefined),
  });
  // the prompt provider reads the config through an agent-loop context (`context.config`)
  known.config = config;
  return { config, calls, dir };
}

export function stubChat(contents, lastPromptTokens) {
  return { getHistory: () => contents, getLastPromptTokenCount: () => lastPromptTokens };
}
