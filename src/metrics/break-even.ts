/**
 * Break-even of one compaction event: how many later steps its per-step saving needs to repay the
 * extra cache write it forces now.
 *
 * Extra cost now: the re-sent tail (`rewriteTokens`) is written instead of read (write − read price).
 * Saving per later step: the reclaimed tokens are no longer read from cache (read price).
 * A provider without a write fee still pays full input price for the re-sent tail.
 */
import type { CacheProfile } from '../cache/profiles.js';

export function breakEvenSteps(profile: CacheProfile, rewriteTokens: number, reclaimedTokens: number): number | null {
  const { input, cacheWrite, cacheRead } = profile.prices;
  if (input == null || cacheRead == null) return null;
  const write = cacheWrite ?? input;
  const extra = rewriteTokens * (write - cacheRead);
  const perStep = reclaimedTokens * cacheRead;
  if (perStep <= 0) return null;
  return extra / perStep;
}
