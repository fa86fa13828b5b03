/** The microcompact policy in the simulator: command, schedule, threshold, no-op reporting, telemetry. */
import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { microcompactPolicy } from '../../src/policies/microcompact.js';
import { parsePolicySpec } from '../../src/policies/params.js';
import { resolvePolicy } from '../../src/policies/registry.js';
import type { PolicyContext, PolicyResult } from '../../src/policies/types.js';
import { runFixture } from '../sim/fixtures.js';
import { agentHistory } from './helpers.js';

const OFF = { triggerFraction: 0 };
const cmd = (args?: string) => [{ type: 'command' as const, command: '/microcompact', ...(args !== undefined ? { args } : {}) }];

function ctx(step = 0): PolicyContext {
  const tokens = createTokenCounter();
  return {
    contextWindow: 200_000, maxOutputTokens: 8_000, step, userTurn: 0, turnStart: false, now: 0,
    systemTokens: 100, systemPrompt: '', tokens, summarizer: { summarize: () => { throw new Error('no LLM call expected'); } },
    rng: () => 0, model: 'm',
  };
}

describe('microcompact as a /microcompact command', () => {
  const run = runFixture(microcompactPolicy, { turns: 4, events: { 9: cmd('1') } }, OFF);

  it('strips on the command step, in the command phase, with the feedback in note and detail', () => {
    expect(run.events).toHaveLength(1);
    const e = run.events[0]!;
    expect([e.step, e.phase, e.kind, e.noop]).toEqual([9, 'command', 'strip', false]);
    expect(e.reclaimedTokens).toBeGreaterThan(0);
    expect(e.note).toMatch(/^Compressed: \d+ → \d+ messages; Transcript tokens \(o200k\): ~[\d,]+ → ~[\d,]+ tokens$/);
    const d = JSON.parse(e.detail);
    expect(d).toMatchObject({ trigger: 'command', keepLastN: 1, noop: false });
    expect(d.toolCallsStripped).toBeGreaterThan(0);
    expect(e.auxCalls).toBe(0);
    expect(run.violations).toEqual([]);
    expect(run.failure).toBeNull();
  });

  it('keeps the pending call of the last response even with N = 0', () => {
    // the command fires before step 6's tool results are appended; the run at step 7 re-checks
    // the history those results landed in
    const r = runFixture(microcompactPolicy, { turns: 3, events: { 6: cmd('0') } }, { ...OFF, atSteps: '7' });
    expect(r.events.map((e) => [e.step, e.phase])).toEqual([[6, 'command'], [7, 'before']]);
    expect(r.violations).toEqual([]);
  });

  it('reports a no-op as an event with unchanged history', () => {
    const r = runFixture(microcompactPolicy, { turns: 2, events: { 1: cmd() } }, OFF);
    const e = r.events[0]!;
    expect(e.noop).toBe(true);
    expect(e.reclaimedTokens).toBe(0);
    expect(e.note).toMatch(/^No changes from compression: \d+ messages; Transcript tokens \(o200k\): ~[\d,]+ tokens \(unchanged\)$/);
    expect(r.steps[1]!.breakCause).toBeNull(); // nothing changed, so the cache is intact
    expect(r.telemetry).toMatchObject({ microcompactEvents: 1, microcompactNoops: 1, microcompactTokensRecovered: 0 });
  });

  it('vetoes a malformed argument and ignores other commands', () => {
    const p = microcompactPolicy.create(resolvePolicy(microcompactPolicy, OFF).params);
    expect(p.onCommand!('/microcompact', 'all', agentHistory(), ctx())).toEqual({ veto: expect.stringMatching(/usage: \/microcompact \[N\]/) });
    expect(p.onCommand!('/compress', undefined, agentHistory(), ctx())).toBeUndefined();
  });
});

describe('microcompact on a schedule (policy parameters)', () => {
  it('fires from beforeStep on atSteps and every everySteps', () => {
    const at = runFixture(microcompactPolicy, { turns: 4 }, { ...OFF, atSteps: '6; 13' });
    expect(at.events.map((e) => [e.step, e.phase])).toEqual([[6, 'before'], [13, 'before']]);
    const every = runFixture(microcompactPolicy, { turns: 4 }, { ...OFF, everySteps: 5 });
    expect(every.events.map((e) => e.step)).toEqual([5, 10, 15]);
    expect(every.events.every((e) => JSON.parse(e.detail).trigger === 'schedule')).toBe(true);
  });

  it('rejects a malformed step list with the parameter named', () => {
    expect(() => microcompactPolicy.create(resolvePolicy(microcompactPolicy, { atSteps: '4;x' }).params)).toThrow(/atSteps.*"x"/);
  });

  it('takes the step list from the CLI form, where commas separate parameters', () => {
    const { id, overrides } = parsePolicySpec('microcompact:triggerFraction=0,atSteps=6;13');
    expect(id).toBe('microcompact');
    const r = runFixture(microcompactPolicy, { turns: 4 }, overrides);
    expect(r.events.map((e) => e.step)).toEqual([6, 13]);
  });
});

