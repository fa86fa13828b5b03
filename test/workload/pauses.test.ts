import { describe, expect, it } from 'vitest';
import { createTokenCounter } from '../../src/core/tokens.js';
import { generateWorkload } from '../../src/workload/generator.js';
import { loadScenario, type Scenario } from '../../src/workload/scenario.js';

/** chat-heavy with one-call turns: many user-turn gaps per session, cheap to generate */
function manyTurns(over5m: number, over1h: number): Scenario {
  const s = loadScenario('chat-heavy');
  const g = s.generator;
  return {
    ...s,
    generator: {
      ...g,
      sessionSteps: { kind: 'constant', value: 500 },
      stepsPerTurn: { kind: 'constant', value: 1 },
      reasoning: undefined,
      finalAnswer: { tokens: { kind: 'constant', value: 10 } },
      timing: { ...g.timing, pauses: { over5m, over1h } },
    },
  };
}

function userGaps(s: Scenario, seeds: number): number[] {
  const gaps: number[] = [];
  for (let seed = 1; seed <= seeds; seed++) {
    const w = generateWorkload(s, seed, createTokenCounter());
    for (const st of w.steps.slice(1)) if (st.append[0]?.role === 'user') gaps.push(st.gapBefore);
  }
  return gaps;
}

const share = (v: number[], over: number) => v.filter((x) => x > over).length / v.length;

describe('user think time and long pauses', () => {
  it.each([
    [0.3, 0.08],
    [0.1, 0.02],
  ])('gaps past 300 s and past 3,600 s occur at the configured rates (%f, %f)', (over5m, over1h) => {
    const gaps = userGaps(manyTurns(over5m, over1h), 6);
    expect(gaps.length).toBeGreaterThan(2900);
    // binomial standard error at n ≈ 3,000 is under 0.009; allow four of them
    expect(Math.abs(share(gaps, 300) - over5m)).toBeLessThan(0.035);
    expect(Math.abs(share(gaps, 3600) - over1h)).toBeLessThan(0.02);
  });

  it('has no long pauses when the rates are 0, and no mass piled at the 300 s cut', () => {
    const gaps = userGaps(manyTurns(0, 0), 2);
    expect(share(gaps, 300)).toBe(0);
    expect(gaps.filter((g) => g > 295).length / gaps.length).toBeLessThan(0.02);
  });

  it('the first turn starts at once; tool steps wait for their tools', () => {
    const w = generateWorkload(loadScenario('claude-code-200k'), 1, createTokenCounter());
    expect(w.steps[0].gapBefore).toBe(0);
    for (const st of w.steps) {
      expect(st.latency).toBeGreaterThan(0);
      expect(st.gapBefore).toBeGreaterThanOrEqual(0);
    }
  });

  it('model latency grows with output length (ttft + tokens / speed)', () => {
    const s = loadScenario('claude-code-200k');
    const w = generateWorkload(s, 2, createTokenCounter());
    const { ttftSeconds, outputTokensPerSecond } = s.generator.timing;
    for (const st of w.steps) expect(st.latency).toBeCloseTo(ttftSeconds + st.outputTokens / outputTokensPerSecond, 9);
  });
});
