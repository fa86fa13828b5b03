/**
 * The shape of a session record read back from a shard's runs.jsonl. `merge` trusts nothing it reads:
 * a corrupted value (a "NaN" string where a cost goes) would otherwise flow straight into sessions.csv.
 * Numbers may be NaN or ±Infinity (records-io restores them from their tagged form).
 */
import { z } from 'zod';

// any number, NaN and ±Infinity included (a ratio over zero events is NaN); z.number() refuses those
const num = z.custom<number>((v) => typeof v === 'number', { error: 'a number' });
const int = z.custom<number>((v) => Number.isInteger(v), { error: 'an integer' });
const str = z.string();
const nullableNum = num.nullable();

const key = { scenario: str, seed: int, policy: str, policyLabel: str, paramsHash: str };
const RunKeySchema = z.object(key).strict();

const StepSchema = z
  .object({
    ...key, step: int, userTurn: int, time: num, model: str, historyMessages: int, requestMessages: int,
    promptTokens: num, cacheReadTokens: num, cacheWriteTokens: num, uncachedTokens: num, outputTokens: num,
    costUncached: nullableNum, costCacheWrite: nullableNum, costCacheRead: nullableNum, costOutput: nullableNum,
    auxCalls: int, auxInputTokens: num, auxOutputTokens: num, auxCost: nullableNum, costTotal: nullableNum,
    breakCause: str.nullable(), overflow: z.boolean(), events: str, utilization: num, needsUnmet: int, contextWindow: num,
  })
  .strict();

const EventSchema = z
  .object({
    ...key, step: int, userTurn: int, phase: str, kind: str, note: str, messagesBefore: int, messagesAfter: int,
    tokensBefore: num, tokensAfter: num, reclaimedTokens: num, earliestChangedIndex: int, changedFraction: num,
    rewriteTokens: num, breakEvenSteps: nullableNum, auxCalls: int, noop: z.boolean(), raised: z.boolean(), detail: str,
    needsBroken: int,
  })
  .strict();

export const SessionRunSchema = z
  .object({
    key: RunKeySchema,
    steps: z.array(StepSchema),
    events: z.array(EventSchema),
    vetoes: z.array(z.object({ ...key, step: int, phase: str, veto: str }).strict()),
    violations: z.array(z.object({ ...key, step: int, phase: str, code: str, index: int, detail: str }).strict()),
    failure: z.object({ ...key, step: int, phase: str, error: str }).strict().nullable(),
    userTurns: int,
    contextWindow: num,
    telemetry: z.record(z.string(), z.union([str, num, z.boolean()])),
    /** the workload's offline optimum (src/optimum); null when unpriced or too long */
    optimumCost: num.nullable().optional(),
    needs: z.object({ needs: int, met: int, referenced: int, lost: int }).strict().optional(),
  })
  .strict();

export const IndexedRunSchema = z.object({ cell: z.number().int().min(0), run: SessionRunSchema }).strict();
