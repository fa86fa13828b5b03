/**
 * The family of compaction operators the offline optimum schedules, and its defaults.
 *
 * The bound is the cheapest schedule *within this family*, so it is a lower bound for a policy only if
 * the family can do at least what the policy does, as cheaply. The defaults are therefore each operator
 * at its most aggressive: a summary of everything but the current step's messages (tail 0) into
 * `summaryTokens`, and a prune of every older tool output (keep 0 steps) to an empty placeholder, with
 * older reasoning dropped; tool outputs are capped at insertion at `insertionCapTokens` (below the
 * smallest insertion trim a registered policy applies: insertion-trim's 4,096 + 1,024 characters).
 * Tighter families (larger k, a longer summary) give a higher, less general bound.
 */
import { z } from 'zod';

export const OptimumFamilySchema = z.object({
  /** tokens of the summary message's text (its framing is counted on top) */
  summaryTokens: z.number().int().min(0).max(1_000_000).default(500),
  /** a prune keeps the tool outputs of the last k steps before the current one */
  pruneKeepSteps: z.number().int().min(0).max(100_000).default(0),
  /** tokens of a pruned output's placeholder text */
  placeholderTokens: z.number().int().min(0).max(10_000).default(0),
  /** tool outputs enter history at most this many tokens (content); 0 = no cap */
  insertionCapTokens: z.number().int().min(0).max(10_000_000).default(1000),
  /** which operators the schedule may use */
  operators: z.enum(['both', 'summary', 'prune']).default('both'),
}).strict();

export type OptimumFamily = z.infer<typeof OptimumFamilySchema>;

export const DEFAULT_FAMILY: OptimumFamily = OptimumFamilySchema.parse({});

/** Sessions longer than this get no bound: the two-operator program is cubic in the steps. */
export const MAX_BOUND_STEPS = 1500;
