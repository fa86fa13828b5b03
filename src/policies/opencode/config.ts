/**
 * Parameters of the `opencode` and `kilocode` policies (shared/reference/policies.md §1).
 * Sources: anomalyco/opencode `packages/opencode/src/session/compaction.ts` @ 001aa6cc6a2164fe2e836df9f07d11debff1722d
 * and `overflow.ts` @ 08f74b9bb5a7dac12b2624a9b1dba4abf7d5b3f2; Kilo-Org/kilocode
 * `packages/opencode/src/session/compaction.ts` @ 02bc3f2126348148b50e49c581641c9123eeb05c (anchored summary,
 * tail selection, prune reasons). Some upstream revisions cap the preserved tail at 15k instead of 8k.
 */
import type { ParamSpec } from '../types.js';

export const PRUNED = '[Old tool result content cleared]';
/** The text opencode renders for the user message that carries the `compaction` part. */
export const MARKER_TEXT = 'What did we do so far?';
export const CONTINUE_TEXT = 'Continue if you have next steps, or stop and ask for clarification if you are unsure how to proceed.';

export type Variant = 'opencode' | 'kilocode';

export function opencodeParams(variant: Variant): ParamSpec[] {
  const kilo = variant === 'kilocode';
  return [
    { name: 'prune', type: 'boolean', default: !kilo, description: kilo
      ? 'prune on normal turns (Kilo: opt-in, compaction.prune === true)'
      : 'prune after every completed turn (compaction.prune; on unless false)' },
    ...(kilo ? [{ name: 'pruneAfterCompaction', type: 'boolean', default: true, description: 'prune right after a compaction, when the cache is already broken (reason "post-compaction")' } as ParamSpec,
      { name: 'pruneOnPayloadLimit', type: 'boolean', default: true, description: 'prune before compacting when a request overflows the window (reason "payload-limit")' } as ParamSpec] : []),
    { name: 'pruneProtectTokens', type: 'integer', default: 40_000, min: 0, description: 'newest tool-output tokens never pruned (PRUNE_PROTECT)' },
    { name: 'pruneMinimumTokens', type: 'integer', default: 20_000, min: 0, description: 'prune only when more than this is reclaimable (PRUNE_MINIMUM)' },
    { name: 'pruneProtectedTools', type: 'string', default: 'skill', description: 'comma-separated tools whose outputs are never pruned (PRUNE_PROTECTED_TOOLS)' },
    { name: 'auto', type: 'boolean', default: true, description: 'overflow-triggered auto-compaction (compaction.auto)' },
    { name: 'declaresInputLimit', type: 'boolean', default: true, description: 'the model declares limit.input (taken = context): usable = context − reserved; false: usable = context − max output' },
    { name: 'reservedTokens', type: 'integer', default: 0, min: 0, description: 'compaction.reserved (0 = min(20k, max output))' },
    { name: 'tailTurns', type: 'integer', default: 2, min: 0, description: 'recent user turns kept verbatim (compaction.tail_turns)' },
    { name: 'preserveRecentTokens', type: 'integer', default: 0, min: 0, description: 'token budget of the kept tail (0 = min(max, max(2000, usable × 0.25)))' },
    { name: 'preserveRecentMaxTokens', type: 'integer', default: 8_000, min: 0, description: 'cap of the default tail budget (MAX_PRESERVE_RECENT_TOKENS; 15k in some upstream revisions)' },
    { name: 'toolOutputMaxChars', type: 'integer', default: 2_000, min: 0, description: 'tool outputs truncated to this in the summarizer input (TOOL_OUTPUT_MAX_CHARS)' },
    { name: 'summaryMaxTokens', type: 'integer', default: 20_000, min: 1, description: 'summary output cap (COMPACTION_MAX_OUTPUT_TOKENS; also capped by the model max output)' },
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
  reservedTokens: number;
  tailTurns: number;
  preserveRecentTokens: number;
  preserveRecentMaxTokens: number;
  toolOutputMaxChars: number;
  summaryMaxTokens: number;
  autoContinue: boolean;
  stallThreshold: number;
}

export function readOpencodeConfig(variant: Variant, params: Readonly<Record<string, unknown>>): OpencodeConfig {
  const out: Record<string, unknown> = { variant, pruneAfterCompaction: false, pruneOnPayloadLimit: false };
  for (const p of opencodeParams(variant)) out[p.name] = params[p.name] ?? p.default;
  return out as unknown as OpencodeConfig;
}
