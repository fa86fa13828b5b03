/**
 * The correct twin of broken/cached-window.ts and broken/module-window.ts: reads the window from the
 * context on every call, and flags a request its overflow path could not bring under the window.
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { summaryPolicy } from '../summary-policy.js';

export const id = 'summary-window';
export const description = 'compacts for the current window';

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return summaryPolicy(id, params, { window: (ctx) => ctx.contextWindow, flagOverflow: true });
}
