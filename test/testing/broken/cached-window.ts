/**
 * Broken on purpose: a summary policy that reads the context window once, on its first call, and
 * compacts for that window ever after. After a switch to a model with a smaller window it compacts too
 * late; its overflow path clears old tool outputs and sends the request even when it still does not
 * fit, without saying so (caught by overflow-flagged). Its correct twin is test/testing/correct/summary-window.ts.
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { summaryPolicy } from '../summary-policy.js';

export const id = 'broken-cached-window';
export const description = 'caches the window on its first call';

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  let window: number | undefined;
  return summaryPolicy(id, params, { window: (ctx) => (window ??= ctx.contextWindow), flagOverflow: false });
}
