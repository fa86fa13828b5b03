/**
 * Parameters of the `claude-code` policy, with Claude Code's defaults and where each comes from.
 *
 * Sources (shared/reference/policies.md §2): the 2.1.x external build as mirrored in claude-code-best/claude-code
 * @ f90eee85d80149d797a55eb50c8464c377d1a72b (2026-03-31, read for behaviour only):
 * - `src/services/compact/autoCompact.ts`: AUTOCOMPACT_BUFFER_TOKENS = 13_000, WARNING_THRESHOLD_BUFFER_TOKENS
 *   = 20_000, MAX_OUTPUT_TOKENS_FOR_SUMMARY = 20_000, MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES = 3;
 * - `microCompact.ts`: "Legacy microcompact path removed — tengu_cache_plum_violet is always true"; external
 *   builds fall through to auto-compact, so generation-1 microcompact is off by default;
 * - `timeBasedMCConfig.ts`: TIME_BASED_MC_CONFIG_DEFAULTS `enabled: false` (GrowthBook flag tengu_slate_heron),
 *   gapThresholdMinutes 60, keepRecent 5: the time-based layer is off by default;
 * - `compact.ts` createPostCompactFileAttachments (5 files, POST_COMPACT_TOKEN_BUDGET 50k, 5k per file) and
 *   `utils/attachments.ts` generateFileAttachment: in mode 'compact' a file over the per-file limit becomes a
 *   `compact_file_reference` (a one-line note, no content), and attachments that overflow the budget are
 *   dropped one by one (filter), not truncated.
 * Generation-1 constants come from the v1.0.68–v2.1.6x de-obfuscations (Ly5 = 3, Ny5 = 40_000, qy5 = 20_000).
 * Version-specific numbers are parameters; older mixes are named versions (./versions.ts).
 */
import type { ParamSpec } from '../types.js';

/** The placeholder both microcompact generations write into a cleared tool result. */
export const CLEARED = '[Old tool result content cleared]';

/** Claude Code's COMPACTABLE_TOOLS (Read, shell, Grep, Glob, WebSearch, WebFetch, Edit, Write); MCP tools excluded. */
export const CLAUDE_COMPACTABLE_TOOLS = 'Read,Bash,Grep,Glob,WebSearch,WebFetch,Edit,Write';

/** What re-attachment does with a file over the per-file limit. */
export const REATTACH_OVERSIZE = ['reference', 'truncate'] as const;

