/**
 * The correct twin of broken/strip-thinking-mid-loop.ts: strips reasoning only where no provider needs
 * it back — assistant messages before the newest user message (finished turns) — and, on DeepSeek,
 * keeps it on every message that called tools (DeepSeek wants those in all later requests).
 */
import type { ContextPolicy } from '../../../src/policies/types.js';
import { providerOf } from '../../../src/testing/checks/thinking.js';
import { hasReasoning, withoutReasoning } from '../broken/strip-thinking-mid-loop.js';

export const id = 'strip-thinking';
export const description = "strips reasoning of finished turns, as each provider allows";

export function create(params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params,
    beforeStep(history, ctx) {
      let lastUser = history.length;
      while (lastUser > 0 && history[lastUser - 1]!.role !== 'user') lastUser--;
      const deepseek = providerOf(ctx.model) === 'deepseek';
      const strip = (i: number): boolean => i < lastUser - 1 && hasReasoning(history[i]!) && !(deepseek && (history[i]!.tool_calls?.length ?? 0) > 0);
      if (!history.some((_, i) => strip(i))) return undefined;
      return { history: history.map((m, i) => (strip(i) ? withoutReasoning(m) : m)), kind: 'strip-thinking' };
    },
  };
}
