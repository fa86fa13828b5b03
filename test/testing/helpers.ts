/** Hand-made cases and tiny policies for the kit's own tests. */
import type { Message } from '../../src/core/messages.js';
import type { ContextPolicy, PolicyDefinition } from '../../src/policies/types.js';
import type { CallSpec, PolicyCase, TurnSpec } from '../../src/testing/spec.js';
import { LARGE_UNITS } from '../../src/testing/vocabulary.js';

const big = (tool: string): CallSpec => ({ tool, args: '{"command":"npm test"}', output: { kind: 'large', unit: LARGE_UNITS[1]!, weight: 1 } });
const turn = (text: string, calls: number): TurnSpec => ({
  user: { text, images: 0, largeWeight: 0 },
  steps: Array.from({ length: calls }, (_, i) => ({ text: i === 0 ? 'Let me look.' : '', reasoning: null, calls: [big(i % 2 ? 'Read' : 'bash')] })),
  final: `Answered: ${text}`,
});

/** Three turns of tool work that fill 1.5 windows of 32k tokens. */
export function fixedCase(over: Partial<PolicyCase['conversation']> = {}): PolicyCase {
  return {
    context: { model: 'claude-sonnet-4.5', contextWindow: 32_000, maxOutputTokens: 4096, fill: 1.5, systemFraction: 0.02, summarizerFailAt: [], thinkSeconds: 30 },
    conversation: { system: 'You are a coding agent.', compacted: null, turns: [turn('Fix the parser.', 3), turn('Now the docs.', 3), turn('Run the tests.', 3)], ...over },
    seed: 3,
  };
}

export const def = (id: string, make: () => Omit<ContextPolicy, 'id' | 'params'>): PolicyDefinition => ({
  id, description: id, source: 'test', params: [], create: (params) => ({ id, params, ...make() }),
});

/** After any step over `fraction` of the window: `rewrite` the history. */
export const afterOver = (id: string, fraction: number, rewrite: (h: readonly Message[]) => { history: Message[]; kind: string; detail?: Record<string, boolean> } | undefined) =>
  def(id, () => ({ afterStep: (h, u, ctx) => (u.promptTokens >= fraction * ctx.contextWindow ? rewrite(h) : undefined) }));

/** Index of the newest message with `role`, or -1. */
export const lastIndexOf = (h: readonly Message[], role: Message['role']): number => {
  for (let i = h.length - 1; i >= 0; i--) if (h[i]!.role === role) return i;
  return -1;
};
