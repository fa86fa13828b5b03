/**
 * PolicyResult.changedFrom: the harness adopts a hinted result, patches its request from the hint and
 * checks the invariants incrementally; every record (steps, events, vetoes, violations) must be the same
 * as without the hint, in checked and unchecked runs alike.
 */
import { describe, expect, it } from 'vitest';
import { withContent } from '../../src/policies/shared/tool-results.js';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { claudeCodeTutorialPolicy } from '../../src/policies/claude-code/tutorial.js';
import { microcompactPolicy } from '../../src/policies/microcompact.js';
import { recentToolsSummaryPolicy } from '../../src/policies/recent-tools-summary/policy.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { ContextPolicy, HookResult, PolicyDefinition, PolicyResult } from '../../src/policies/types.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup } from '../../src/sim/setup.js';
import { fixtureWorkload, SETTINGS, type FixtureOptions } from './fixtures.js';

type Hint = 'exact' | 'zero' | 'wrong';

/**
 * A rewriting policy through every path: a result cleared near the end (before and after the step), a
 * message dropped, a call dropped without its result (an orphan: the invariants' fallback), then repaired,
 * two rewrites in one step, and a copy of the input.
 */
function scripted(hint: Hint): PolicyDefinition {
  const rewrite = (history: readonly Message[], step: number, phase: string): HookResult => {
    const mode = Math.floor(step / 4) % 6;
    const next = history.slice();
    let from = next.length;
    const set = (i: number, m: Message | null): void => {
      if (i < 0 || i >= next.length) return;
      if (m) next[i] = m;
      else next.splice(i, 1);
      from = Math.min(from, i);
    };
    if (mode === 0) return undefined;
    const lastTool = next.map((m) => m.role).lastIndexOf('tool', next.length - 3);
    if (mode === 1 || mode === 2) set(lastTool, lastTool >= 0 ? withContent(next[lastTool]!, `[cleared ${phase}]`) : null);
    if (mode === 2) set(next.length - 6, null);
    if (mode === 3 && phase === 'before') set(next.findIndex((m) => m.role === 'assistant' && m.tool_calls), null); // an orphan result
    if (mode === 4) set(next.findIndex((m) => m.role === 'tool'), null); // drops the orphan again
    const changedFrom = hint === 'exact' ? from : hint === 'zero' ? 0 : next.length;
    return { history: next, kind: `m${mode}`, changedFrom } satisfies PolicyResult;
  };
  return {
    id: 'scripted-rewrite', description: 'test', source: 'test', params: [],
    create: (params): ContextPolicy => ({
      id: 'scripted-rewrite', params,
      beforeStep: (h, ctx) => rewrite(h, ctx.step, 'before'),
      afterStep: (h, _u, ctx) => (ctx.step % 3 === 0 ? rewrite(h, ctx.step, 'after') : undefined),
    }),
  };
}

/**
 * The scripted rewrites with a view that changes mode every few steps: the history itself (the request is
 * the patched mirror), a copy with the newest result cleared, and that copy keyed on the history
 * (`cacheAs`: the mirror is what the cache saw, so it must not be patched in place).
 */
function withView(hint: Hint): PolicyDefinition {
  const base = scripted(hint);
  return {
    ...base, id: 'scripted-rewrite-view',
    create: (params): ContextPolicy => ({
      ...base.create(params), id: 'scripted-rewrite-view',
      view: (h, ctx) => {
        const mode = Math.floor(ctx.step / 3) % 3;
        if (mode === 0 || h.length < 3) return h;
        const copy = h.slice();
        const last = copy.map((m) => m.role).lastIndexOf('tool');
        if (last >= 0) copy[last] = withContent(copy[last]!, '[hidden]');
        return mode === 1 ? { messages: copy, kind: 'hide' } : { messages: copy, kind: 'hide-after-lookup', cacheAs: h };
      },
    }),
  };
}

