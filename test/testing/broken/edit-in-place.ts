/** Broken on purpose: clears old tool outputs by assigning to the message objects it was given. */
import type { Message } from '../../../src/core/messages.js';
import type { PolicyDefinition } from '../../../src/policies/types.js';

const policy: PolicyDefinition = {
  id: 'broken-edit-in-place',
  description: 'edits messages in place',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-edit-in-place',
    params,
    afterStep(history, usage, ctx) {
      if (usage.promptTokens < 0.5 * ctx.contextWindow) return undefined;
      for (const m of history.slice(0, -4)) if (m.role === 'tool') (m as Message).content = '[cleared]';
      return { history: [...history], kind: 'prune' };
    },
  }),
};
export default policy;
