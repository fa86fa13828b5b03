/**
 * opencode's overflow trigger (`packages/opencode/src/session/overflow.ts` @ 08f74b9b): the usable input is
 * the context minus the model's max output (or the declared input limit minus a reserve of
 * min(20k, max output)); a step overflows when its total tokens reach it. `stalled` is autoCompactStalled:
 * a compaction that did not cut the reported tokens by at least 5% is not making progress.
 */
export const COMPACTION_BUFFER = 20_000;

/**
 * Usable input tokens. `inputLimit` is the model's declared input limit (0 when it declares none); the
 * simulator takes it to be the context window when the policy says the model declares one.
 */
export function usable(contextWindow: number, maxOutputTokens: number, inputLimit: number, reserved: number): number {
  if (contextWindow === 0) return 0;
  if (inputLimit > 0) return Math.max(0, inputLimit - (reserved > 0 ? reserved : Math.min(COMPACTION_BUFFER, maxOutputTokens)));
  return Math.max(0, contextWindow - maxOutputTokens);
}

export function stalled(previousTokens: number | undefined, currentTokens: number, threshold: number): boolean {
  return previousTokens !== undefined && currentTokens >= previousTokens * threshold;
}
