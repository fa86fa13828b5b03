/**
 * Broken on purpose: the same cache as broken/cached-window.ts, but in module scope, so every session
 * after the first in a process compacts for the first session's window. A replay in the same module
 * instance sees the same cached value and agrees with the first run; a fresh instance of the module
 * that ran another session first does not (caught by fresh-instance). Its correct twin is
 * test/testing/correct/summary-window.ts.
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { summaryPolicy } from '../summary-policy.js';

export const id = 'broken-module-window';
export const description = 'caches the window in module scope';

let window: number | undefined;

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return summaryPolicy(id, params, { window: (ctx) => (window ??= ctx.contextWindow), flagOverflow: true });
}
