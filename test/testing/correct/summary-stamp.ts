/** The correct twin of broken/wall-clock-summary.ts: the stamp is the simulated time (`ctx.now`, seconds). */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { summaryPolicy } from '../summary-policy.js';

export const id = 'summary-stamp';
export const description = 'stamps summaries with the simulated time';

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return summaryPolicy(id, params, { window: (ctx) => ctx.contextWindow, stamp: (ctx) => `(compacted at t=${ctx.now}s)`, flagOverflow: true });
}
