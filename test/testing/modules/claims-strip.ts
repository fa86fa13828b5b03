/**
 * A policy module using the `create` convention with declared `params` and `claims`: it strips the text
 * of old assistant messages under the kind 'summary' (which claims nothing by itself), while the module
 * claims to keep all assistant text — so `claimed-text-kept` must fail for it.
 */
import type { ContextPolicy, ParamSpec } from '../../../src/policies/types.js';

export const id = 'claims-strip';
export const params: ParamSpec[] = [
  { name: 'fraction', type: 'number', default: 0.5, min: 0.1, max: 1, description: 'act above this share of the window' },
];
export const claims = { assistantText: true };

export function create(p: Readonly<Record<string, unknown>>): ContextPolicy {
  return {
    id,
    params: p,
    afterStep(history, usage, ctx) {
      if (usage.promptTokens < (p.fraction as number) * ctx.contextWindow) return undefined;
      const out = history.map((m, i) => (m.role === 'assistant' && i < history.length - 2 && m.content ? { ...m, content: null } : m));
      return { history: out, kind: 'summary' };
    },
  };
}
