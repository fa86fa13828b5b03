/**
 * Broken on purpose: a "prune" that removes the user messages of old turns — and, by an off-by-one,
 * the newest user message too.
 */
import type { PolicyDefinition } from '../../../src/policies/types.js';

export const policy: PolicyDefinition = {
  id: 'broken-drop-last-user',
  description: 'drops user messages, including the newest one',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-drop-last-user',
    params,
    beforeStep(history, ctx) {
      const used = ctx.lastUsage?.promptTokens ?? 0;
      if (used < 0.5 * ctx.contextWindow) return undefined;
      const users = history.flatMap((m, i) => (m.role === 'user' ? [i] : []));
      const drop = new Set(users.slice(-1)); // meant users.slice(0, -1)
      if (!drop.size) return undefined;
      return { history: history.filter((_, i) => !drop.has(i)), kind: 'summary' };
    },
  }),
};
