/**
 * Parameters of the `opencode` and `kilocode` policies (shared/reference/policies.md §1).
 * opencode defaults follow the newest sst/opencode: `packages/opencode/src/session/compaction.ts` and
 * `overflow.ts` @ 31e22f65a23c498639b8cef24b90e6ae193cdcb6, `packages/core/src/session/compaction-suffix.ts`
 * @ the same commit: prune only when `compaction.prune` is true; usable = input limit − reserve, or, with no
 * input limit, context − max output − reserve; the kept tail is every recent turn that fits
 * min(15k, max(2k, usable/4)) tokens (`tail_turns` unset); `compaction.mode: "suffix"` summarizes with the
 * main request plus a suffix prompt (4,096 output tokens), so it reads the main prompt cache.
 * Kilocode keeps Kilo's own defaults: Kilo-Org/kilocode `packages/opencode/src/session/compaction.ts`
 * @ 02bc3f2126348148b50e49c581641c9123eeb05c (2 tail turns within 8k, prune reasons).
 * `opencode@001aa6cc` keeps the previous port's defaults (prune on, 2 turns / 8k, no reserve without an
 * input limit); that commit is not on sst/opencode's line (see ./policy.ts).
 */
import type { ParamSpec } from '../types.js';

export const PRUNED = '[Old tool result content cleared]';
/** The text opencode renders for the user message that carries the `compaction` part. */
export const MARKER_TEXT = 'What did we do so far?';
export const CONTINUE_TEXT = 'Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.';

export type Variant = 'opencode' | 'kilocode';

/** How the summary request is built (compaction.mode): a fresh request, or the main request plus a suffix. */
export const COMPACTION_MODES = ['prepend', 'suffix'] as const;
/** The suffix request's output cap (SUMMARY_OUTPUT_TOKENS in compaction-suffix.ts). */
export const SUFFIX_OUTPUT_TOKENS = 4_096;

export function opencodeParams(variant: Variant): ParamSpec[] {
  const kilo = variant === 'kilocode';
  return [
    { name: 'prune', type: 'boolean', default: false, description: kilo
      ? 'prune on normal turns (Kilo: opt-in, compaction.prune === true)'
      : 'prune after every completed turn (opt-in: compaction.prune === true; on unless false before 31e22f65)' },
    ...(kilo ? [{ name: 'pruneAfterCompaction', type: 'boolean', default: true, description: 'prune right after a compaction, when the cache is already broken (reason "post-compaction")' } as ParamSpec,
      { name: 'pruneOnPayloadLimit', type: 'boolean', default: true, description: 'prune before compacting when a request overflows the window (reason "payload-limit")' } as ParamSpec] : []),
    { name: 'pruneProtectTokens', type: 'integer', default: 40_000, min: 0, description: 'newest tool-output tokens never pruned (PRUNE_PROTECT)' },
    { name: 'pruneMinimumTokens', type: 'integer', default: 20_000, min: 0, description: 'prune only when more than this is reclaimable (PRUNE_MINIMUM)' },
    { name: 'pruneProtectedTools', type: 'string', default: 'skill', description: 'comma-separated tools whose outputs are never pruned (PRUNE_PROTECTED_TOOLS)' },
    { name: 'auto', type: 'boolean', default: true, description: 'overflow-triggered auto-compaction (compaction.auto)' },
    { name: 'declaresInputLimit', type: 'boolean', default: kilo, description: 'the model declares limit.input (taken = context): usable = context − reserved; false (Anthropic models on models.dev): context − max output (− reserved with reserveWithoutInputLimit)' },
    { name: 'reserveWithoutInputLimit', type: 'boolean', default: !kilo, description: 'subtract the reserve also when the model declares no input limit (overflow.ts @ 31e22f65: 200k − 32k − 20k = 148k for Sonnet 4.5)' },
    { name: 'reservedTokens', type: 'integer', default: 0, min: 0, description: 'compaction.reserved (0 = min(20k, max output))' },
    { name: 'tailTurns', type: 'integer', default: kilo ? 2 : -1, min: -1, description: 'recent user turns kept verbatim (compaction.tail_turns; -1 = unset: every turn that fits the budget; 0 = none)' },
    { name: 'preserveRecentTokens', type: 'integer', default: 0, min: 0, description: 'token budget of the kept tail (0 = min(max, max(2000, usable × 0.25)))' },
    { name: 'preserveRecentMaxTokens', type: 'integer', default: kilo ? 8_000 : 15_000, min: 0, description: 'cap of the default tail budget (MAX_PRESERVE_RECENT_TOKENS: 15k in sst/opencode, 8k in Kilo)' },
    { name: 'toolOutputMaxChars', type: 'integer', default: 2_000, min: 0, description: 'tool outputs truncated to this in the summarizer input (TOOL_OUTPUT_MAX_CHARS)' },
    { name: 'summaryMaxTokens', type: 'integer', default: 20_000, min: 1, description: 'summary output cap (COMPACTION_MAX_OUTPUT_TOKENS; also capped by the model max output)' },
    ...(kilo ? [] : [{ name: 'compactionMode', type: 'enum', values: COMPACTION_MODES, default: 'prepend', description: 'compaction.mode: prepend = a fresh summary request over the head; suffix = the main request plus a summary prompt, reading the main cache (falls back to prepend when it does not fit)' } as ParamSpec]),
    { name: 'autoContinue', type: 'boolean', default: true, description: 'inject "Continue if you have next steps…" after an auto compaction' },
    { name: 'stallThreshold', type: 'number', default: 0.95, min: 0, max: 1, description: 'a compaction right after one that left ≥ this fraction of its tokens is stalled (autoCompactStalled)' },
  ];
}

export interface OpencodeConfig {
  variant: Variant;
  prune: boolean;
  pruneAfterCompaction: boolean;
  pruneOnPayloadLimit: boolean;
  pruneProtectTokens: number;
  pruneMinimumTokens: number;
  pruneProtectedTools: string;
  auto: boolean;
  declaresInputLimit: boolean;
  reserveWithoutInputLimit: boolean;
  reservedTokens: number;
  tailTurns: number;
  preserveRecentTokens: number;
  preserveRecentMaxTokens: number;
  toolOutputMaxChars: number;
  summaryMaxTokens: number;
  compactionMode: (typeof COMPACTION_MODES)[number];
  autoContinue: boolean;
  stallThreshold: number;
}

export function readOpencodeConfig(variant: Variant, params: Readonly<Record<string, unknown>>): OpencodeConfig {
  const out: Record<string, unknown> = { variant, pruneAfterCompaction: false, pruneOnPayloadLimit: false, compactionMode: 'prepend' };
  for (const p of opencodeParams(variant)) out[p.name] = params[p.name] ?? p.default;
  return out as unknown as OpencodeConfig;
}
