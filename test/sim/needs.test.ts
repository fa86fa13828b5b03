/**
 * Needs checked against the requests a policy sends: `none` keeps every need on every real and generated
 * session; a policy that clears tool outputs loses some; measuring changes no other record; the closed
 * loop with nothing removed is the open loop; what a summary keeps follows its setting.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { sessionMetrics } from '../../src/metrics/session-metrics.js';
import { getPolicy, resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyDefinition } from '../../src/policies/types.js';
import { DEFAULT_REACTION } from '../../src/sim/reaction.js';
import type { SessionRun } from '../../src/sim/records.js';
import { runSession } from '../../src/sim/session.js';
import { makeSetup, type SimSettings } from '../../src/sim/setup.js';
import { traceRunScenario } from '../../src/cli/trace-scenarios.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { importTrace } from '../../src/workload/import/index.js';
import { loadScenario } from '../../src/workload/scenario.js';
import type { Workload } from '../../src/workload/types.js';
import { requireShared, SHARED_DIR } from '../shared-data.js';

const tokens = createTokenCounter();
const OPEN: SimSettings = { breakpoints: 'auto', summarizer: { fidelity: 1, failureRate: 0, failAt: [] } };
const CLOSED: SimSettings = { ...OPEN, reaction: DEFAULT_REACTION };

function run(w: Workload, def: PolicyDefinition, settings: SimSettings = OPEN, params: Record<string, unknown> = {}): SessionRun {
  return runSession(makeSetup({ scenario: 's', seed: 1, workload: w, policy: resolvePolicy(def, params as never), settings, tokens, checked: true }));
}

/** clears every tool output from the request on, once the prompt passes a quarter of the window */
const clearAll: PolicyDefinition = {
  id: 'clear-all', description: 'test', source: 'test', params: [],
  create: () => ({
    id: 'clear-all', params: {},
    beforeStep: (history, ctx) => ((ctx.lastUsage?.promptTokens ?? 0) > ctx.contextWindow / 4 && history.some((m) => m.role === 'tool' && m.content !== '[cleared]')
      ? { kind: 'clear', history: history.map((m): Message => (m.role === 'tool' ? { ...m, content: '[cleared]' } : m)) } : undefined),
  }),
};

const generated = (name: string, steps: number): Workload => generateWorkload(loadScenario(name), 1, tokens, steps);
const SCENARIOS = ['claude-code-200k', 'small-32k', 'swe-bash-128k', 'research-web-200k', 'chat-heavy', 'ops-1m', 'model-switch'];

