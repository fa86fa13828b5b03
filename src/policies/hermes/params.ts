/**
 * Parameters of the Hermes policy family, with upstream's defaults (agent/context_compressor.py
 * `__init__` @ 8fa8aabb) and the options for the older rule (seed 002), seed 004's extras and seed
 * 003's runway.
 */
import type { ParamSpec } from '../types.js';
import type { AntiThrashRule } from './compressor.js';

export const HERMES_PARAMS: readonly ParamSpec[] = [
  { name: 'thresholdPercent', type: 'number', default: 0.5, min: 0.05, max: 1, description: 'trigger as a share of the input window (raised to 0.75 under 512K windows; floored at 64K tokens)' },
  { name: 'protectFirstN', type: 'integer', default: 3, min: 0, description: 'first messages kept verbatim on the first compaction (decays to 0 afterwards)' },
  { name: 'protectLastN', type: 'integer', default: 20, min: 0, description: 'tail message floor (capped at 8 in the tail walk) and prune-boundary minimum' },
  { name: 'summaryTargetRatio', type: 'number', default: 0.2, min: 0.1, max: 0.8, description: 'tail token budget as a share of the threshold' },
  { name: 'reserveOutputTokens', type: 'boolean', default: false, description: "subtract the model's max output tokens from the window (Hermes' max_tokens; unset upstream by default)" },
  { name: 'tailMode', type: 'enum', default: 'legacy', values: ['legacy', 'lean'], description: "compression.tail_mode: legacy keeps threshold × summaryTargetRatio verbatim; lean keeps 2.5% of the window, clamped to 10,000–25,000 tokens (upstream's default since PR #95571, 2026-08-26)" },
  { name: 'abortOnSummaryFailure', type: 'boolean', default: false, description: 'a failed summary keeps the history unchanged instead of the deterministic fallback' },
  { name: 'antiThrash', type: 'enum', default: 'verdict', values: ['verdict', 'savings10'], description: "verdict: a compaction whose next real prompt is still over the threshold is a strike (current); savings10: a pass saving <10% is a strike (seed 002's older rule). Two strikes block" },
  { name: 'memoryFlush', type: 'boolean', default: false, description: 'an auxiliary memory-flush call over the whole history before each compaction (flush_memories, seed 004; removed upstream 2026-04-25, ea01bdceb #15696, so off)' },
  { name: 'memoryFlushTokens', type: 'integer', default: 300, min: 1, description: 'output tokens of the memory-flush call (a memory tool call)' },
  { name: 'todoSnapshot', type: 'boolean', default: true, description: "append the task list's active items as a user message after each compaction when the list is non-empty (upstream; the list follows the session's `todo` tool calls)" },
  { name: 'todoItems', type: 'integer', default: 0, min: 0, description: 'seed 004: a synthetic list of this many active items when the session made no `todo` call (0 = none, as upstream)' },
];

export const RUNWAY_PARAM: ParamSpec = {
  name: 'runwayFraction', type: 'number', default: 0.15, min: 0, max: 1,
  description: 'prune-only is accepted only at or below threshold − max(prune minimum, this × threshold)',
};

/** Seed 003's prune phase: its adaptive sizes, overridable so they can be swept (0 = the adaptive default). */
export const PRUNE_PARAMS: readonly ParamSpec[] = [
  { name: 'pruneProtectTokens', type: 'integer', default: 0, min: 0, description: 'recent tool-output tokens never pruned; 0 = seed 003\'s adaptive window (10K under 64K windows, 20K under 128K, 40K under 500K, else 100K)' },
  { name: 'pruneMinimumTokens', type: 'integer', default: 0, min: 0, description: 'a prune must reclaim at least this many tokens; 0 = seed 003\'s adaptive minimum max(5000, window/20)' },
];

export interface HermesParams {
  thresholdPercent: number;
  protectFirstN: number;
  protectLastN: number;
  summaryTargetRatio: number;
  tailMode: 'legacy' | 'lean';
  reserveOutputTokens: boolean;
  abortOnSummaryFailure: boolean;
  antiThrash: AntiThrashRule;
  memoryFlush: boolean;
  memoryFlushTokens: number;
  todoSnapshot: boolean;
  todoItems: number;
  runwayFraction: number;
  pruneProtectTokens: number;
  pruneMinimumTokens: number;
}

/** Defaults overlaid with the given values (the registry validates before `create`). */
export function readHermesParams(raw: Readonly<Record<string, unknown>>, defaults: Readonly<Partial<HermesParams>> = {}): HermesParams {
  const out: Record<string, unknown> = {};
  for (const spec of [...HERMES_PARAMS, ...PRUNE_PARAMS, RUNWAY_PARAM]) {
    out[spec.name] = raw[spec.name] ?? defaults[spec.name as keyof HermesParams] ?? spec.default;
  }
  return out as unknown as HermesParams;
}
