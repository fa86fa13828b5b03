/** cache-aligned's liveness: only results unused past the reuse horizon learned from past uses are pruned. */
import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user, type Message } from '../../src/core/messages.js';
import { createTokenCounter } from '../../src/core/tokens.js';
import { Liveness } from '../../src/policies/cache-aligned/liveness.js';
import type { UseLog } from '../../src/policies/use-log.js';

const tokens = createTokenCounter();
const PH = '[cleared]';

/** `n` steps, each a call and its result (`c<t>`, arrived at step t). */
function history(n: number): Message[] {
  const h: Message[] = [user('go')];
  for (let t = 0; t < n; t++) h.push(assistant('', [call(`c${t}`, 'Read', { path: `f${t}` })]), toolResult(`c${t}`, `content of f${t} `.repeat(40)));
  return h;
}

function log(last: Record<string, number>, gaps: number[]): UseLog {
  return { lastUse: (id) => last[id], gaps };
}

describe('cache-aligned liveness', () => {
  it('keeps a result used recently however old, and clears the unused ones past the horizon', () => {
    const h = history(30);
    const live = new Liveness({ quantile: 0.9, priorSteps: 10, minSamples: 5, keep: 2 }, PH);
    for (let t = 0; t < 30; t++) live.note(h.slice(0, 3 + 2 * t), t);
    const found = live.dead(h, 30, log({ c1: 25 }, []), tokens)!;
    const ids = found.indices.map((i) => h[i]!.tool_call_id);
    // before 5 uses the prior horizon holds: results last active more than 10 steps ago are dead, c1 was used at 25
    expect(ids).toEqual(['c0', ...Array.from({ length: 19 }, (_, i) => `c${i + 1}`).filter((c) => c !== 'c1')]);
    expect(found.reclaimed).toBeGreaterThan(0);
  });

  it('learns the horizon from the gaps of past uses (their quantile)', () => {
    const live = new Liveness({ quantile: 0.9, priorSteps: 10, minSamples: 5, keep: 0 }, PH);
    expect(live.horizon(log({}, [1, 2]))).toBe(10);
    expect(live.horizon(log({}, [1, 2, 40, 3, 4, 5, 6, 7, 8, 9]))).toBe(40);
    const h = history(30);
    live.note(h, 0);
    // every result arrived at step 0: with a 40-step horizon none is dead at step 30
    expect(live.dead(h, 30, log({}, [1, 2, 40, 3, 4, 5, 6, 7, 8, 9]), tokens)).toBeUndefined();
  });
});
