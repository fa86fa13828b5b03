/** The example policy of docs/writing-a-policy.md, verbatim (the docs test keeps them in step). */
import type { Message, PolicyDefinition } from 'compactbench/testing';

const PLACEHOLDER = '[Old tool result content cleared]';

const policy: PolicyDefinition = {
  id: 'clear-old-outputs',
  description: 'Clears all but the newest tool outputs above a fraction of the window.',
  source: 'example',
  params: [
    { name: 'triggerFraction', type: 'number', default: 0.7, min: 0.1, max: 1, description: 'act at this share of the window' },
    { name: 'keep', type: 'integer', default: 3, min: 0, description: 'newest tool outputs kept' },
  ],
  create(params) {
    const trigger = params.triggerFraction as number;
    const keep = params.keep as number;
    return {
      id: 'clear-old-outputs',
      params,
      beforeStep(history, ctx) {
        const used = ctx.lastUsage?.promptTokens ?? 0;
        if (used < trigger * ctx.contextWindow) return undefined;
        const tools = history.flatMap((m, i) => (m.role === 'tool' && m.content !== PLACEHOLDER ? [i] : []));
        const clear = new Set(tools.slice(0, Math.max(0, tools.length - keep)));
        if (!clear.size) return undefined;
        const next: Message[] = history.map((m, i) => (clear.has(i) ? { ...m, content: PLACEHOLDER } : m));
        return { history: next, kind: 'clear', note: `cleared ${clear.size} tool outputs` };
      },
    };
  },
};
export default policy;
