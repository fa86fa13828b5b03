/**
 * ViewResult.changedFrom: the harness patches its request from the policy's hint instead of rebuilding
 * it, and every record must be the same as without the hint, in checked and unchecked runs alike.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { anthropicClearToolUsesPolicy } from '../../src/policies/anthropic/definitions.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { ContextPolicy, PolicyDefinition, ViewResult } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { fixtureWorkload, SETTINGS, type FixtureOptions } from './fixtures.js';

type Hint = 'exact' | 'none' | 'zero' | 'wrong';

/**
 * A view policy that exercises every path of the patched request: views shorter than history, a
 * structural copy of an early message, earlier edits undone, a plain array, the history itself, and on
 * overflow further views in the same step (after a no-op rewrite or none). It returns one array, patched.
 */
function scripted(hint: Hint): PolicyDefinition {
  return {
    id: 'scripted-view', description: 'test', source: 'test', params: [],
    create: (params): ContextPolicy => {
      const cleared = new WeakMap<Message, Message>();
      const placeholder = (m: Message): Message => {
        let c = cleared.get(m);
        if (!c) cleared.set(m, (c = { ...m, content: '[cleared]' }));
        return c;
      };
      const out: Message[] = [];
      let prev: Message[] | null = null;
      let step = -1;
      let callsThisStep = 0;
      let overflows = 0;
      return {
        id: 'scripted-view', params,
        view(history, ctx) {
          callsThisStep = ctx.step === step ? callsThisStep + 1 : 0;
          step = ctx.step;
          const mode = Math.floor(ctx.step / 3) % 7; // runs of steps in one mode, so patches build on each other
          if (mode === 0) {
            prev = null;
            return history;
          }
          const cut = history.length - 4 - 2 * callsThisStep;
          // mode 2 clears a window that moves with the end, so earlier clearings are undone near the end
          const low = mode === 2 ? cut - 6 : mode === 6 ? 4 : 0;
          const target = history.map((m, i) => (m.role === 'tool' && i >= low && i < cut ? placeholder(m) : m));
          if (mode === 3 && target.length > 1) target[1] = { ...target[1]! }; // same content, new object
          if (mode === 5) target.pop();
          let from = 0;
          if (prev) while (from < target.length && from < prev.length && target[from] === prev[from]) from++;
          prev = target;
          if (mode === 4) return target.slice();
          out.length = target.length;
          target.forEach((m, i) => { out[i] = m; });
          const changedFrom = hint === 'exact' ? from : hint === 'zero' ? 0 : hint === 'wrong' ? target.length : undefined;
          return { messages: out, kind: 'scripted', ...(changedFrom !== undefined ? { changedFrom } : {}) } satisfies ViewResult;
        },
        onOverflow(history) {
          overflows++;
          return overflows % 2 ? { history: history.slice(), kind: 'copy' } : undefined;
        },
      };
    },
  };
}

const run = (def: PolicyDefinition, checked: boolean, o: FixtureOptions, params: Record<string, unknown> = {}) => {
  const tokens = createTokenCounter();
  const workload = fixtureWorkload(tokens, o);
  const r = runSession(makeSetup({ scenario: 'fixture', seed: 1, workload, policy: resolvePolicy(def, params), settings: SETTINGS, tokens, checked }));
  return { steps: r.steps, events: r.events, vetoes: r.vetoes, failure: r.failure };
};

/** The same policy with its hint removed: the harness then rebuilds and diffs the request whole. */
const unhinted = (def: PolicyDefinition): PolicyDefinition => ({
  ...def,
  create: (params) => {
    const p = def.create(params);
    const view = p.view!.bind(p);
    return Object.assign(p, {
      view: (h: readonly Message[], ctx: Parameters<typeof view>[1]) => {
        const v = view(h, ctx);
        if (Array.isArray(v) || !('messages' in v)) return v;
        const { changedFrom: _drop, ...rest } = v as ViewResult;
        return { ...rest, messages: rest.messages.slice() };
      },
    });
  },
});

describe('ViewResult.changedFrom', () => {
  const o: FixtureOptions = { turns: 5, stepsPerTurn: 9, resultChars: 900, contextWindow: 9_000 };

  it('gives the same records as a full rebuild, checked or not, through every path of the patched request', () => {
    const want = run(unhinted(scripted('exact')), true, o);
    expect(want.failure).toBeNull();
    expect(want.events.filter((e) => e.phase === 'view').length).toBeGreaterThan(10);
    expect(want.events.some((e) => e.phase === 'overflow')).toBe(true); // second views in a step happen
    for (const hint of ['exact', 'zero'] as const) {
      expect(run(scripted(hint), true, o), `${hint}, checked`).toEqual(want);
      expect(run(scripted(hint), false, o), `${hint}, unchecked`).toEqual(want);
    }
  });

  it('a wrong hint is a policy failure in checked runs', () => {
    const r = run(scripted('wrong'), true, o);
    expect(r.failure).toMatchObject({ phase: 'view' });
    expect(r.failure!.error).toMatch(/changedFrom/);
  });

  it.each([
    ['stateless', 'documented'], ['remembers', 'documented'], ['stateless', 'after-lookup'],
  ])('anthropic-clear-tool-uses (%s, %s): hinted and rebuilt requests give the same records', (serverState, cacheSemantics) => {
    const params = { trigger: 12_000, serverState, cacheSemantics };
    const opts: FixtureOptions = { turns: 4, stepsPerTurn: 10, resultChars: 2_000 };
    const want = run(unhinted(anthropicClearToolUsesPolicy), false, opts, params);
    expect(want.events.length).toBeGreaterThan(0);
    expect(run(anthropicClearToolUsesPolicy, true, opts, params)).toEqual(want);
    expect(run(anthropicClearToolUsesPolicy, false, opts, params)).toEqual(want);
  });
});
