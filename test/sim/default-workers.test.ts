/** The default worker count (sim/parallel.ts): threads only when the work pays for starting them. */
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { defaultWorkers, freeCores, STEPS_PER_WORKER } from '../../src/sim/parallel.js';
import type { Cell } from '../../src/sim/run.js';

const cells = (n: number, expectedSteps?: number): Cell[] =>
  Array.from({ length: n }, (_, i) => ({ scenario: { name: `s${i}`, hash: 'h', settings: {}, expectedSteps, makeWorkload: () => { throw new Error('unused'); } }, seed: 1, policy: {} }) as unknown as Cell);

describe('defaultWorkers', () => {
  it('stays in-process when the work is small', () => {
    expect(defaultWorkers(cells(8, 60), 8, false)).toBe(1);
    expect(defaultWorkers(cells(1, 10 * STEPS_PER_WORKER), 8, false)).toBe(1);
  });

  it('adds a worker per STEPS_PER_WORKER steps, up to the cores and the cells', () => {
    expect(defaultWorkers(cells(10, STEPS_PER_WORKER / 5), 8, false)).toBe(2);
    expect(defaultWorkers(cells(100, STEPS_PER_WORKER), 2, false)).toBe(2);
    expect(defaultWorkers(cells(3, STEPS_PER_WORKER * 10), 8, false)).toBe(3);
  });

  it('runs in-process from source, where each worker would recompile the TypeScript', () => {
    expect(defaultWorkers(cells(100, STEPS_PER_WORKER), 8, true)).toBe(1);
  });
});

describe('freeCores', () => {
  it('is at least one and at most the available parallelism', () => {
    expect(freeCores()).toBeGreaterThanOrEqual(1);
    expect(freeCores()).toBeLessThanOrEqual(availableParallelism());
  });
});
