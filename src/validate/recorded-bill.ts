/**
 * What a recorded session was billed: every call's recorded usage (uncached input, cache read, cache
 * write, output) priced with its own model's row of the price table, the cache-write tier taken from the
 * usage where it says (`cache_creation.ephemeral_1h_input_tokens`). This is the baseline a team actually
 * paid, shown beside each policy's replayed cost (`run --trace`). A call whose model has no prices makes
 * the whole bill unpriced (null), never a partial sum; calls that recorded no input count are left out
 * and counted.
 */
import { getProfile } from '../cache/profiles.js';
import { priceTokens } from '../cache/pricing.js';
import type { ImportedTrace, RecordedCall } from '../workload/import/types.js';
import { applyTtl, recordedTtl } from './profile.js';
import type { RecordedBill } from '../sim/records.js';

export type { RecordedBill };

function callCost(c: RecordedCall, fallbackModel: string | undefined): number | null {
  const base = getProfile(c.model ?? fallbackModel ?? '');
  if (!base) return null;
  const profile = applyTtl(base, recordedTtl([c]));
  const priced = priceTokens(profile, { uncached: c.input ?? 0, cacheRead: c.cacheRead ?? 0, cacheWrite: c.cacheWrite ?? 0, output: c.output ?? 0 });
  return priced ? priced.total : null;
}

/** The recorded bill of a trace, or undefined when it recorded no usage at all. */
export function recordedBill(trace: ImportedTrace): RecordedBill | undefined {
  const bill: RecordedBill = { calls: 0, skipped: 0, promptTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const c of trace.meta.calls) {
    if (c.input === undefined) {
      bill.skipped++;
      continue;
    }
    bill.calls++;
    bill.promptTokens += c.input + (c.cacheRead ?? 0) + (c.cacheWrite ?? 0);
    bill.outputTokens += c.output ?? 0;
    const cost = callCost(c, trace.meta.model);
    bill.costUsd = cost === null || bill.costUsd === null ? null : bill.costUsd + cost;
  }
  return bill.calls ? bill : undefined;
}
