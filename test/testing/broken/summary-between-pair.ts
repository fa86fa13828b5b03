/**
 * Broken on purpose: keeps every message but inserts its summary note right after the newest
 * assistant message, which separates that message's tool calls from their results.
 */
import type { PolicyDefinition } from '../../../src/policies/types.js';

const policy: PolicyDefinition = {
  id: 'broken-summary-between-pair',
  description: 'inserts a note between a call and its results',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-summary-between-pair',
    params,
    beforeStep(history, ctx) {
      if ((ctx.lastUsage?.promptTokens ?? 0) < 0.5 * ctx.contextWindow) return undefined;
      let a = -1;
      for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'assistant') { a = i; break; }
      if (a < 0) return undefined;
      return { history: [...history.slice(0, a + 1), { role: 'user', content: '[note: context is getting long]' }, ...history.slice(a + 1)], kind: 'note' };
    },
  }),
};
export default policy;