export const CLAUDE_CODE_PARAMS: readonly ParamSpec[] = [
  { name: 'microcompact', type: 'boolean', default: false, description: 'generation-1 per-step microcompact (v1.0.68 … ~v2.1.6x; removed from 2.1.x external builds)' },
  { name: 'microcompactKeepRecent', type: 'integer', default: 3, min: 0, description: 'compactable tool results kept intact by microcompact (Ly5)' },
  { name: 'microcompactMinTokens', type: 'integer', default: 40_000, min: 0, description: 'act only when compactable tool results exceed this many tokens (Ny5)' },
  { name: 'microcompactMinSavings', type: 'integer', default: 20_000, min: 0, description: 'act only when clearing saves at least this many tokens (qy5)' },
  { name: 'timeBasedMicrocompact', type: 'boolean', default: false, description: 'generation-2 time-based microcompact (server flag tengu_slate_heron; enabled: false by default in timeBasedMCConfig.ts)' },
  { name: 'timeGapMinutes', type: 'number', default: 60, min: 0, description: 'minutes since the last assistant message that fire the time-based layer (= the 1 h cache TTL)' },
  { name: 'timeKeepRecent', type: 'integer', default: 5, min: 1, description: 'compactable tool results the time-based layer keeps (floor 1)' },
  { name: 'autoCompact', type: 'boolean', default: true, description: 'auto-compact: full LLM summary at the threshold (autoCompactEnabled)' },
  { name: 'autoCompactBufferTokens', type: 'integer', default: 13_000, min: 0, description: 'threshold = effective window − this (AUTOCOMPACT_BUFFER_TOKENS)' },
  { name: 'warningBufferTokens', type: 'integer', default: 20_000, min: 0, description: 'warning threshold = auto-compact threshold − this (WARNING_THRESHOLD_BUFFER_TOKENS)' },
  { name: 'summaryMaxTokens', type: 'integer', default: 20_000, min: 1, description: 'reserved from the window for the summary (MAX_OUTPUT_TOKENS_FOR_SUMMARY); the output cap of the non-fork fallback (COMPACT_MAX_OUTPUT_TOKENS = 20k)' },
  { name: 'autoCompactPctOverride', type: 'number', default: 0, min: 0, max: 100, description: 'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: threshold as % of the effective window (0 = unset); never above the default threshold' },
  { name: 'autoCompactWindow', type: 'integer', default: 0, min: 0, description: 'CLAUDE_CODE_AUTO_COMPACT_WINDOW: caps the window used for the threshold (0 = unset)' },
  { name: 'forkReusesCache', type: 'boolean', default: true, description: 'the compaction call is a fork of the main prompt, so its input is read from cache; the fork does not set maxOutputTokens (its cap is the main request\'s)' },
  { name: 'reattachFiles', type: 'boolean', default: true, description: 're-attach recently read files after compaction' },
  { name: 'reattachMaxFiles', type: 'integer', default: 5, min: 0, description: 'files re-attached at most (POST_COMPACT_MAX_FILES_TO_RESTORE)' },
  { name: 'reattachTokenBudget', type: 'integer', default: 50_000, min: 0, description: 'token budget of re-attached files (POST_COMPACT_TOKEN_BUDGET)' },
  { name: 'reattachMaxTokensPerFile', type: 'integer', default: 5_000, min: 0, description: 'tokens per re-attached file (POST_COMPACT_MAX_TOKENS_PER_FILE)' },
  { name: 'reattachOversize', type: 'enum', values: REATTACH_OVERSIZE, default: 'reference', description: 'a file over the per-file limit: reference = a note naming it, no content (compact_file_reference); truncate = its first tokens (the previous port)' },
  { name: 'circuitBreaker', type: 'boolean', default: true, description: 'stop auto-compacting after consecutive failures' },
  { name: 'maxConsecutiveFailures', type: 'integer', default: 3, min: 1, description: 'failures that open the breaker (MAX_CONSECUTIVE_AUTOCOMPACT_FAILURES)' },
  { name: 'reactiveCompact', type: 'boolean', default: false, description: 'compact when the request overflows the window (ant-only REACTIVE_COMPACT upstream)' },
  { name: 'rejectionClear', type: 'boolean', default: true, description: 'on a context rejection, clear earlier thinking and all but the newest rejectionKeepRecent compactable tool results, then retry, before any compaction (2.1.112 cli.js handleHintReject; server flag tengu_hazel_osprey)' },
  { name: 'rejectionKeepRecent', type: 'integer', default: 5, min: 1, description: 'compactable tool results the rejection path keeps (2.1.112: keepRecent 5)' },
  { name: 'compactableTools', type: 'string', default: CLAUDE_COMPACTABLE_TOOLS, description: 'comma-separated tools whose results microcompact may clear (case-insensitive; * = all)' },
  { name: 'readTools', type: 'string', default: 'Read', description: 'comma-separated tools whose results count as file reads for re-attachment (case-insensitive)' },
];

export interface ClaudeCodeConfig {
  microcompact: boolean;
  microcompactKeepRecent: number;
  microcompactMinTokens: number;
  microcompactMinSavings: number;
  timeBasedMicrocompact: boolean;
  timeGapMinutes: number;
  timeKeepRecent: number;
  autoCompact: boolean;
  autoCompactBufferTokens: number;
  warningBufferTokens: number;
  summaryMaxTokens: number;
  autoCompactPctOverride: number;
  autoCompactWindow: number;
  forkReusesCache: boolean;
  reattachFiles: boolean;
  reattachMaxFiles: number;
  reattachTokenBudget: number;
  reattachMaxTokensPerFile: number;
  reattachOversize: (typeof REATTACH_OVERSIZE)[number];
  circuitBreaker: boolean;
  maxConsecutiveFailures: number;
  reactiveCompact: boolean;
  rejectionClear: boolean;
  rejectionKeepRecent: number;
  compactableTools: string;
  readTools: string;
}

/** The resolved parameter record as a typed config (params were validated by resolveParams). */
export function readConfig(params: Readonly<Record<string, unknown>>): ClaudeCodeConfig {
  const out: Record<string, unknown> = {};
  for (const p of CLAUDE_CODE_PARAMS) out[p.name] = params[p.name] ?? p.default;
  return out as unknown as ClaudeCodeConfig;
}
