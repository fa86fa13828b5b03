/**
 * Broken on purpose: stamps each summary with the wall clock (`new Date()`), so two runs of the same
 * session differ (caught by deterministic, which replays under a clock shifted by a year). Its correct
 * twin, test/testing/correct/summary-stamp.ts, stamps the simulated time `ctx.now`.
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { summaryPolicy } from '../summary-policy.js';

export const id = 'broken-wall-clock-summary';
export const description = 'stamps summaries with the wall clock';

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return summaryPolicy(id, params, { window: (ctx) => ctx.contextWindow, stamp: () => `(compacted at ${new Date().toISOString()})`, flagOverflow: true });
}
