import { describe, expect, it } from 'vitest';
import { packSteps, transferList, unpack, unpackSteps } from '../../src/sim/packed-steps.js';
import type { SessionRun, StepRecord } from '../../src/sim/records.js';

const key = { scenario: 's', seed: 1, policy: 'p', policyLabel: 'p:x=1', paramsHash: 'abc' };
function step(i: number): StepRecord {
  return {
    ...key, step: i, userTurn: i >> 2, time: i * 1.5, model: i % 3 ? 'claude-sonnet' : 'gpt-x', historyMessages: i + 2, requestMessages: i + 1,
    promptTokens: 1000 + i, cacheReadTokens: i % 5 ? 900 : 0, cacheWriteTokens: 7, uncachedTokens: 3, outputTokens: 11,
    costUncached: i % 4 ? 0.1 + i / 3 : null, costCacheWrite: -0, costCacheRead: Number.NaN, costOutput: 1e-9 * i,
    auxCalls: 0, auxInputTokens: 0, auxOutputTokens: 0, auxCost: null, costTotal: i % 4 ? 0.3 : null,
    breakCause: i % 5 ? null : 'prefix-changed', overflow: i % 7 === 0, events: i % 6 ? '' : 'prune,summary', utilization: i / 7, contextWindow: 200_000,
  } as StepRecord;
}

describe('packed step records', () => {
  it('rebuild every field and null, in the same field order', () => {
    const steps = Array.from({ length: 50 }, (_, i) => step(i));
    const p = packSteps(steps)!;
    expect(p).not.toBeNull();
    const back = unpack(p);
    expect(JSON.stringify(back)).toBe(JSON.stringify(steps));
    expect(back).toEqual(steps);
    expect(Object.is(back[0]!.costCacheWrite, -0)).toBe(true);
    expect(back.map((s) => Object.keys(s))).toEqual(steps.map((s) => Object.keys(s)));
    // text columns become small dictionaries, numbers typed arrays, and only the arrays are moved
    expect(transferList(p).length).toBeGreaterThanOrEqual(p.fields.length);
  });

  it('decline records with fields it cannot hold or that differ from the first', () => {
    expect(packSteps([{ ...step(0), model: { x: 1 } } as unknown as StepRecord])).toBeNull();
    expect(packSteps([step(0), { ...step(1), extra: 1 } as unknown as StepRecord])).toBeNull();
    expect(packSteps([])).toEqual({ count: 0, fields: [], columns: [] });
  });

  it('give a run its steps when first read, keeping the field in its place', () => {
    const steps = Array.from({ length: 5 }, (_, i) => step(i));
    const run = { key, steps, events: [], vetoes: [], violations: [], failure: null, userTurns: 1, contextWindow: 10, telemetry: {} } as SessionRun;
    const json = JSON.stringify(run);
    const sent = { ...run, steps: [] as StepRecord[] };
    unpackSteps(sent, packSteps(steps)!);
    expect(JSON.stringify(sent)).toBe(json);
    expect(sent.steps).toBe(sent.steps);
  });
});
