/**
 * Broken on purpose: replaces the head of history with a summary by splicing the array it was given
 * (the input), then returns that same array. Uses the `create(params)` module convention.
 */
import type { Message } from '../../../src/core/messages.js';
import type { ContextPolicy } from '../../../src/policies/types.js';

export const id = 'broken-mutate-input';
export const description = 'splices its input history in place';

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params,
    afterStep(history, usage, ctx) {
      if (usage.promptTokens < 0.6 * ctx.contextWindow) return undefined;
      let start = Math.floor(history.length / 2);
      while (start > 0 && history[start]!.role !== 'user') start--;
      if (start <= 1) return undefined;
      const h = history as Message[];
      h.splice(0, start, { role: 'user', content: '[Summary of the earlier conversation]' });
      return { history: h, kind: 'summary' };
    },
  };
}