describe('microcompact at a threshold', () => {
  it('strips automatically once the request reaches the trigger and records telemetry', () => {
    const r = runFixture(microcompactPolicy, { turns: 4, resultChars: 3_000, contextWindow: 20_000 }, { triggerFraction: 0.4, keepLastN: 1 });
    expect(r.events.length).toBeGreaterThan(0);
    expect(r.events.every((e) => e.phase === 'before' && JSON.parse(e.detail).trigger === 'threshold' && !e.noop)).toBe(true);
    const recovered = r.events.reduce((s, e) => s + JSON.parse(e.detail).transcriptTokensBefore - JSON.parse(e.detail).transcriptTokensAfter, 0);
    expect(r.telemetry.microcompactEvents).toBe(r.events.length);
    expect(r.telemetry.microcompactTokensRecovered).toBe(recovered);
    expect(recovered).toBeGreaterThan(0);
    expect(r.violations).toEqual([]);
  });

  it('vetoes instead of reporting an event when nothing can be stripped', () => {
    const p = microcompactPolicy.create(resolvePolicy(microcompactPolicy, { triggerFraction: 0.0001, minSavingsFraction: 0 }).params);
    const small = agentHistory({ turns: 1, toolSteps: 1 });
    const r = p.beforeStep!(small, ctx(3));
    expect(r).toEqual({ veto: expect.stringMatching(/nothing to strip/) });
    const big = p.beforeStep!(agentHistory({ turns: 3 }), ctx(4)) as PolicyResult;
    expect(big.kind).toBe('strip');
    expect(p.telemetry!()).toMatchObject({ microcompactEvents: 1, microcompactNoops: 1 });
  });

  it('holds back until the tool results outside the kept turns reach the minimum, then strips at least that', () => {
    const o = { turns: 6, resultChars: 3_000, contextWindow: 20_000 };
    const every = runFixture(microcompactPolicy, o, { triggerFraction: 0.3, keepLastN: 1, minSavingsFraction: 0 });
    const gated = runFixture(microcompactPolicy, o, { triggerFraction: 0.3, keepLastN: 1, minSavingsTokens: 5_000 });
    const saved = (e: { detail: string }) => JSON.parse(e.detail).transcriptTokensBefore - JSON.parse(e.detail).transcriptTokensAfter;
    expect(gated.events.length).toBeGreaterThan(0);
    expect(gated.events.length).toBeLessThan(every.events.length);
    expect(every.events.some((e) => saved(e) < 5_000)).toBe(true);
    expect(gated.events.every((e) => saved(e) >= 5_000)).toBe(true);
    expect(gated.telemetry.microcompactHeldBack).toBeGreaterThan(0);
    expect(every.telemetry.microcompactHeldBack).toBe(0);
    expect(gated.violations).toEqual([]);
  });

  it('takes the minimum as a fraction of the window unless minSavingsTokens sets it', () => {
    const history = agentHistory({ turns: 3 }); // six tool results of 244 tokens; the last three turns kept, 732 eligible
    const strips = (params: Record<string, unknown>, contextWindow: number) => {
      const p = microcompactPolicy.create(resolvePolicy(microcompactPolicy, { triggerFraction: 0.0001, ...params }).params);
      const r = p.beforeStep!(history, { ...ctx(5), contextWindow });
      return r !== undefined && 'kind' in r && r.kind === 'strip';
    };
    expect(strips({}, 200_000)).toBe(false); // 0.1 of 200k = 20,000 tokens: not eligible yet
    expect(strips({}, 10_000)).toBe(false); // 0.1 of 10k = 1,000
    expect(strips({}, 7_000)).toBe(true); // 700
    expect(strips({ minSavingsTokens: 700 }, 200_000)).toBe(true);
    expect(strips({ minSavingsTokens: 800 }, 7_000)).toBe(false);
    expect(strips({ minSavingsFraction: 0 }, 200_000)).toBe(true);
  });
});
