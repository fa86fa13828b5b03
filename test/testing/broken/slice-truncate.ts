/**
 * Broken on purpose: once the prompt passes half the window, cuts every tool output longer than 400
 * characters to its first 40% with `String.slice`, which counts UTF-16 code units: an emoji at the cut
 * loses its low surrogate and the request carries a lone `\ud83d` (caught by well-formed-text).
 * Its correct twin is test/testing/correct/slice-truncate.ts.
 */
import type { Message } from '../../../src/core/messages.js';
import type { ContextPolicy } from '../../../src/policies/types.js';

export const id = 'broken-slice-truncate';
export const description = 'truncates tool outputs by UTF-16 code units';

export const cut = (s: string, n: number): string => s.slice(0, n);

export function truncatingPolicy(name: string, cutAt: (s: string, n: number) => string, params: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id: name,
    params,
    beforeStep(history, ctx) {
      if ((ctx.lastUsage?.promptTokens ?? 0) < 0.5 * ctx.contextWindow) return undefined;
      let n = 0;
      const next = history.map((m): Message => {
        if (m.role !== 'tool' || typeof m.content !== 'string' || m.content.length <= 400 || m.content.endsWith('[truncated]')) return m;
        n++;
        return { ...m, content: `${cutAt(m.content, Math.floor(m.content.length * 0.4))}\n[truncated]` };
      });
      return n ? { history: next, kind: 'trim', note: `truncated ${n} tool outputs` } : undefined;
    },
  };
}

export const create = (params: Readonly<Record<string, unknown>>): ContextPolicy => truncatingPolicy(id, cut, params);
