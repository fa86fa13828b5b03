import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import type { PolicyDefinition, ContextPolicy } from '../../src/policies/types.js';
import { runFixture } from './fixtures.js';

const def = (id: string, make: () => Omit<ContextPolicy, 'id' | 'params'>): PolicyDefinition => ({
  id, description: id, source: 'test', params: [], create: (params) => ({ id, params, ...make() }),
});

describe('policy failures are data, not crashes', () => {
  it('a policy that throws ends its session with a failure row', () => {
    const run = runFixture(def('thrower', () => ({
      afterStep: (_h, _u, ctx) => { if (ctx.step === 3) throw new Error('boom'); return undefined; },
    })));
    expect(run.failure).toMatchObject({ phase: 'after', step: 3, error: 'policy threw: boom' });
    expect(run.steps).toHaveLength(3);
  });

  it('pushing into the history array is detected as mutation', () => {
    const run = runFixture(def('pusher', () => ({
      beforeStep: (h) => { (h as Message[]).push({ role: 'user', content: 'sneaky' }); return undefined; },
    })));
    expect(run.failure?.error).toMatch(/mutated its input/);
  });

  it('replacing an element in place is detected in checked runs', () => {
    const run = runFixture(def('swapper', () => ({
      beforeStep: (h) => { if (h.length > 3) (h as Message[])[1] = { role: 'user', content: 'x' }; return undefined; },
    })));
    expect(run.failure?.error).toMatch(/mutated its input/);
  });

  it('editing a message object in place is detected (messages are frozen)', () => {
    const run = runFixture(def('editor', () => ({
      beforeStep: (h) => { (h[0] as { content: string }).content = 'rewritten'; return undefined; },
    })));
    expect(run.failure?.error).toMatch(/mutated its input/);
  });

  it('an invalid history is a failure; an orphaned pair is a violation', () => {
    const bad = runFixture(def('bad-role', () => ({
      afterStep: (h, _u, ctx) => (ctx.step === 2 ? { history: [...h, { role: 'robot' } as unknown as Message], kind: 'x' } : undefined),
    })));
    expect(bad.failure?.error).toMatch(/invalid message at index/);
    const orphan = runFixture(def('orphaner', () => ({
      afterStep: (h, _u, ctx) => {
        if (ctx.step !== 5) return undefined;
        const i = h.findIndex((m) => m.tool_calls?.length);
        return { history: h.filter((_, j) => j !== i), kind: 'prune' };
      },
    })));
    expect(orphan.failure).toBeNull();
    expect(orphan.violations.map((v) => v.code)).toContain('orphan-result');
  });

  it('vetoes are counted, not treated as events', () => {
    const run = runFixture(def('vetoer', () => ({ afterStep: () => ({ veto: 'anti-thrash' }) })));
    expect(run.vetoes).toHaveLength(12);
    expect(run.events).toHaveLength(0);
  });
});

describe('server-side views', () => {
  it('leave history untouched and break the cache as a view change', () => {
    const clearOld = def('clear-view', () => ({
      view: (h, ctx) => {
        if (ctx.step < 6) return h;
        return { messages: h.map((m, i) => (m.role === 'tool' && i < 4 ? { ...m, content: '[cleared]' } : m)), kind: 'clear' };
      },
    }));
    const run = runFixture(clearOld);
    const ev = run.events.filter((e) => e.phase === 'view');
    expect(ev).toHaveLength(1);
    expect(ev[0]!.step).toBe(6);
    expect(ev[0]!.kind).toBe('clear');
    expect(ev[0]!.earliestChangedIndex).toBe(3); // system, user, assistant, then the first tool result
    expect(run.steps[6]!.breakCause).toBe('view-change');
    expect(run.steps[7]!.breakCause).toBeNull(); // the same view next step is a pure append
    expect(run.steps[6]!.historyMessages).toBe(run.steps[6]!.requestMessages - 1);
  });
});

describe('views keyed for the cache (ViewResult.cacheAs)', () => {
  const clearing = (keyed: boolean) => def(keyed ? 'clear-after-lookup' : 'clear-documented', () => ({
    view: (h, ctx) => {
      if (ctx.step < 6) return h;
      const messages = h.map((m, i) => (m.role === 'tool' && i < 4 ? { ...m, content: '[cleared]' } : m));
      return keyed ? { messages, kind: 'clear', cacheAs: h } : { messages, kind: 'clear' };
    },
  }));

  it('an edit applied after the cache lookup changes the tokens but does not break the cache', () => {
    const documented = runFixture(clearing(false));
    const afterLookup = runFixture(clearing(true));
    expect(documented.steps[6]!.breakCause).toBe('view-change');
    expect(afterLookup.steps[6]!.breakCause).toBeNull();
    // both send the same, smaller prompt
    expect(afterLookup.steps[6]!.promptTokens).toBe(documented.steps[6]!.promptTokens);
    expect(afterLookup.events.filter((e) => e.phase === 'view')).toHaveLength(1);
    expect(afterLookup.steps[6]!.cacheReadTokens).toBeGreaterThan(documented.steps[6]!.cacheReadTokens);
  });

  it('a cacheAs list of the wrong length is a policy failure', () => {
    const bad = runFixture(def('bad-keys', () => ({
      view: (h) => ({ messages: h.slice(1), cacheAs: h }),
    })));
    expect(bad.failure?.error).toMatch(/cacheAs must have as many messages/);
  });
});