describe('needs on generated sessions', () => {
  it('every shipped scenario draws needs, and `none` meets every one of them (retention 1)', () => {
    for (const name of SCENARIOS) {
      const w = generated(name, 300);
      expect(w.needs!.length, name).toBeGreaterThan(0);
      const m = sessionMetrics(run(w, getPolicy('none')));
      expect([name, m.needs, m.needsMet, m.retention]).toEqual([name, w.needs!.length, w.needs!.length, 1]);
    }
  });

  it('a policy that clears every tool output loses needs and keeps less than hermes', () => {
    const w = generated('small-32k', 300);
    const clear = sessionMetrics(run(w, clearAll));
    const hermes = sessionMetrics(run(w, getPolicy('hermes')));
    expect(clear.needsMet + clear.needsReferenced + clear.needsLost).toBe(clear.needs);
    expect(clear.needsMet).toBeLessThan(clear.needs);
    expect(clear.retention).toBeLessThan(hermes.retention);
  });

  it("a user message the policy rewrites but still shows verbatim (a copy, a summary merged in) meets its needs; a cut one does not", () => {
    const rewriteUsers = (id: string, f: (text: string) => string): PolicyDefinition => ({
      id, description: 'test', source: 'test', params: [],
      create: () => ({
        id, params: {},
        beforeStep: (history) => (history.some((m) => m.role === 'user' && typeof m.content === 'string' && f(m.content) !== m.content)
          ? { kind: 'clear', history: history.map((m): Message => (m.role === 'user' && typeof m.content === 'string' ? { ...m, content: f(m.content) } : m)) }
          : undefined),
      }),
    });
    const marked = (t: string): string => (t.endsWith('[seen]') ? t : `${t}\n\n[seen]`);
    const prefixed = (t: string): string => (t.startsWith('Summary:') ? t : `Summary: earlier work\n\n${t}`);
    const cut = (t: string): string => (t.length > 12 ? t.slice(0, 12) : t);
    for (const name of ['chat-heavy', 'claude-code-200k']) {
      const w = generated(name, 300);
      const instructions = w.needs!.filter((n) => n.kind === 'instruction').length;
      expect(instructions, name).toBeGreaterThan(0);
      for (const f of [marked, prefixed]) expect(sessionMetrics(run(w, rewriteUsers('rewrite', f))).retention, name).toBe(1);
      expect(sessionMetrics(run(w, rewriteUsers('cut', cut))).needsMet, name).toBeLessThan(w.needs!.length);
    }
  });

  it('unmet needs are counted per step, and charged to the events that broke them', () => {
    const w = generated('small-32k', 300);
    const r = run(w, clearAll);
    const m = sessionMetrics(r);
    expect(r.steps.reduce((a, s) => a + s.needsUnmet, 0)).toBe(m.needs - m.needsMet);
    const broken = r.events.reduce((a, e) => a + e.needsBroken, 0);
    expect(broken).toBeGreaterThan(0);
    expect(broken).toBeLessThanOrEqual(m.needs - m.needsMet);
    for (const e of r.events) if (e.needsBroken > 0) expect(e.kind).toBe('clear');
  });

  it('measuring needs changes no other record (open loop)', () => {
    const w = generated('small-32k', 300);
    const { needs: _n, ...bare } = w;
    for (const def of [clearAll, getPolicy('hermes'), getPolicy('claude-code')]) {
      const a = run(w, def);
      const b = run(bare, def);
      expect(b.needs).toBeUndefined();
      expect(a.steps.map(({ needsUnmet: _u, ...s }) => s)).toEqual(b.steps.map(({ needsUnmet: _u, ...s }) => s));
      expect(a.events.map(({ needsBroken: _b, ...e }) => e)).toEqual(b.events.map(({ needsBroken: _b, ...e }) => e));
      expect(a.telemetry).toEqual(b.telemetry);
    }
  });

  it('the closed loop re-fetches what was lost, and a re-fetched need still counts as unmet', () => {
    const w = generated('small-32k', 300);
    const open = run(w, clearAll);
    const closed = run(w, clearAll, CLOSED);
    expect(closed.telemetry['reaction.reReads']).toBeGreaterThan(0);
    expect(closed.steps.length).toBe(open.steps.length + (closed.telemetry['reaction.reactionSteps'] as number));
    // a need is judged on the first request of its step, before the agent re-fetches: never counted as met for it
    expect(closed.needs!.needs).toBe(open.needs!.needs);
    // with nothing removed the closed loop is the open loop, record for record
    const none = getPolicy('none');
    const [c, o] = [run(w, none, CLOSED), run(w, none)];
    expect([c.steps, c.events, c.needs]).toEqual([o.steps, o.events, o.needs]);
    expect(c.telemetry['reaction.reReads']).toBe(0);
  });

  it('what a summary keeps follows its setting: named identifiers are referenced, none are met', () => {
    const w = generated('small-32k', 300);
    const def = getPolicy('hermes');
    const names0 = sessionMetrics(run(w, def, { ...OPEN, needs: { summaryNames: 0 } }));
    const names1 = sessionMetrics(run(w, def, { ...OPEN, needs: { summaryNames: 1 } }));
    expect(names1.needsMet).toBe(names0.needsMet);
    expect(names1.needsReferenced).toBeGreaterThan(names0.needsReferenced);
    expect(names1.costTotal).toBe(names0.costTotal);
  });
});

const have = requireShared('traces/claude-code', 'needs on the shared real sessions');

describe.runIf(have)('needs on recorded sessions', () => {
  const FILES = ['claude-code/8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl', 'claude-code/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl', 'swe-agent/pwn__warmup.traj', 'codex/rollout-2026-02-23T12-41-04-019c8a4d-8f45-7010-8b5d-7fad920aa6f9.jsonl'];

  it('`none` meets every need of every session; a compacting policy does not (what it would have removed)', async () => {
    for (const f of FILES) {
      const file = join(SHARED_DIR, 'traces', f);
      const sc = traceRunScenario(file, await importTrace(file));
      const w = sc.makeWorkload(1, tokens);
      const none = sessionMetrics(runSession(makeSetup({ scenario: sc.name, seed: 1, workload: w, policy: resolvePolicy(getPolicy('none')), settings: sc.settings, tokens })));
      expect([f, none.needs, none.retention]).toEqual([f, w.needs!.length, w.needs!.length ? 1 : NaN]);
    }
  });
});
