/**
 * The environment a checked run executes in: a fake wall clock and a seeded `Math.random`, swapped in
 * for the run and restored after it (runs are synchronous, so nothing else sees them).
 *
 * Why: a policy must take time from `ctx.now` and randomness from `ctx.rng`. One that stamps a summary
 * with `new Date()` or draws from `Math.random` passes a replay made a moment later in the same process
 * (same second, or same luck). Every run of the kit sees a fixed clock and a random stream seeded by
 * the case, so a run is reproducible, and the `deterministic` replay moves the clock by a year and
 * reseeds the stream, so such a policy is caught on the first case it acts on.
 */
import seedrandom from 'seedrandom';

export interface RunEnvironment {
  /** what `Date.now()` and `new Date()` return during the run (ms since the epoch) */
  clockMs: number;
  /** seeds `Math.random` for the run */
  randomSeed: string;
}

/** The clock every run starts from: 2025-01-01T00:00:00Z. */
export const BASE_CLOCK_MS = Date.UTC(2025, 0, 1);
/** How far the determinism replay moves the clock: a year, a day, an hour and 1.5 s. */
export const CLOCK_SHIFT_MS = (366 * 24 + 25) * 3_600_000 + 1_500;

export const baseEnvironment = (seed: number): RunEnvironment => ({ clockMs: BASE_CLOCK_MS, randomSeed: `${seed}:math-random` });
export const shiftedEnvironment = (seed: number): RunEnvironment => ({ clockMs: BASE_CLOCK_MS + CLOCK_SHIFT_MS, randomSeed: `${seed}:math-random:replay` });

/** Runs `fn` with the fake clock and seeded Math.random of `env`, restoring the real ones afterwards. */
export function withEnvironment<T>(env: RunEnvironment, fn: () => T): T {
  const RealDate = globalThis.Date;
  const realRandom = Math.random;
  const realPerfNow = performance.now;
  const now = (): number => env.clockMs;
  class FakeDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now());
      else super(...(args as [string | number]));
    }

    static override now(): number {
      return now();
    }
  }
  const rng = seedrandom.alea(env.randomSeed);
  globalThis.Date = FakeDate as DateConstructor;
  Math.random = () => rng();
  performance.now = () => env.clockMs - BASE_CLOCK_MS;
  try {
    return fn();
  } finally {
    globalThis.Date = RealDate;
    Math.random = realRandom;
    performance.now = realPerfNow;
  }
}
