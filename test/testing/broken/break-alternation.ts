/**
 * Broken on purpose: inserts an assistant-role summary right after the newest user message, in front of
 * the assistant's own answer, so two assistant turns follow each other. Pairs stay intact and the user
 * message is kept: only the role order is wrong.
 */
import type { Message } from '../../../src/core/messages.js';
import type { PolicyDefinition } from '../../../src/policies/types.js';

const policy: PolicyDefinition = {
  id: 'broken-alternation',
  description: 'assistant-role summary between the newest user message and the answer to it',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-alternation',
    params,
    afterStep(history, usage, ctx) {
      if (usage.promptTokens < 0.6 * ctx.contextWindow) return undefined;
      let lastUser = -1;
      for (let i = history.length - 1; i >= 0; i--) if (history[i]!.role === 'user') { lastUser = i; break; }
      if (lastUser <= 0) return undefined;
      const summary: Message = { role: 'assistant', content: `[Summary of ${lastUser} earlier messages]` };
      return { history: [history[lastUser]!, summary, ...history.slice(lastUser + 1)], kind: 'summary' };
    },
  }),
};
export default policy;
