/**
 * Broken on purpose: before every request, strips reasoning from every assistant message but the
 * newest message of history, meaning to keep the newest assistant's. Mid tool loop the newest message
 * is a tool result, so the assistant whose calls it answers loses its thinking: Anthropic rejects the
 * request, and DeepSeek rejects any tool-calling message without its reasoning_content (caught by
 * thinking-kept). Its correct twin is test/testing/correct/strip-thinking.ts.
 */
import type { Message } from '../../../src/core/messages.js';
import type { ContextPolicy } from '../../../src/policies/types.js';

export const id = 'broken-strip-thinking-mid-loop';
export const description = 'strips reasoning from all but the newest message';

export const hasReasoning = (m: Message): boolean => m.role === 'assistant' && (!!m.reasoning || !!m.reasoning_content || !!m.reasoning_details?.length);

export function withoutReasoning(m: Message): Message {
  const { reasoning: _a, reasoning_content: _b, reasoning_details: _c, ...rest } = m;
  return rest;
}

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params,
    beforeStep(history) {
      const keep = history.length - 1;
      if (!history.some((m, i) => i !== keep && hasReasoning(m))) return undefined;
      return { history: history.map((m, i) => (i !== keep && hasReasoning(m) ? withoutReasoning(m) : m)), kind: 'strip-thinking' };
    },
  };
}
