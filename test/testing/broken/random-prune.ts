/**
 * Broken on purpose: uses Math.random (a random tag in its placeholder, as a "unique marker"), so the
 * same conversation and seed give different histories (and different cache hashes) from run to run.
 */
import type { PolicyDefinition } from '../../../src/policies/types.js';

const policy: PolicyDefinition = {
  id: 'broken-random-prune',
  description: 'clears old tool outputs with a random tag',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-random-prune',
    params,
    beforeStep(history, ctx) {
      if ((ctx.lastUsage?.promptTokens ?? 0) < 0.5 * ctx.contextWindow) return undefined;
      const tag = Math.random().toString(36).slice(2, 8);
      const out = history.map((m, i) => (m.role === 'tool' && i < history.length - 4 ? { ...m, content: `[cleared ${tag}]` } : m));
      return { history: out, kind: 'prune' };
    },
  }),
};
export default policy;
