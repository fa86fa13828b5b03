import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { loadScenario, type Scenario } from '../../src/workload/scenario.js';
import { short } from './helpers.js';

describe('scenario events', () => {
  it('the model-switch scenario switches to the smaller window at 70% of the session', () => {
    const s = loadScenario('model-switch');
    for (const seed of [1, 2, 3]) {
      const w = generateWorkload(s, seed, createTokenCounter());
      const at = w.steps.findIndex((st) => st.events?.length);
      expect(at).toBe(Math.floor(0.7 * w.steps.length));
      expect(w.steps[at].events).toEqual([{ type: 'model-switch', model: 'openai/gpt-4o-mini', contextWindow: 128000, maxOutputTokens: 16384 }]);
      expect(w.steps.filter((st) => st.events).length).toBe(1);
      expect(w.contextWindow).toBe(1047576);
    }
  });

  it('fires step-indexed commands, and drops events past the last step', () => {
    const base = short('claude-code-200k', 20);
    const s: Scenario = {
      ...base,
      events: [
        { type: 'command', atStep: 5, command: '/compress', args: 'focus on tests' },
        { type: 'model-switch', atStep: 20, profile: 'anthropic/claude-haiku-4.5', contextWindow: 100000 },
      ],
    };
    const w = generateWorkload(s, 1, createTokenCounter());
    expect(w.steps[5].events).toEqual([{ type: 'command', command: '/compress', args: 'focus on tests' }]);
    expect(w.steps.filter((st) => st.events).length).toBe(1);
  });
});
