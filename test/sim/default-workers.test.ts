/** The default worker count (sim/parallel.ts): threads only when the work pays for starting them. */
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { defaultWorkers, freeCores, STEPS_PER_WORKER } from '../../src/sim/parallel.js';
import { busyElsewhere, busyElsewhereBetween, MIN_WINDOW_MS } from '../../src/sim/cpu-busy.js';
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

describe('freeCores from the cores busy elsewhere', () => {
  const n = availableParallelism();
  it('takes away the cores other processes keep busy, rounded, leaving at least one', () => {
    expect(freeCores(0)).toBe(n);
    expect(freeCores(0.4)).toBe(n);
    expect(freeCores(n - 0.4)).toBe(1);
    expect(freeCores(n + 3)).toBe(1);
    if (n >= 2) expect(freeCores(1)).toBe(n - 1);
  });

  it('counts busy time less this process\'s own, over the wall time between samples', () => {
    // 300 ms: the cores were busy 450 ms in all, 150 of them this process's: 300 ms elsewhere = 1 core
    expect(busyElsewhereBetween({ at: 0, busy: 1000, own: 0 }, { at: 300, busy: 1450, own: 150_000 })).toBeCloseTo(1, 9);
    // all of it this process's own: nothing elsewhere (never negative)
    expect(busyElsewhereBetween({ at: 0, busy: 0, own: 0 }, { at: 200, busy: 100, own: 180_000 })).toBe(0);
  });

  it('says nothing from a window too short for the kernel\'s ticks (the load average decides then)', () => {
    expect(busyElsewhereBetween({ at: 0, busy: 0, own: 0 }, { at: MIN_WINDOW_MS - 1, busy: 50, own: 0 })).toBeUndefined();
    const b = busyElsewhere();
    if (b !== undefined) expect(b).toBeGreaterThanOrEqual(0);
  });
});
