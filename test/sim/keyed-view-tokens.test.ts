/**
 * A `cacheAs` view (a server-side edit applied after the cache lookup) sends other content than the cache
 * keys on: the kept prefix is priced with the sent messages' token counts. When the next step sends the
 * plain history again, the same keys come back with their full content, and the prefix must be priced
 * with those counts again, not with the cleared ones the keyed step left behind.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { nonePolicy } from '../../src/policies/none.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import { withContent } from '../../src/policies/shared/tool-results.js';
import type { PolicyDefinition, ViewResult } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { fixtureWorkload, SETTINGS } from './fixtures.js';

/** Every tool result but the newest cleared on steps `keyedSteps`, keyed on the history; else the history. */
function keyedEvery(keyedSteps: (step: number) => boolean): PolicyDefinition {
  return {
    ...nonePolicy, id: 'keyed-view-test',
    create: () => ({
      id: 'keyed-view-test', params: {},
      view: (h: readonly Message[], ctx): readonly Message[] | ViewResult => {
        if (!keyedSteps(ctx.step)) return h;
        const last = h.map((m) => m.role).lastIndexOf('tool');
        const messages = h.map((m, i) => (m.role === 'tool' && i !== last ? withContent(m, '[cleared]') : m));
        return { messages, kind: 'clear-after-lookup', cacheAs: h };
      },
    }),
  };
}

const run = (def: PolicyDefinition, checked = false) => {
  const tokens = createTokenCounter();
  const workload = fixtureWorkload(tokens, { turns: 4, stepsPerTurn: 5, resultChars: 2_000 });
  return runSession(makeSetup({ scenario: 'fixture', seed: 1, workload, policy: resolvePolicy(def, {}), settings: SETTINGS, tokens, checked }));
};

describe('cacheAs views and the plain request after them', () => {
  it.each([false, true])('a plain step after a keyed one is priced as the plain history is (checked %s)', (checked) => {
    const keyed = (step: number): boolean => step % 3 === 1;
    const plain = run(nonePolicy, checked).steps;
    const mixed = run(keyedEvery(keyed), checked).steps;
    expect(mixed).toHaveLength(plain.length);
    let compared = 0;
    for (let i = 1; i < plain.length; i++) {
      const sent = mixed[i]!;
      if (keyed(i)) {
        // the keyed step sends less: the cleared results
        if (i > 4) expect(sent.promptTokens).toBeLessThan(plain[i]!.promptTokens);
        continue;
      }
      // the same messages as the plain run sends, so the same prompt; read from the cache at most what it holds
      expect(sent.promptTokens).toBe(plain[i]!.promptTokens);
      expect(sent.cacheReadTokens + sent.uncachedTokens + sent.cacheWriteTokens).toBe(sent.promptTokens);
      if (keyed(i - 1)) compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });
});
