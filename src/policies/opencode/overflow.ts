/**
 * opencode's overflow trigger (sst/opencode `packages/opencode/src/session/overflow.ts` @ 31e22f65): the
 * usable input is the declared input limit minus a reserve of min(20k, max output), or, when the model
 * declares no input limit, the context minus the max output minus that reserve (before 31e22f65, and in
 * the previous port @ 08f74b9b, the reserve was not subtracted in that case: `reserveWithoutInputLimit` false); a step
 * overflows when its total tokens reach it. `stalled` is autoCompactStalled:
 * a compaction that did not cut the reported tokens by at least 5% is not making progress.
 */
export const COMPACTION_BUFFER = 20_000;

/**
 * Usable input tokens. `inputLimit` is the model's declared input limit (0 when it declares none); the
 * simulator takes it to be the context window when the policy says the model declares one.
 */
export function usable(contextWindow: number, maxOutputTokens: number, inputLimit: number, reserved: number,
  reserveAlways = false): number {
  if (contextWindow === 0) return 0;
  const reserve = reserved > 0 ? reserved : Math.min(COMPACTION_BUFFER, maxOutputTokens);
  if (inputLimit > 0) return Math.max(0, inputLimit - reserve);
  return Math.max(0, contextWindow - maxOutputTokens - (reserveAlways ? reserve : 0));
}

export function stalled(previousTokens: number | undefined, currentTokens: number, threshold: number): boolean {
  return previousTokens !== undefined && currentTokens >= previousTokens * threshold;
}