/** The same policy with its rewrite hints and tails removed (and its results copied): the harness rebuilds whole. */
const unhinted = (def: PolicyDefinition): PolicyDefinition => ({
  ...def,
  create: (params) => {
    const p = def.create(params);
    const strip = (r: HookResult): HookResult => {
      if (!r || 'veto' in r) return r;
      const { changedFrom: _drop, tail: _tail, ...rest } = r;
      return { ...rest, history: rest.history.slice() };
    };
    const wrap = <A extends unknown[]>(f: ((...a: A) => HookResult) | undefined) => (f ? (...a: A) => strip(f.apply(p, a)) : undefined);
    return Object.assign(Object.create(p) as ContextPolicy, {
      beforeStep: wrap(p.beforeStep), afterStep: wrap(p.afterStep), onOverflow: wrap(p.onOverflow), onCommand: wrap(p.onCommand),
    });
  },
});

const run = (def: PolicyDefinition, checked: boolean, o: FixtureOptions, params: Record<string, unknown> = {}) => {
  const tokens = createTokenCounter();
  const workload = fixtureWorkload(tokens, o);
  const r = runSession(makeSetup({ scenario: 'fixture', seed: 1, workload, policy: resolvePolicy(def, params), settings: SETTINGS, tokens, checked }));
  return { steps: r.steps, events: r.events, vetoes: r.vetoes, violations: r.violations, failure: r.failure, telemetry: r.telemetry };
};

describe('PolicyResult.changedFrom', () => {
  const o: FixtureOptions = { turns: 6, stepsPerTurn: 8, resultChars: 600 };

  it('gives the same records as a full rebuild, checked or not, through every path of the rewrite', () => {
    const want = run(unhinted(scripted('exact')), true, o);
    expect(want.failure).toBeNull();
    expect(want.events.length).toBeGreaterThan(20);
    expect(want.violations.some((v) => v.code === 'orphan-result')).toBe(true);
    expect(want.events.some((e) => e.phase === 'after')).toBe(true);
    for (const hint of ['exact', 'zero'] as const) {
      expect(run(scripted(hint), true, o), `${hint}, checked`).toEqual(want);
      expect(run(scripted(hint), false, o), `${hint}, unchecked`).toEqual(want);
    }
  });

  it('with a view policy too (the request patched in place, a view sent, the history keyed for the cache)', () => {
    const want = run(unhinted(withView('exact')), true, o);
    expect(want.failure).toBeNull();
    expect(want.events.some((e) => e.phase === 'view')).toBe(true);
    for (const hint of ['exact', 'zero'] as const) {
      expect(run(withView(hint), true, o), `${hint}, checked`).toEqual(want);
      expect(run(withView(hint), false, o), `${hint}, unchecked`).toEqual(want);
    }
  });

  it('a wrong hint is a policy failure in checked runs', () => {
    const r = run(scripted('wrong'), true, o);
    expect(r.failure).toMatchObject({ phase: 'before' });
    expect(r.failure!.error).toMatch(/changedFrom/);
  });

  it.each([
    ['microcompact', microcompactPolicy, { contextWindow: 6_000 }, {}],
    ['microcompact (every step, keep 1)', microcompactPolicy, {}, { everySteps: 1, keepLastN: 1 }],
    ['claude-code-tutorial', claudeCodeTutorialPolicy, {}, { threshold: 2_500 }],
    ['recent-tools-summary', recentToolsSummaryPolicy, { contextWindow: 4_000 }, {}],
  ] as const)('%s: hinted and rebuilt rewrites give the same records', (_name, def, over, params) => {
    const opts: FixtureOptions = { turns: 5, stepsPerTurn: 9, resultChars: 700, ...over };
    const want = run(unhinted(def), true, opts, params);
    expect(want.failure).toBeNull();
    expect(want.events.length).toBeGreaterThan(5);
    expect(run(def, true, opts, params)).toEqual(want);
    expect(run(def, false, opts, params)).toEqual(want);
  });
});
