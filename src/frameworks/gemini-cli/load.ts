/**
 * The two services of `@google/gemini-cli-core` (0.61.0), loaded from where `packageDir` resolves the
 * package. The package has no exports map, so its modules are deep imports of `dist/src/…`, as Gemini
 * CLI's own packages import them.
 */
import path from 'node:path';
import type { GeminiContent } from './convert.js';
import { packageVersion, resolveEsm } from '../resolve-package.js';

export const PACKAGE = '@google/gemini-cli-core';

export interface CompressionInfo {
  originalTokenCount: number;
  newTokenCount: number;
  compressionStatus: number;
}

export interface GeminiChatLike {
  getHistory(curated?: boolean): GeminiContent[];
  getLastPromptTokenCount(): number;
}

export interface GeminiCli {
  version: string;
  /** `new ChatCompressionService().compress(chat, promptId, force, model, config, hasFailedCompressionAttempt)` */
  compress(chat: GeminiChatLike, promptId: string, force: boolean, model: string, config: unknown, hasFailed: boolean): Promise<{ newHistory: GeminiContent[] | null; info: CompressionInfo }>;
  /** `new ToolOutputMaskingService().mask(history, config)` */
  mask(history: GeminiContent[], config: unknown): Promise<{ newHistory: GeminiContent[]; maskedCount: number; tokensSaved: number }>;
  /** CompressionStatus: value → name */
  statusName(status: number): string;
  /** the masking defaults the package ships (DEFAULT_TOOL_PROTECTION_THRESHOLD, …) */
  maskingDefaults: { protectionThresholdTokens: number; minPrunableThresholdTokens: number; protectLatestTurn: boolean };
  /** `tokenLimit(model)`: the limit the service compares the threshold against */
  tokenLimit(model: string): number;
}

export async function loadGeminiCli(packageDir: string): Promise<GeminiCli> {
  const dir = path.resolve(packageDir || '.');
  const from = path.join(dir, 'package.json');
  let version: string;
  try {
    version = packageVersion(PACKAGE, from);
  } catch {
    throw new Error(`${PACKAGE} is not installed in ${dir}: npm install ${PACKAGE}@0.61.0 --omit=optional there, or name the folder with packageDir=`);
  }
  const load = async (sub: string): Promise<Record<string, unknown>> => (await import(resolveEsm(`${PACKAGE}/dist/src/${sub}`, from))) as Record<string, unknown>;
  const compression = await load('context/chatCompressionService.js');
  const masking = await load('context/toolOutputMaskingService.js');
  const turn = await load('core/turn.js');
  const limits = await load('core/tokenLimits.js');
  const debug = await load('utils/debugLogger.js');
  // the services report their decisions through debugLogger.debug; a replay has no one to read them
  const logger = debug.debugLogger as { debug?: unknown } | undefined;
  if (logger) logger.debug = () => undefined;
  const Compression = compression.ChatCompressionService as new () => { compress: GeminiCli['compress'] };
  const Masking = masking.ToolOutputMaskingService as new () => { mask: GeminiCli['mask'] };
  const status = turn.CompressionStatus as Record<number, string>;
  return {
    version,
    compress: (...a) => new Compression().compress(...a),
    mask: (...a) => new Masking().mask(...a),
    statusName: (s) => status[s] ?? String(s),
    maskingDefaults: {
      protectionThresholdTokens: masking.DEFAULT_TOOL_PROTECTION_THRESHOLD as number,
      minPrunableThresholdTokens: masking.DEFAULT_MIN_PRUNABLE_TOKENS_THRESHOLD as number,
      protectLatestTurn: masking.DEFAULT_PROTECT_LATEST_TURN as boolean,
    },
    tokenLimit: limits.tokenLimit as (model: string) => number,
  };
}
