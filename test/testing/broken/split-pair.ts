/**
 * Broken on purpose: summarizes everything before a token-based cut without aligning the cut, so the
 * kept tail can start with tool results whose assistant call was summarized away (orphan results).
 */
import type { Message } from '../../../src/core/messages.js';
import type { PolicyDefinition } from '../../../src/policies/types.js';

const policy: PolicyDefinition = {
  id: 'broken-split-pair',
  description: 'summary compaction whose cut can split a call from its results',
  source: 'test fixture',
  params: [],
  create: (params) => ({
    id: 'broken-split-pair',
    params,
    afterStep(history, usage, ctx) {
      if (usage.promptTokens < 0.6 * ctx.contextWindow || history.length < 4) return undefined;
      // keep the newest messages worth 30% of the window; the cut is not moved off tool results
      let acc = 0;
      let cut = history.length;
      while (cut > 1 && acc + ctx.tokens.message(history[cut - 1]!) <= 0.3 * ctx.contextWindow) acc += ctx.tokens.message(history[--cut]!);
      if (cut === history.length) cut--;
      const summary: Message = { role: 'user', content: `[Summary of ${cut} earlier messages]` };
      return { history: [summary, ...history.slice(cut)], kind: 'summary' };
    },
  }),
};
export default policy;
